// The staff forms and the /api/staff calls share these schemas (spec section 5: the
// required fields, the password for new accounts, salary a number defaulting to 0,
// role defaulting to waiter).
import { z } from "zod";
import { FIRST_NAME_MAX, LAST_NAME_MAX } from "~/modules/auth/schemas";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { NewPinField } from "~/modules/auth/pin-schemas";
import { STAFF_ROLES } from "~/modules/auth/roles";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { decimalField } from "~/utils/decimal-field";
import { BAD_INTENT } from "~/utils/page-reply";
import { strictNumberInput } from "~/utils/numbers";
import { enumField, optionalText } from "~/utils/validation";
import { MAX_SALARY, PASSWORD_REQUIRED, PHONE_MAX, REQUIRED_FIELDS, SHIFT_HOURS_MAX } from "./rules";

/** First name, last name and e-mail: the spec's one message when any is missing. */
const required = (label: string, max: number) =>
  z
    .string({ error: (i) => (i.input == null ? REQUIRED_FIELDS : `${label} metin olmalıdır.`) })
    .trim()
    .min(1, REQUIRED_FIELDS)
    .max(max, `${label} en fazla ${max} karakter olabilir.`);

const requiredEmail = z
  .string({ error: (i) => (i.input == null ? REQUIRED_FIELDS : "E-posta metin olmalıdır.") })
  .trim()
  .toLowerCase()
  .min(1, REQUIRED_FIELDS)
  .max(191, "E-posta en fazla 191 karakter olabilir.")
  .pipe(z.email("Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com)."));

const passwordRules = z
  .string({ error: (i) => (i.input == null ? PASSWORD_REQUIRED : "Şifre metin olmalıdır.") })
  .min(1, { error: PASSWORD_REQUIRED, abort: true })
  .min(MIN_PASSWORD_LENGTH, `Şifre en az ${MIN_PASSWORD_LENGTH} karakter olmalıdır.`)
  .max(128, "Şifre en fazla 128 karakter olabilir.");

/** Typed the Turkish way ("17.500,50") or sent as a JSON number (decision 061); empty is 0. */
const salary = z.preprocess(
  (v) => (v == null || (typeof v === "string" && v.trim() === "") ? "0" : v),
  decimalField("Maaş", { decimals: 2, max: MAX_SALARY, money: true }),
);

const StaffFields = z.object({
  first_name: required("Ad", FIRST_NAME_MAX),
  last_name: required("Soyad", LAST_NAME_MAX),
  role: enumField("Rol", STAFF_ROLES, { defaultValue: "waiter" }),
  phone: optionalText("Telefon", { max: PHONE_MAX }).pipe(
    z
      .string()
      .regex(/^[+0-9 ()-]{7,32}$/, "Lütfen geçerli bir telefon numarası girin.")
      .optional(),
  ),
  shift_hours: optionalText("Vardiya saatleri", { max: SHIFT_HOURS_MAX }),
  salary,
  /**
   * The PIN for the restaurant's shared tablet (decision 071): 4–6 digits. Absent or empty: no
   * PIN (create) or the old one stays (edit); null clears it (the form's "PIN'i kaldır").
   */
  pin: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), NewPinField.nullable().optional()),
});

const clientKey = z
  .string({ error: "İstemci anahtarı metin olmalıdır." })
  .regex(CLIENT_KEY, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır.")
  .optional();

/** POST /api/staff and the add form. client_id: a repeat with the same key makes one account. */
export const CreateStaffSchema = StaffFields.extend({
  email: requiredEmail,
  password: passwordRules,
  client_id: clientKey,
});
export type CreateStaffInput = z.infer<typeof CreateStaffSchema>;

const versionField = z.preprocess(
  strictNumberInput,
  z.number({ error: "Sürüm numarası bir sayı olmalıdır." }).int("Sürüm numarası tam sayı olmalıdır.").positive("Sürüm numarası geçersiz."),
);

/**
 * PUT /api/staff/{id} and the edit form. The e-mail cannot change (sending the same one is fine);
 * an empty password keeps the old one; `version` (from the list) makes a stale edit a 409.
 */
export const UpdateStaffSchema = StaffFields.extend({
  email: z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), requiredEmail.optional()),
  password: z.preprocess((v) => (v === "" || v === null ? undefined : v), passwordRules.optional()),
  version: versionField.optional(),
});
export type UpdateStaffInput = z.infer<typeof UpdateStaffSchema>;

const staffId = z.preprocess(
  strictNumberInput,
  z
    .number({ error: "Personel numarası bir sayı olmalıdır." })
    .int("Personel numarası tam sayı olmalıdır.")
    .positive("Personel numarası geçersiz."),
);
export const StaffIdParam = staffId;

/** The staff screen's forms (no JavaScript needed): one schema per intent. */
export const StaffFormSchema = z.discriminatedUnion(
  "intent",
  [
    CreateStaffSchema.extend({ intent: z.literal("create"), client_id: z.string().regex(CLIENT_KEY, BAD_INTENT) }),
    UpdateStaffSchema.extend({
      intent: z.literal("update"),
      id: staffId,
      version: versionField,
      // The edit form's "PIN'i kaldır" checkbox (the API sends pin: null).
      clear_pin: z.literal("on", { error: BAD_INTENT }).optional(),
    }),
    z.object({ intent: z.literal("delete"), id: staffId }),
    z.object({
      intent: z.literal("waiter-payments"),
      // The state wanted, not "toggle": a repeated post changes nothing.
      value: z.enum(["on", "off"], { error: BAD_INTENT }),
    }),
  ],
  { error: BAD_INTENT },
);
