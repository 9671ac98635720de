import { z } from "zod";
import { BAD_INTENT } from "~/utils/page-reply";
import { MIN_MANAGER_PASSWORD_LENGTH } from "./password-rules";
import { emailField } from "~/utils/validation";

export { MIN_MANAGER_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

export const LoginSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: (i) => (i.input == null ? "Şifre zorunludur." : "Şifre metin olmalıdır.") })
    .min(1, "Şifre zorunludur.")
    .max(128, "Şifre en fazla 128 karakter olabilir."),
});

/**
 * The owner's full name, "first last", is copied into orders.waiterName, payments.takenByName and
 * tables.waiterName (120 characters) and premium_applications.ownerName (160), so the two parts are
 * sized for the narrowest copy: 60 + 1 + 59 = 120 (tests/integration/column-sizes.test.ts checks it).
 */
export const FULL_NAME_MAX = 120;
export const FIRST_NAME_MAX = 60;
export const LAST_NAME_MAX = FULL_NAME_MAX - FIRST_NAME_MAX - 1;

export const ManagerPasswordSchema = z.object({
  password: z
    .string({ error: (i) => (i.input == null ? "Yönetici şifresi zorunludur." : "Şifre metin olmalıdır.") })
    .min(1, "Yönetici şifresi zorunludur.")
    .max(128, "Şifre en fazla 128 karakter olabilir."),
});

/** Role selection's two forms: on as staff, or into manager mode with the manager password. */
export const RoleSelectionFormSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("staff") }), ManagerPasswordSchema.extend({ intent: z.literal("manager") })],
  { error: BAD_INTENT },
);

export const WRONG_MANAGER_PASSWORD = "Şifre yanlış! Yönetici paneline erişim izniniz yok.";

const requiredSecret = (missing: string, { min = 1, minMessage = missing }: { min?: number; minMessage?: string } = {}) => {
  const text = z.string({ error: (i) => (i.input == null ? missing : "Şifre metin olmalıdır.") }).min(1, { error: missing, abort: true });
  // A second .min(1) would repeat the "missing" message for an empty field.
  return (min > 1 ? text.min(min, minMessage) : text).max(128, "Şifre en fazla 128 karakter olabilir.");
};

/** PUT /api/auth/change-admin-password. */
export const ChangeManagerPasswordSchema = z.object({
  current_password: requiredSecret("Mevcut şifrenizi girmelisiniz"),
  new_password: requiredSecret("Yeni şifre zorunludur.", {
    min: MIN_MANAGER_PASSWORD_LENGTH,
    minMessage: `Yeni şifre en az ${MIN_MANAGER_PASSWORD_LENGTH} karakter olmalı`,
  }),
});

/** The settings form also asks for the new password twice. */
export const ChangeManagerPasswordFormSchema = ChangeManagerPasswordSchema.extend({
  confirm_password: requiredSecret("Yeni şifreyi tekrar girin."),
}).refine((v) => v.new_password === v.confirm_password, {
  message: "Yeni şifreler eşleşmiyor",
  path: ["confirm_password"],
});
