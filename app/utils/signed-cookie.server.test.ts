import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie, readSignedValue } from "./signed-cookie.server";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const OLD_SECRET = "an-older-secret-still-accepted-0123456789abcdef";

/** RR's own cookie, the reference: every header must read the same through both. */
const reference = createCookie("__sofra_session", { secrets: [SECRET, OLD_SECRET] });
const fast = createSignedCookie("__sofra_session", { secrets: [SECRET, OLD_SECRET] });
const headerOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("a signed cookie read on node:crypto reads what React Router's reads", () => {
  const values: unknown[] = ["tok_abc-DEF_123", "", "ğüşıöç İstanbul ₺", [1, 2, 3], { a: "b" }, 42, "x".repeat(300)];

  it.each(values.map((v) => [JSON.stringify(v), v]))("a value RR signed: %s", async (_label, value) => {
    const header = headerOf(await reference.serialize(value));
    expect(await fast.parse(header)).toEqual(await reference.parse(header));
    expect(await fast.parse(`other=1; ${header}; last=2`)).toEqual(await reference.parse(`other=1; ${header}; last=2`));
  });

  it("a value signed with the older secret still reads; one signed with an unknown secret does not", async () => {
    const old = headerOf(await createCookie("__sofra_session", { secrets: [OLD_SECRET] }).serialize("tok"));
    expect(await fast.parse(old)).toBe("tok");
    const foreign = headerOf(
      await createCookie("__sofra_session", { secrets: ["someone-else's-secret-0123456789abcdef"] }).serialize("tok"),
    );
    expect(await reference.parse(foreign)).toBeNull();
    expect(await fast.parse(foreign)).toBeNull();
  });

  it("tampered, truncated, unsigned or absent cookies are null, as RR's", async () => {
    const header = headerOf(await reference.serialize("tok"));
    const [name, raw] = header.split("=") as [string, string];
    const decoded = decodeURIComponent(raw);
    const dot = decoded.lastIndexOf(".");
    const other = headerOf(await reference.serialize("tol")).split("=")[1]!;
    const cases = [
      null,
      "",
      "other=1",
      `${name}=${encodeURIComponent(decoded.slice(0, dot))}`,
      `${name}=${encodeURIComponent(decoded.slice(0, dot + 1))}`,
      `${name}=${encodeURIComponent(decoded.slice(0, -1))}`,
      `${name}=${encodeURIComponent(`${decoded}A`)}`,
      `${name}=${encodeURIComponent(decoded.slice(0, dot) + "." + decodeURIComponent(other).split(".")[1])}`,
      `${name}=${encodeURIComponent("eyJ4Ijoxfg." + decoded.slice(dot + 1))}`,
      `${name}=%E0%A4%A`,
      `${name}=...`,
    ];
    for (const c of cases) {
      expect(await fast.parse(c), String(c)).toEqual(await reference.parse(c));
      expect(await fast.parse(c), String(c)).toBeNull();
    }
  });

  it("with the name twice, the first one counts (both ways)", async () => {
    const a = headerOf(await reference.serialize("first"));
    const b = headerOf(await reference.serialize("second"));
    expect(await reference.parse(`${a}; ${b}`)).toBe("first");
    expect(await fast.parse(`${a}; ${b}`)).toBe("first");
  });

  it("serializes as RR does", async () => {
    const header = headerOf(await fast.serialize("tok"));
    expect(readSignedValue(header, "__sofra_session", [SECRET])).toBe("tok");
    expect(await reference.parse(header)).toBe("tok");
  });
});
