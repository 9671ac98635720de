import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField, enumField, firstIssueMessage, issuesByField, optionalText, passwordField, requiredText } from "./validation";

/** The first message of a failed parse (fails the test when the parse succeeds). */
function messageOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return firstIssueMessage(result.error);
}

describe("requiredText", () => {
  const name = requiredText("Ad", { max: 10 });

  it("trims the value", () => {
    expect(name.parse("  Ayşe  ")).toBe("Ayşe");
  });
  it("says the field is required when missing, null or blank", () => {
    expect(messageOf(name, undefined)).toBe("Ad zorunludur.");
    expect(messageOf(name, null)).toBe("Ad zorunludur.");
    expect(messageOf(name, "")).toBe("Ad zorunludur.");
    expect(messageOf(name, "   ")).toBe("Ad zorunludur.");
  });
  it("says the field must be text for other types", () => {
    expect(messageOf(name, 42)).toBe("Ad metin olmalıdır.");
    expect(messageOf(name, {})).toBe("Ad metin olmalıdır.");
  });
  it("enforces the maximum after trimming", () => {
    expect(name.parse("  0123456789  ")).toBe("0123456789");
    expect(messageOf(name, "01234567890")).toBe("Ad en fazla 10 karakter olabilir.");
  });
  it("states a minimum above one", () => {
    const code = requiredText("Kod", { min: 3 });
    expect(messageOf(code, "ab")).toBe("Kod en az 3 karakter olmalıdır.");
    expect(code.parse("abc")).toBe("abc");
  });
  it("defaults to 255 characters", () => {
    const text = requiredText("Not");
    expect(text.parse("x".repeat(255))).toHaveLength(255);
    expect(messageOf(text, "x".repeat(256))).toBe("Not en fazla 255 karakter olabilir.");
  });
});

describe("optionalText", () => {
  const address = optionalText("Adres", { max: 5 });

  it("turns empty, blank and null into undefined", () => {
    expect(address.parse("")).toBeUndefined();
    expect(address.parse("   ")).toBeUndefined();
    expect(address.parse(null)).toBeUndefined();
    expect(address.parse(undefined)).toBeUndefined();
  });
  it("trims text", () => {
    expect(address.parse("  abc ")).toBe("abc");
  });
  it("rejects non-text and long text in Turkish", () => {
    expect(messageOf(address, 12)).toBe("Adres metin olmalıdır.");
    expect(messageOf(address, "abcdef")).toBe("Adres en fazla 5 karakter olabilir.");
  });
});

describe("emailField", () => {
  const email = emailField();

  it("trims and lower-cases", () => {
    expect(email.parse("  Ayse.Yilmaz@Ornek.COM ")).toBe("ayse.yilmaz@ornek.com");
  });
  it("requires a value", () => {
    expect(messageOf(email, undefined)).toBe("E-posta zorunludur.");
    expect(messageOf(email, "  ")).toBe("E-posta zorunludur.");
    expect(messageOf(email, 5)).toBe("E-posta metin olmalıdır.");
  });
  it("explains what a valid address looks like", () => {
    expect(messageOf(email, "ayse")).toBe("Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com).");
    expect(messageOf(email, "ayse@")).toBe("Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com).");
  });
  it("caps the length at 191", () => {
    expect(messageOf(email, `${"a".repeat(185)}@b.com.tr`)).toBe("E-posta en fazla 191 karakter olabilir.");
  });
  it("uses the given label", () => {
    expect(messageOf(emailField("Sahip e-postası"), undefined)).toBe("Sahip e-postası zorunludur.");
  });
});

describe("passwordField", () => {
  const password = passwordField();

  it("keeps spaces", () => {
    expect(password.parse("  gizli sifre  ")).toBe("  gizli sifre  ");
  });
  it("requires a value, then the minimum length", () => {
    expect(messageOf(password, undefined)).toBe("Şifre zorunludur.");
    expect(messageOf(password, "")).toBe("Şifre zorunludur.");
    expect(messageOf(password, "12345")).toBe("Şifre en az 6 karakter olmalıdır.");
    expect(password.parse("123456")).toBe("123456");
  });
  it("caps the length", () => {
    expect(messageOf(password, "x".repeat(129))).toBe("Şifre en fazla 128 karakter olabilir.");
    expect(messageOf(password, 123456)).toBe("Şifre metin olmalıdır.");
  });
});

describe("enumField", () => {
  const color = enumField("Renk", ["blue", "red"] as const);

  it("accepts the listed values", () => {
    expect(color.parse("red")).toBe("red");
  });
  it("lists the allowed values when the value is wrong", () => {
    expect(messageOf(color, "green")).toBe("Renk şunlardan biri olmalıdır: blue, red.");
    expect(messageOf(color, 3)).toBe("Renk şunlardan biri olmalıdır: blue, red.");
  });
  it("says it is required when missing", () => {
    expect(messageOf(color, undefined)).toBe("Renk zorunludur.");
  });
  it("uses the default when missing", () => {
    expect(enumField("Renk", ["blue", "red"] as const, { defaultValue: "red" }).parse(undefined)).toBe("red");
  });
});

describe("issue helpers", () => {
  const schema = z.object({ a: requiredText("A"), b: z.object({ c: requiredText("C") }) });

  it("groups messages by field path", () => {
    const result = schema.safeParse({ b: {} });
    expect(result.success).toBe(false);
    expect(issuesByField(result.error!)).toEqual({ a: ["A zorunludur."], "b.c": ["C zorunludur."] });
    expect(firstIssueMessage(result.error!)).toBe("A zorunludur.");
  });

  it("has a Turkish fallback when there is no issue", () => {
    expect(firstIssueMessage(new z.ZodError([]))).toBe("Geçersiz veri.");
  });
});
