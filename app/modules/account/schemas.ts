// The forgot/reset password forms and their JSON endpoints share these schemas.
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { emailField, passwordField } from "~/utils/validation";
import { RESET_LINK_INVALID } from "./messages";

/** /forgot-password and POST /api/auth/forgot-password. */
export const ForgotPasswordSchema = z.object({ email: emailField() });

const tokenField = z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(128, RESET_LINK_INVALID);

/** POST /api/auth/reset-password. */
export const ResetPasswordSchema = z.object({
  token: tokenField,
  password: passwordField("Yeni şifre", { min: MIN_PASSWORD_LENGTH }),
});

/** /reset-password asks for the new password twice. */
export const ResetPasswordFormSchema = ResetPasswordSchema.extend({
  confirm_password: z.string({ error: "Yeni şifreyi tekrar girin." }).min(1, "Yeni şifreyi tekrar girin."),
}).refine((v) => v.password === v.confirm_password, { message: "Şifreler eşleşmiyor.", path: ["confirm_password"] });
