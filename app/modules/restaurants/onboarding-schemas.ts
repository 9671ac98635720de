// The signup form's fields (/signup, the register tab of /app, POST /api/public/signup and
// /api/auth/register).
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { FIRST_NAME_MAX, LAST_NAME_MAX } from "~/modules/auth/schemas";
import { BILLING_CYCLES } from "~/modules/billing/catalog";
import { emailField, enumField, optionalText, passwordField, requiredText } from "~/utils/validation";

export const RESTAURANT_TYPES = ["restaurant", "cafe", "bar", "fast_food"] as const;
export const RESTAURANT_TYPE_LABELS: Record<(typeof RESTAURANT_TYPES)[number], string> = {
  restaurant: "Restoran",
  cafe: "Kafe",
  bar: "Bar",
  fast_food: "Fast Food",
};

export const RESTAURANT_TYPE_OPTIONS = RESTAURANT_TYPES.map((t) => ({ value: t, label: RESTAURANT_TYPE_LABELS[t] }));

/** POST /api/public/signup, POST /api/auth/register and the /signup form. */
export const SignupSchema = z.object({
  first_name: requiredText("Ad", { max: FIRST_NAME_MAX }),
  last_name: requiredText("Soyad", { max: LAST_NAME_MAX }),
  email: emailField(),
  password: passwordField("Şifre", { min: MIN_PASSWORD_LENGTH }),
  restaurant_name: requiredText("İşletme adı", { max: 120 }),
  restaurant_type: enumField("İşletme türü", RESTAURANT_TYPES, { defaultValue: "restaurant" }),
  phone: optionalText("Telefon", { max: 32 }).pipe(
    z
      .string()
      .regex(/^[+0-9 ()-]{7,32}$/, "Lütfen geçerli bir telefon numarası girin.")
      .optional(),
  ),
  /** The plan picked on /pricing (/signup?plan=ID); checked against the plans table. */
  plan: optionalText("Plan", { max: 32 }),
  /** Monthly or yearly, as chosen on /pricing (/signup?billing=yearly); the trial's upgrade uses it. */
  billing: enumField("Ödeme dönemi", BILLING_CYCLES, { defaultValue: "monthly" }),
});
export type SignupInput = z.infer<typeof SignupSchema>;

/** The register tab of /app asks for the password twice. */
export const RegisterFormSchema = SignupSchema.extend({
  confirm_password: z.string({ error: "Şifre tekrarı zorunludur." }).min(1, "Şifre tekrarı zorunludur."),
}).refine((v) => v.password === v.confirm_password, {
  message: "Şifreler eşleşmiyor.",
  path: ["confirm_password"],
});
