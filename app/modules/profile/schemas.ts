// The profile screen's forms: one's own details and one's own login password.
import { z } from "zod";
import { FIRST_NAME_MAX, LAST_NAME_MAX } from "~/modules/auth/schemas";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { PHONE_MAX, REQUIRED_FIELDS } from "~/modules/staff/rules";
import { strictNumberInput } from "~/utils/numbers";
import { optionalText } from "~/utils/validation";

const required = (label: string, max: number) =>
  z
    .string({ error: (i) => (i.input == null ? REQUIRED_FIELDS : `${label} metin olmalıdır.`) })
    .trim()
    .min(1, REQUIRED_FIELDS)
    .max(max, `${label} en fazla ${max} karakter olabilir.`);

const secret = (missing: string) =>
  z
    .string({ error: (i) => (i.input == null ? missing : "Şifre metin olmalıdır.") })
    .min(1, { error: missing, abort: true })
    .max(128, "Şifre en fazla 128 karakter olabilir.");

export const ProfileDetailsSchema = z.object({
  intent: z.literal("details"),
  first_name: required("Ad", FIRST_NAME_MAX),
  last_name: required("Soyad", LAST_NAME_MAX),
  phone: optionalText("Telefon", { max: PHONE_MAX }).pipe(
    z
      .string()
      .regex(/^[+0-9 ()-]{7,32}$/, "Lütfen geçerli bir telefon numarası girin.")
      .optional(),
  ),
  /** The account's version as the form read it: an edit based on an older one is refused (409). */
  version: z.preprocess(strictNumberInput, z.number({ error: "Sürüm numarası geçersiz." }).int().positive("Sürüm numarası geçersiz.")),
});
export type ProfileDetailsInput = z.infer<typeof ProfileDetailsSchema>;

export const OwnPasswordSchema = z
  .object({
    intent: z.literal("password"),
    current_password: secret("Mevcut şifrenizi girmelisiniz"),
    new_password: secret("Yeni şifre zorunludur.").min(MIN_PASSWORD_LENGTH, `Yeni şifre en az ${MIN_PASSWORD_LENGTH} karakter olmalı`),
    confirm_password: secret("Yeni şifreyi tekrar girin."),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: "Yeni şifreler eşleşmiyor", path: ["confirm_password"] });

export const SignOutOthersSchema = z.object({ intent: z.literal("sign-out-others") });

/** A post naming no form of the screen: parsed as nothing, then refused as a bad intent. */
export const UnknownFormSchema = z.object({});
