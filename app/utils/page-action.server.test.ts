import { redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DomainError } from "./domain-error";
import { badIntent, pageAction } from "./page-action.server";
import { formErrorsOf, submittedValue } from "./page-reply";

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string({ error: "Ad zorunludur." }).min(1), password: z.string().optional() }),
  z.object({ intent: z.literal("remove"), id: z.coerce.number() }),
]);

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/** `data()` answers are DataWithResponseInit objects: their payload and init. */
function reply(answer: unknown) {
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { data, status: init?.status, headers: new Headers(init?.headers) };
}

describe("pageAction", () => {
  it("runs the domain call with the parsed value of the intent posted", async () => {
    const run = vi.fn(async (value: z.output<typeof Schema>) => value);
    expect(await pageAction(form({ intent: "remove", id: "7" }), Schema, run)).toEqual({ intent: "remove", id: 7 });
  });

  it("answers 400 with the schema's Turkish messages and never calls the domain", async () => {
    const run = vi.fn();
    const out = reply(await pageAction(form({ intent: "rename", password: "gizli" }), Schema, run, { hideFields: ["password"] }));
    expect(out.status).toBe(400);
    expect(formErrorsOf(out.data)).toEqual(["Ad zorunludur."]);
    expect(submittedValue(out.data, "password")).toBeUndefined();
    expect(run).not.toHaveBeenCalled();
  });

  it("turns a domain refusal into the form's error with its status", async () => {
    const onRefusal = vi.fn();
    const out = reply(
      await pageAction(
        form({ intent: "rename", name: "Masa", password: "gizli" }),
        Schema,
        async () => {
          throw new DomainError(409, "Masa 7'de ödenmemiş hesap var.");
        },
        { hideFields: ["password"], onRefusal },
      ),
    );
    expect(out.status).toBe(409);
    expect(formErrorsOf(out.data)).toEqual(["Masa 7'de ödenmemiş hesap var."]);
    expect(submittedValue(out.data, "name")).toBe("Masa");
    expect(submittedValue(out.data, "password")).toBeUndefined();
    expect(onRefusal).toHaveBeenCalledOnce();
  });

  it("a refusal that names a field shows on that field", async () => {
    class FieldError extends DomainError {
      constructor(readonly field: string) {
        super(409, "Bu e-posta adresi zaten kayıtlı.");
      }
    }
    const out = reply(
      await pageAction(form({ intent: "rename", name: "a@b.c" }), Schema, async () => {
        throw new FieldError("name");
      }),
    );
    expect(out.status).toBe(409);
    expect((out.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      name: ["Bu e-posta adresi zaten kayıtlı."],
    });
  });

  it("answers throttling with 429 and Retry-After", async () => {
    const out = reply(
      await pageAction(form({ intent: "remove", id: "1" }), Schema, async () => {
        // What ThrottledError (a DomainError) carries.
        throw new DomainError(429, "Çok fazla deneme yapıldı. Lütfen 2 dakika sonra tekrar deneyin.", undefined, { "Retry-After": "120" });
      }),
    );
    expect(out.status).toBe(429);
    expect(out.headers.get("Retry-After")).toBe("120");
    expect(formErrorsOf(out.data)?.[0]).toMatch(/2 dakika sonra/);
  });

  it("an unknown intent is a 400 with a Turkish message", async () => {
    const out = reply(await pageAction(form({ intent: "drop-tables" }), Schema, async () => badIntent()));
    expect(out.status).toBe(400);
    expect(formErrorsOf(out.data)?.length).toBeGreaterThan(0);
  });

  it("lets redirects and bugs through", async () => {
    await expect(
      pageAction(form({ intent: "remove", id: "1" }), Schema, async () => {
        throw redirect("/x");
      }),
    ).rejects.toBeInstanceOf(Response);
    await expect(
      pageAction(form({ intent: "remove", id: "1" }), Schema, async () => {
        throw new TypeError("bug");
      }),
    ).rejects.toThrow("bug");
  });
});
