import { describe, expect, it } from "vitest";
import { issuesByField } from "~/utils/validation";
import { RegisterFormSchema, SignupSchema } from "./onboarding-schemas";

const signup = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Ayşe",
  last_name: "Yılmaz",
  email: "ayse@ornek.com",
  password: "gizli-sifre",
  restaurant_name: "Şahin Köftecisi",
  ...overrides,
});

function fieldErrors(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be rejected");
  return issuesByField(result.error as Parameters<typeof issuesByField>[0]);
}

describe("SignupSchema", () => {
  it("trims names, lower-cases the email and defaults the restaurant type", () => {
    const parsed = SignupSchema.parse(signup({ first_name: "  Ayşe ", restaurant_name: " Şahin Köftecisi  ", email: "  AYSE@Ornek.com " }));
    expect(parsed).toEqual({
      first_name: "Ayşe",
      last_name: "Yılmaz",
      email: "ayse@ornek.com",
      password: "gizli-sifre",
      restaurant_name: "Şahin Köftecisi",
      restaurant_type: "restaurant",
      phone: undefined,
      plan: undefined,
      billing: "monthly",
    });
  });

  it("takes the billing period chosen on /pricing, monthly or yearly only", () => {
    expect(SignupSchema.parse(signup({ billing: "yearly" })).billing).toBe("yearly");
    expect(SignupSchema.safeParse(signup({ billing: "weekly" })).success).toBe(false);
  });

  it("turns an empty phone into undefined and keeps a valid one", () => {
    expect(SignupSchema.parse(signup({ phone: "" })).phone).toBeUndefined();
    expect(SignupSchema.parse(signup({ phone: "   " })).phone).toBeUndefined();
    expect(SignupSchema.parse(signup({ phone: " +90 (532) 123-45-67 " })).phone).toBe("+90 (532) 123-45-67");
  });

  it("rejects a bad phone number in Turkish", () => {
    expect(fieldErrors(SignupSchema, signup({ phone: "telefonum" }))).toEqual({
      phone: ["Lütfen geçerli bir telefon numarası girin."],
    });
    expect(fieldErrors(SignupSchema, signup({ phone: "12345" })).phone).toEqual(["Lütfen geçerli bir telefon numarası girin."]);
  });

  it("accepts the listed restaurant types only", () => {
    expect(SignupSchema.parse(signup({ restaurant_type: "cafe" })).restaurant_type).toBe("cafe");
    expect(fieldErrors(SignupSchema, signup({ restaurant_type: "hotel" })).restaurant_type).toEqual([
      "İşletme türü şunlardan biri olmalıdır: restaurant, cafe, bar, fast_food.",
    ]);
  });

  it("names every missing field in Turkish", () => {
    expect(fieldErrors(SignupSchema, {})).toEqual({
      first_name: ["Ad zorunludur."],
      last_name: ["Soyad zorunludur."],
      email: ["E-posta zorunludur."],
      password: ["Şifre zorunludur."],
      restaurant_name: ["İşletme adı zorunludur."],
    });
  });

  it("rejects a short password and a bad email", () => {
    const errors = fieldErrors(SignupSchema, signup({ password: "12345", email: "ayse" }));
    expect(errors.password).toEqual(["Şifre en az 6 karakter olmalıdır."]);
    expect(errors.email).toEqual(["Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com)."]);
  });

  it("keeps the plan picked on the pricing page", () => {
    expect(SignupSchema.parse(signup({ plan: " pro " })).plan).toBe("pro");
    expect(SignupSchema.parse(signup({ plan: "" })).plan).toBeUndefined();
  });

  it("caps the restaurant name at 120 characters", () => {
    expect(fieldErrors(SignupSchema, signup({ restaurant_name: "x".repeat(121) })).restaurant_name).toEqual([
      "İşletme adı en fazla 120 karakter olabilir.",
    ]);
  });
});

describe("RegisterFormSchema", () => {
  it("accepts matching passwords", () => {
    const parsed = RegisterFormSchema.parse(signup({ confirm_password: "gizli-sifre" }));
    expect(parsed.confirm_password).toBe("gizli-sifre");
  });

  it("reports a mismatch on confirm_password", () => {
    expect(fieldErrors(RegisterFormSchema, signup({ confirm_password: "baska-sifre" }))).toEqual({
      confirm_password: ["Şifreler eşleşmiyor."],
    });
  });

  it("requires the repeated password", () => {
    expect(fieldErrors(RegisterFormSchema, signup()).confirm_password).toContain("Şifre tekrarı zorunludur.");
  });
});
