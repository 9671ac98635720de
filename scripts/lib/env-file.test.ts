import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureVapidKeys, envValue } from "./env-file.ts";

function envFile(text: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "sofra-env-")), ".env");
  writeFileSync(file, text);
  return file;
}

describe("ensureVapidKeys (npm run setup)", () => {
  it("fills empty VAPID lines with a new key pair and the admin's address", () => {
    const file = envFile("SESSION_SECRET=x\nVAPID_PUBLIC_KEY=\nVAPID_PRIVATE_KEY=\nVAPID_SUBJECT=\nPLATFORM_ADMIN_EMAIL=boss@ornek.com\n");
    ensureVapidKeys(file);
    const text = readFileSync(file, "utf8");
    expect(envValue(text, "VAPID_PUBLIC_KEY")).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(envValue(text, "VAPID_PRIVATE_KEY")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(envValue(text, "VAPID_SUBJECT")).toBe("mailto:boss@ornek.com");
    expect(text.match(/VAPID_PUBLIC_KEY=/g)).toHaveLength(1);
  });

  it("appends them to a .env written before push existed", () => {
    const file = envFile("SESSION_SECRET=x");
    ensureVapidKeys(file);
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("SESSION_SECRET=x\nVAPID_PUBLIC_KEY=")).toBe(true);
    expect(envValue(text, "VAPID_SUBJECT")).toBe("mailto:admin@sofra.local");
  });

  it("never replaces keys that are there (subscriptions are bound to them)", () => {
    const original = `VAPID_PUBLIC_KEY=${"A".repeat(87)}\nVAPID_PRIVATE_KEY=${"B".repeat(43)}\nVAPID_SUBJECT=mailto:a@b.c\n`;
    const file = envFile(original);
    ensureVapidKeys(file);
    expect(readFileSync(file, "utf8")).toBe(original);
  });

  it("leaves half a pair for the start-up check to report", () => {
    const file = envFile(`VAPID_PUBLIC_KEY=${"A".repeat(87)}\nVAPID_SUBJECT=mailto:a@b.c\n`);
    const lines: string[] = [];
    ensureVapidKeys(file, (l) => lines.push(l));
    expect(envValue(readFileSync(file, "utf8"), "VAPID_PRIVATE_KEY")).toBeUndefined();
    expect(lines.join("\n")).toContain("only one of");
  });

  it("two runs write the keys once", () => {
    const file = envFile("A=1\n");
    ensureVapidKeys(file);
    const first = readFileSync(file, "utf8");
    ensureVapidKeys(file);
    expect(readFileSync(file, "utf8")).toBe(first);
  });
});
