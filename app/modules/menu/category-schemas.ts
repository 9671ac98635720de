// Zod schemas of the menu's categories and bulk actions (decision 068): the JSON API's and the
// management screen's forms (pageAction), one set for both.
import { z } from "zod";

import { CLIENT_KEY } from "~/utils/idempotency-key";
import { BAD_INTENT } from "~/utils/page-reply";
import { strictNumberInput } from "~/utils/numbers";
import { requiredText } from "~/utils/validation";
import { CATEGORY_NOT_FOUND, MAX_CATEGORY_NAME } from "./categories";
import { categoryKeyField, MenuItemIdParam } from "./schemas";
import { stationIdField } from "~/modules/kitchen/station-schemas";

const KDV_FORMAT = "KDV oranı 0 ile 100 arasında bir yüzde olmalıdır (örnek: 10 ya da 8,5).";

/**
 * A KDV percentage as exact text for DECIMAL(5,2) ("10.00"): a number from JSON, text from a
 * form ("10", "8,5", "%20"). Null when left empty: the restaurant's tax rate applies.
 */
export const kdvRateField = z.unknown().transform((input, ctx): string | null => {
  if (input === undefined || input === null || (typeof input === "string" && input.trim() === "")) return null;
  const text = typeof input === "number" && Number.isFinite(input) ? String(input) : typeof input === "string" ? input.trim() : null;
  const match = text === null ? null : /^%?\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(text);
  const value = match ? Number(`${match[1]}.${match[2] ?? "0"}`) : NaN;
  if (!match || !(value >= 0 && value <= 100)) {
    ctx.addIssue({ code: "custom", message: KDV_FORMAT });
    return z.NEVER;
  }
  return value.toFixed(2);
});

const name = requiredText("Kategori adı", { max: MAX_CATEGORY_NAME });

export const CategoryIdParam = z.preprocess(
  strictNumberInput,
  z.number({ error: CATEGORY_NOT_FOUND }).int(CATEGORY_NOT_FOUND).positive(CATEGORY_NOT_FOUND).max(2_147_483_647, CATEGORY_NOT_FOUND),
);

const clientKey = z
  .string({ error: "İstemci anahtarı metin olmalıdır." })
  .regex(CLIENT_KEY, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır.");

const hiddenJson = z.boolean({ error: "Gizli (hidden) true ya da false olmalıdır." });
const position = z
  .number({ error: "Sıra (position) bir sayı olmalıdır." })
  .int("Sıra (position) tam sayı olmalıdır.")
  .min(0, "Sıra (position) 0 ya da daha büyük olmalıdır.")
  .max(1000, "Sıra (position) geçersiz.");

/** POST /api/menu/categories. */
export const CreateCategorySchema = z.object({
  name,
  kdv_rate: kdvRateField.optional().transform((v) => v ?? null),
  hidden: hiddenJson.optional().default(false),
  station_id: stationIdField.optional(),
  client_id: clientKey.optional(),
});

/** PUT /api/menu/categories/{id}: the fields sent change; `version` refuses an edit of a category changed since (409). */
export const UpdateCategorySchema = z
  .object({
    name: name.optional(),
    kdv_rate: kdvRateField.optional(),
    hidden: hiddenJson.optional(),
    position: position.optional(),
    station_id: stationIdField.optional(),
    version: z
      .number({ error: "Sürüm numarası bir sayı olmalıdır." })
      .int("Sürüm numarası tam sayı olmalıdır.")
      .positive("Sürüm numarası geçersiz.")
      .optional(),
  })
  .refine(
    (v) =>
      v.name !== undefined ||
      (v.kdv_rate !== undefined && v.kdv_rate !== null) ||
      v.hidden !== undefined ||
      v.position !== undefined ||
      v.station_id !== undefined,
    "Güncellenecek en az bir alan gönderin: name, kdv_rate, hidden, position, station_id.",
  );

/** DELETE /api/menu/categories/{id}: `move_to` (a category id) for a category that still has items. */
export const DeleteCategorySchema = z.object({
  move_to: z.preprocess(strictNumberInput, z.number({ error: "Taşınacak kategori geçersiz." }).int().positive().nullable()).optional(),
});

const formInt = (message: string, min: number) =>
  z.preprocess(strictNumberInput, z.number({ error: message }).int(message).min(min, message).max(2_147_483_647, message));
const targetHidden = z.preprocess(
  (v) => (v === "true" ? true : v === "false" ? false : v),
  z.boolean({ error: "Görünürlük true ya da false olmalıdır." }),
);
const optionalId = z.preprocess((v) => (v === "" || v === undefined ? null : v), CategoryIdParam.nullable());

export const BULK_ACTIONS = ["delete", "sold_out", "available", "move"] as const;

/** The management screen's category and bulk forms (the item forms are MenuManagementFormSchema). */
export const CategoryFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("category-create"),
      name,
      kdv_rate: kdvRateField.optional().transform((v) => v ?? null),
      create_key: z
        .unknown()
        .optional()
        .transform((key) => (typeof key === "string" && CLIENT_KEY.test(key) ? key : null)),
    }),
    z.object({
      intent: z.literal("category-update"),
      id: CategoryIdParam,
      version: formInt("Sürüm numarası geçersiz.", 1),
      name,
      kdv_rate: kdvRateField,
      station_id: stationIdField.optional(),
    }),
    z.object({ intent: z.literal("category-move"), id: CategoryIdParam, to: formInt("Sıra numarası geçersiz.", 0) }),
    z.object({ intent: z.literal("category-hidden"), id: CategoryIdParam, hidden: targetHidden }),
    z.object({ intent: z.literal("category-delete"), id: CategoryIdParam, move_to: optionalId }),
    z.object({
      intent: z.literal("bulk"),
      action: z.enum(BULK_ACTIONS, { error: "Toplu işlem seçin: sil, tükendi, satışa aç ya da kategoriye taşı." }),
      ids: z
        .array(MenuItemIdParam, { error: "Önce ürün seçin." })
        .min(1, "Önce ürün seçin.")
        .max(500, "Bir seferde en fazla 500 ürün seçebilirsiniz."),
      to_category: z.preprocess((v) => (v === "" ? undefined : v), categoryKeyField.optional()),
    }),
  ],
  { error: BAD_INTENT },
);
export type CategoryForm = z.output<typeof CategoryFormSchema>;
