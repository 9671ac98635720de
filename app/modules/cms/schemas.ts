// The CMS's schemas, shared by the /admin/cms forms and the /api/cms endpoints.
import { z } from "zod";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { BAD_INTENT } from "~/utils/page-reply";
import { enumField, optionalText, requiredText, strictNumberInput } from "~/utils/validation";
import {
  CONTENT_TYPES,
  IMAGE_TYPES,
  LANGUAGES,
  MAX_ALT_TEXT,
  MAX_CONTENT,
  MAX_ORDER_INDEX,
  MAX_SETTINGS_ADDRESS,
  MAX_SETTINGS_EMAIL,
  MAX_SETTINGS_PHONE,
  MAX_SETTINGS_URL,
  MAX_TITLE,
} from "./rules";

const key = (label: string) =>
  z.string({ error: `${label} metin olmalıdır.` }).regex(CLIENT_KEY, `${label} 8-64 harf, rakam, - veya _ olmalıdır.`);

const idOf = (message: string) =>
  z.preprocess(strictNumberInput, z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));
export const ContentIdSchema = idOf("İçerik numarası geçersiz.");
export const ImageIdSchema = idOf("Resim numarası geçersiz.");

const version = z.preprocess(
  strictNumberInput,
  z.number({ error: "Sürüm numarası bir sayı olmalıdır." }).int("Sürüm numarası tam sayı olmalıdır.").positive("Sürüm numarası geçersiz."),
);

const title = requiredText("Başlık", { max: MAX_TITLE });
/** Not trimmed inside: line breaks of a longer text are kept; blank is "missing". */
const content = requiredText("İçerik", { max: MAX_CONTENT });
const type = enumField("İçerik türü", CONTENT_TYPES);
const language = enumField("Dil", LANGUAGES, { defaultValue: "tr" });
const orderIndex = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? 0 : strictNumberInput(v)),
  z
    .number({ error: "Sıra numarası bir sayı olmalıdır." })
    .int("Sıra numarası tam sayı olmalıdır.")
    .min(0, "Sıra numarası 0 veya daha büyük olmalıdır.")
    .max(MAX_ORDER_INDEX, `Sıra numarası en fazla ${MAX_ORDER_INDEX} olabilir.`),
);
/** A form checkbox: "on" when ticked, absent when not. */
const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean());
const jsonBoolean = z.boolean({ error: "is_active true ya da false olmalıdır." });

/** POST /api/cms/content. `client_id` (or the Idempotency-Key header): a repeat answers the first item. */
export const CreateContentSchema = z.object({
  type,
  title,
  content,
  language,
  is_active: jsonBoolean.default(true),
  order_index: orderIndex,
  client_id: key("İstemci anahtarı").optional(),
});
export type CreateContentInput = z.infer<typeof CreateContentSchema>;

/**
 * PUT /api/cms/content/{id}: the fields sent change, the others stay. `type` may be sent (the
 * form of the spec sends it) but must be the item's own; `version` (from GET) refuses a stale edit.
 */
export const UpdateContentSchema = z.object({
  type: type.optional(),
  title: title.optional(),
  content: content.optional(),
  language: enumField("Dil", LANGUAGES).optional(),
  is_active: jsonBoolean.optional(),
  order_index: orderIndex.optional(),
  version: z
    .number({ error: "Sürüm numarası bir sayı olmalıdır." })
    .int("Sürüm numarası tam sayı olmalıdır.")
    .positive("Sürüm numarası geçersiz.")
    .optional(),
});
export type UpdateContentInput = z.infer<typeof UpdateContentSchema>;

/** The fields of an image upload besides the file (multipart: image_type, title, alt_text). */
export const ImageFieldsSchema = z.object({
  image_type: enumField("Resim türü", IMAGE_TYPES),
  title: requiredText("Resim başlığı", { max: MAX_TITLE }),
  alt_text: optionalText("Alternatif metin", { max: MAX_ALT_TEXT }),
  client_id: key("İstemci anahtarı").optional(),
});
export type ImageFields = z.infer<typeof ImageFieldsSchema>;

const optionalUrl = (label: string) =>
  optionalText(label, { max: MAX_SETTINGS_URL }).refine(
    (v) => v === undefined || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v),
    `${label} https:// ile başlayan bir adres olmalıdır.`,
  );

/** The site's contact details; every one optional (an empty field hides the line in the footer). */
export const SettingsFields = {
  contact_email: optionalText("E-posta", { max: MAX_SETTINGS_EMAIL }).refine(
    (v) => v === undefined || z.email().safeParse(v).success,
    "Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com).",
  ),
  contact_phone: optionalText("Telefon", { max: MAX_SETTINGS_PHONE }).refine(
    (v) => v === undefined || /^\+?[0-9 ()-]{7,32}$/.test(v),
    "Telefon yalnızca rakam, boşluk, +, -, ( ve ) içerebilir (en az 7 karakter).",
  ),
  address: optionalText("Adres", { max: MAX_SETTINGS_ADDRESS }),
  instagram_url: optionalUrl("Instagram adresi"),
  facebook_url: optionalUrl("Facebook adresi"),
};
export const SettingsSchema = z.object({ ...SettingsFields });
export type SettingsInput = z.infer<typeof SettingsSchema>;

/** The /admin/cms screen's forms. The upload's file is read beside the schema (multipart). */
export const CmsFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("content-create"),
      type,
      title,
      content,
      language,
      is_active: checkbox,
      order_index: orderIndex,
      create_key: key("Form anahtarı"),
    }),
    z.object({
      intent: z.literal("content-update"),
      id: ContentIdSchema,
      version,
      title,
      content,
      language,
      is_active: checkbox,
      order_index: orderIndex,
    }),
    z.object({
      intent: z.literal("image-upload"),
      image_type: ImageFieldsSchema.shape.image_type,
      title: ImageFieldsSchema.shape.title,
      alt_text: ImageFieldsSchema.shape.alt_text,
      create_key: key("Form anahtarı"),
    }),
    z.object({ intent: z.literal("image-delete"), id: ImageIdSchema }),
    // Version 0: the settings were never saved (no row yet).
    z.object({
      intent: z.literal("settings"),
      version: z.preprocess(
        strictNumberInput,
        z.number({ error: "Sürüm numarası geçersiz." }).int("Sürüm numarası geçersiz.").min(0, "Sürüm numarası geçersiz."),
      ),
      ...SettingsFields,
    }),
  ],
  { error: BAD_INTENT },
);
export type CmsFormInput = z.infer<typeof CmsFormSchema>;
