// The settings form's and PUT /api/restaurant/settings' schemas.
import { z } from "zod";
import { decimalField } from "~/utils/decimal-field";
import { BAD_INTENT } from "~/utils/page-reply";
import { emailField, enumField, optionalText, requiredText } from "~/utils/validation";
import { strictNumberInput } from "~/utils/numbers";
import {
  isKnownMealCard,
  MEAL_CARD_NAME_MAX,
  normaliseMealCards,
  OTHER_MEAL_CARDS_MAX,
  tidyMealCardName,
} from "~/modules/payments/meal-cards";
import {
  KITCHEN_AMBER_LABEL,
  DAY_START_HOUR_MAX,
  DAY_START_LABEL,
  KITCHEN_MINUTES_MAX,
  KITCHEN_RED_LABEL,
  NOTIFICATION_KEYS,
  PERCENT_MAX,
  SETTINGS_LIMITS,
  SETTINGS_TYPES,
} from "./settings-rules";

/** The known cards and as many others. */
const KNOWN_AND_OTHERS_MAX = 10;
const PHONE = /^[+0-9 ()-]{7,32}$/;
/** An empty percentage field is 0 (Conform passes some empty fields as "", some as undefined). */
const emptyToZero = (v: unknown) => (v === undefined || v === null || v === "" ? "0" : v);
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const phone = optionalText("Telefon", { max: SETTINGS_LIMITS.phone }).pipe(
  z.string().regex(PHONE, "Lütfen geçerli bir telefon numarası girin.").optional(),
);
const email = z.preprocess(emptyToUndefined, emailField("E-posta").optional());
const percent = (label: string) => decimalField(label, { decimals: 2, max: PERCENT_MAX });
/** Minutes after which a kitchen ticket turns amber or red (a form's text or the API's number). */
const minutes = (label: string) =>
  z.preprocess(
    strictNumberInput,
    z
      .number({ error: `${label} bir sayı olmalıdır.` })
      .int(`${label} tam dakika olmalıdır.`)
      .min(1, `${label} 1 ile ${KITCHEN_MINUTES_MAX} dakika arasında olmalıdır.`)
      .max(KITCHEN_MINUTES_MAX, `${label} 1 ile ${KITCHEN_MINUTES_MAX} dakika arasında olmalıdır.`),
  );

/** The business day's start hour (0–11): a form's text or the API's number. */
const dayStartHour = z.preprocess(
  strictNumberInput,
  z
    .number({ error: `${DAY_START_LABEL} bir saat (0-${DAY_START_HOUR_MAX}) olmalıdır.` })
    .int(`${DAY_START_LABEL} tam saat olmalıdır.`)
    .min(0, `${DAY_START_LABEL} 0 ile ${DAY_START_HOUR_MAX} arasında bir saat olmalıdır.`)
    .max(DAY_START_HOUR_MAX, `${DAY_START_LABEL} 0 ile ${DAY_START_HOUR_MAX} arasında bir saat olmalıdır.`),
);

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

/**
 * The meal cards accepted (decision 083): names, tidied and each once; a known card however it is
 * cased is the known one; at most OTHER_MEAL_CARDS_MAX others, each at most MEAL_CARD_NAME_MAX long.
 */
const mealCardList = z
  .array(z.string({ error: "Yemek kartı adları metin olmalıdır." }), { error: "meal_cards bir ad listesi olmalıdır." })
  .max(KNOWN_AND_OTHERS_MAX, `En fazla ${KNOWN_AND_OTHERS_MAX} yemek kartı kaydedilebilir.`)
  .superRefine((names, ctx) => {
    const long = names.find((n) => tidyMealCardName(n).length > MEAL_CARD_NAME_MAX);
    if (long !== undefined) ctx.addIssue({ code: "custom", message: `Yemek kartı adı en fazla ${MEAL_CARD_NAME_MAX} karakter olabilir.` });
    if (normaliseMealCards(names).filter((n) => !isKnownMealCard(n)).length > OTHER_MEAL_CARDS_MAX)
      ctx.addIssue({ code: "custom", message: `Listede olmayan en fazla ${OTHER_MEAL_CARDS_MAX} yemek kartı eklenebilir.` });
  })
  .transform(normaliseMealCards);

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
  kitchen_amber_minutes: minutes(KITCHEN_AMBER_LABEL).optional(),
  kitchen_red_minutes: minutes(KITCHEN_RED_LABEL).optional(),
  day_start_hour: dayStartHour.optional(),
  receipt_footer: z.union([z.null(), fields.receipt_footer]).optional(),
  meal_cards: mealCardList.optional(),
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
 * text clears it), the service charge with the tax rate (the bill charges it: decisions 085, 086).
 */
export const SettingsFormSchema = z.object({
  intent: z.literal("settings", { error: BAD_INTENT }),
  version: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number({ error: "Sürüm numarası geçersiz." }).int().positive(),
  ),
  ...fields,
  tax_rate: z.preprocess(emptyToZero, fields.tax_rate),
  // A form without it (an older page) keeps what is stored.
  service_charge: z.preprocess(emptyToZero, fields.service_charge).optional(),
  // The kitchen's times (a form without them keeps what is stored) and its printing switch.
  kitchen_amber_minutes: minutes(KITCHEN_AMBER_LABEL).optional(),
  kitchen_red_minutes: minutes(KITCHEN_RED_LABEL).optional(),
  day_start_hour: dayStartHour.optional(),
  auto_print_orders: checkbox,
  // The known cards' boxes and the other-name fields all post meal_cards (empty fields are dropped).
  meal_cards: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter((n) => typeof n === "string" && n.trim() !== ""),
    mealCardList,
  ),
  notifications: z.preprocess(
    (v) => v ?? {},
    z.object(
      Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, checkbox])) as Record<(typeof NOTIFICATION_KEYS)[number], typeof checkbox>,
    ),
  ),
});
export type SettingsFormInput = z.infer<typeof SettingsFormSchema>;
