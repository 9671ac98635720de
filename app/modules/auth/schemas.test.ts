import { describe, expect, it } from "vitest";
import { issuesByField } from "~/utils/validation";
import { ChangeManagerPasswordFormSchema, ChangeManagerPasswordSchema, LoginSchema, ManagerPasswordSchema } from "./schemas";

function fieldErrors(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be rejected");
  return issuesByField(result.error as Parameters<typeof issuesByField>[0]);
}

describe("LoginSchema", () => {
  it("normalizes the email and keeps the password as typed", () => {
    expect(LoginSchema.parse({ email: " Ali@Ornek.com ", password: " x " })).toEqual({
      email: "ali@ornek.com",
      password: " x ",
    });
  });

  it("does not apply the signup minimum to logins", () => {
    expect(LoginSchema.safeParse({ email: "ali@ornek.com", password: "1" }).success).toBe(true);
  });

  it("reports missing fields in Turkish", () => {
    expect(fieldErrors(LoginSchema, {})).toEqual({ email: ["E-posta zorunludur."], password: ["Şifre zorunludur."] });
    expect(fieldErrors(LoginSchema, { email: "ali@ornek.com", password: "" })).toEqual({
      password: ["Şifre zorunludur."],
    });
    expect(fieldErrors(LoginSchema, { email: "ali@ornek.com", password: 5 })).toEqual({
      password: ["Şifre metin olmalıdır."],
    });
  });
});

describe("ManagerPasswordSchema", () => {
  it("requires the manager password", () => {
    expect(fieldErrors(ManagerPasswordSchema, {})).toEqual({ password: ["Yönetici şifresi zorunludur."] });
    expect(fieldErrors(ManagerPasswordSchema, { password: "" })).toEqual({ password: ["Yönetici şifresi zorunludur."] });
  });
});

describe("ChangeManagerPasswordSchema", () => {
  it("accepts a new password of 6 characters", () => {
    expect(ChangeManagerPasswordSchema.parse({ current_password: "eski", new_password: "abcdef" })).toEqual({
      current_password: "eski",
      new_password: "abcdef",
    });
  });

  it("asks for the current password", () => {
    expect(fieldErrors(ChangeManagerPasswordSchema, { new_password: "abcdef" })).toEqual({
      current_password: ["Mevcut şifrenizi girmelisiniz"],
    });
    expect(fieldErrors(ChangeManagerPasswordSchema, { current_password: "", new_password: "abcdef" })).toEqual({
      current_password: ["Mevcut şifrenizi girmelisiniz"],
    });
  });

  it("requires at least 6 characters for the new password", () => {
    for (const short of ["ab", "abc", "abcde"]) {
      expect(fieldErrors(ChangeManagerPasswordSchema, { current_password: "eski", new_password: short })).toEqual({
        new_password: ["Yeni şifre en az 6 karakter olmalı"],
      });
    }
    expect(fieldErrors(ChangeManagerPasswordSchema, { current_password: "eski" })).toEqual({
      new_password: ["Yeni şifre zorunludur."],
    });
  });
});

describe("ChangeManagerPasswordFormSchema", () => {
  it("accepts matching new passwords", () => {
    expect(
      ChangeManagerPasswordFormSchema.safeParse({ current_password: "eski", new_password: "yeni-1", confirm_password: "yeni-1" }).success,
    ).toBe(true);
  });

  it("reports a mismatch on confirm_password", () => {
    expect(
      fieldErrors(ChangeManagerPasswordFormSchema, {
        current_password: "eski",
        new_password: "yeni-1",
        confirm_password: "yeni-2",
      }),
    ).toEqual({ confirm_password: ["Yeni şifreler eşleşmiyor"] });
  });

  it("asks for the repeated password", () => {
    expect(fieldErrors(ChangeManagerPasswordFormSchema, { current_password: "eski", new_password: "yeni-1" }).confirm_password).toContain(
      "Yeni şifreyi tekrar girin.",
    );
  });
});
