// The settings form's and PUT /api/restaurant/settings' schemas.
import { z } from "zod";
import { decimalField } from "~/utils/decimal-field";
import { BAD_INTENT } from "~/utils/page-reply";
import { emailField, enumField, optionalText, requiredText } from "~/utils/validation";
import { NOTIFICATION_KEYS, PERCENT_MAX, SETTINGS_LIMITS, SETTINGS_TYPES } from "./settings-rules";

const PHONE = /^[+0-9 ()-]{7,32}$/;
/** An empty percentage field is 0 (Conform passes some empty fields as "", some as undefined). */
const emptyToZero = (v: unknown) => (v === undefined || v === null || v === "" ? "0" : v);
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const phone = optionalText("Telefon", { max: SETTINGS_LIMITS.phone }).pipe(
  z.string().regex(PHONE, "Lütfen geçerli bir telefon numarası girin.").optional(),
);
const email = z.preprocess(emptyToUndefined, emailField("E-posta").optional());
const percent = (label: string) => decimalField(label, { decimals: 2, max: PERCENT_MAX });

const fields = {
  restaurant_name: requiredText("İşletme adı", { max: SETTINGS_LIMITS.name }),
  restaurant_type: enumField("İşletme türü", SETTINGS_TYPES),
  address: optionalText("Adres", { max: SETTINGS_LIMITS.address }),
  phone,
  email,
  tax_rate: percent("Vergi oranı"),
  service_charge: percent("Servis ücreti"),
  receipt_footer: optionalText("Fiş alt yazısı", { max: SETTINGS_LIMITS.receiptFooter }),
};

const strictBoolean = (label: string) => z.boolean({ error: `${label} true ya da false olmalıdır.` });
/** A checkbox posts "on" when ticked and nothing when not. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** PUT /api/restaurant/settings: the fields sent are changed (null clears an optional text); `version` refuses a stale save (409). */
export const UpdateSettingsSchema = z.object({
  restaurant_name: fields.restaurant_name.optional(),
  restaurant_type: fields.restaurant_type.optional(),
  address: z.union([z.null(), fields.address]).optional(),
  phone: z.union([z.null(), fields.phone]).optional(),
  email: z.union([z.null(), fields.email]).optional(),
  tax_rate: fields.tax_rate.optional(),
  service_charge: fields.service_charge.optional(),
  auto_print_orders: strictBoolean("Otomatik yazdırma").optional(),
  receipt_footer: z.union([z.null(), fields.receipt_footer]).optional(),
  notifications: z
    .object(
      Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, strictBoolean(k).optional()])) as Record<
        (typeof NOTIFICATION_KEYS)[number],
        z.ZodOptional<z.ZodBoolean>
      >,
      { error: "notifications bir nesne olmalıdır." },
    )
    .optional(),
  version: z
    .number({ error: "Sürüm numarası bir sayı olmalıdır." })
    .int("Sürüm numarası tam sayı olmalıdır.")
    .positive("Sürüm numarası geçersiz.")
    .optional(),
});
export type UpdateSettingsInput = z.infer<typeof UpdateSettingsSchema>;

/**
 * The General tab's form: every field it shows is posted (an unticked box means false, an empty
 * text clears it). Service charge and automatic printing are not on it (nothing reads them yet,
 * decision 065): the form leaves them as the API last set them.
 */
const { service_charge: _serviceCharge, ...formFields } = fields;
export const SettingsFormSchema = z.object({
  intent: z.literal("settings", { error: BAD_INTENT }),
  version: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number({ error: "Sürüm numarası geçersiz." }).int().positive(),
  ),
  ...formFields,
  tax_rate: z.preprocess(emptyToZero, fields.tax_rate),
  notifications: z.preprocess(
    (v) => v ?? {},
    z.object(
      Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, checkbox])) as Record<(typeof NOTIFICATION_KEYS)[number], typeof checkbox>,
    ),
  ),
});
export type SettingsFormInput = z.infer<typeof SettingsFormSchema>;
