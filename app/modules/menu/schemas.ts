import { z } from "zod";

import { CLIENT_KEY } from "~/utils/idempotency-key";
import { BAD_INTENT } from "~/utils/page-reply";
import { decimalField } from "~/utils/decimal-field";
import { strictNumberInput } from "~/utils/numbers";
import { requiredText } from "~/utils/validation";
import {
  ITEM_NOT_FOUND,
  MAX_ITEM_DESCRIPTION,
  MAX_ITEM_NAME,
  MAX_PRICE,
  PRICE_DECIMALS,
  PRICE_NOT_NUMBER,
  PRICE_NOT_POSITIVE,
  PRICE_REQUIRED,
  PRICE_TOO_HIGH,
} from "./rules";

/**
 * A price as exact text for the DECIMAL column ("45.50"): from JSON a number or a string,
 * from a form what the owner typed the Turkish way ("72,50", "1.250,00"; decision 061).
 * More than two decimals are refused rather than rounded.
 */
export const priceField = decimalField("Fiyat", {
  decimals: 2,
  max: MAX_PRICE,
  positive: true,
  money: true,
  messages: {
    empty: PRICE_REQUIRED,
    malformed: PRICE_NOT_NUMBER,
    negative: PRICE_NOT_POSITIVE,
    not_positive: PRICE_NOT_POSITIVE,
    too_large: PRICE_TOO_HIGH,
    decimals: PRICE_DECIMALS,
  },
});

const name = requiredText("Ürün adı", { max: MAX_ITEM_NAME });
/**
 * A category's key (the spec's six or one the owner added): its existence in the restaurant is
 * checked by the command (assertCategoryKey), which names the keys there are.
 */
export const categoryKeyField = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? "Kategori zorunludur." : "Kategori metin olmalıdır."),
  })
  .trim()
  .min(1, "Kategori zorunludur.")
  .max(40, "Kategori anahtarı en fazla 40 karakter olabilir.");
const category = categoryKeyField;

/** Trimmed; empty (or null) is no description. */
const description = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string({ error: "Açıklama metin olmalıdır." })
    .trim()
    .max(MAX_ITEM_DESCRIPTION, `Açıklama en fazla ${MAX_ITEM_DESCRIPTION} karakter olabilir.`)
    .nullable(),
);

const available = z.boolean({ error: "Satış durumu (available) true ya da false olmalıdır." });

const clientKey = z
  .string({ error: "İstemci anahtarı metin olmalıdır." })
  .regex(CLIENT_KEY, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır.");

/**
 * GET /api/menu's query: `include_hidden=true` adds the items of hidden categories (the manager's
 * management list); without it the menu is what may be ordered (decision 068 addendum).
 */
export const MenuListQuerySchema = z.object({
  include_hidden: z.enum(["true", "false"], { error: "include_hidden true ya da false olmalıdır." }).optional(),
});

/** POST /api/menu: the spec's fields; `client_id` (or an Idempotency-Key header) makes a repeat create nothing. */
export const CreateMenuItemSchema = z.object({
  name,
  category,
  price: priceField,
  description: description.optional().transform((v) => v ?? null),
  available: available.optional().default(true),
  client_id: clientKey.optional(),
});
export type CreateMenuItemInput = z.output<typeof CreateMenuItemSchema>;

/**
 * PUT /api/menu/{id}: the fields sent are changed, the others stay (the spec's client
 * sends them all); `version` (from the item's last answer) refuses an edit of an item
 * changed since (409). A null or empty description removes it.
 */
export const UpdateMenuItemSchema = z
  .object({
    name: name.optional(),
    category: category.optional(),
    price: priceField.optional(),
    description: description.optional(),
    available: available.optional(),
    version: z
      .number({ error: "Sürüm numarası bir sayı olmalıdır." })
      .int("Sürüm numarası tam sayı olmalıdır.")
      .positive("Sürüm numarası geçersiz.")
      .optional(),
    // A price ten times (or a tenth of) the old one answers 409 unless this is true (decision 061).
    confirm_price_change: z.boolean({ error: "confirm_price_change true ya da false olmalıdır." }).optional(),
  })
  .refine(
    (v) => ["name", "category", "price", "description", "available"].some((k) => v[k as keyof typeof v] !== undefined),
    "Güncellenecek en az bir alan gönderin: name, category, price, description, available.",
  );
export type UpdateMenuItemInput = z.output<typeof UpdateMenuItemSchema>;

export const MenuItemIdParam = z.preprocess(
  strictNumberInput,
  z.number({ error: ITEM_NOT_FOUND }).int(ITEM_NOT_FOUND).positive(ITEM_NOT_FOUND).max(2_147_483_647, ITEM_NOT_FOUND),
);

/** A form checkbox: "on" when ticked, absent (undefined after Conform) when not. */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
/** The target state a toggle posts ("true": on sale, "false": sold out). */
const targetState = z.preprocess(
  (v) => (v === "true" ? true : v === "false" ? false : v),
  z.boolean({ error: "Satış durumu true ya da false olmalıdır." }),
);
const formInt = (message: string, min: number) =>
  z.preprocess(strictNumberInput, z.number({ error: message }).int(message).min(min, message).max(2_147_483_647, message));

const itemFields = {
  name,
  category,
  price: priceField,
  description: description.optional().transform((v) => v ?? null),
  available: checkbox,
};

/** The management screen's forms (pageAction): add, edit, sale toggle, move within the category, delete, photo. */
export const MenuManagementFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("create"),
      ...itemFields,
      // The key rendered into the form; a post without one (a hand-made request) still works, unprotected.
      create_key: z
        .unknown()
        .optional()
        .transform((key) => (typeof key === "string" && CLIENT_KEY.test(key) ? key : null)),
    }),
    z.object({
      intent: z.literal("update"),
      id: MenuItemIdParam,
      version: formInt("Sürüm numarası geçersiz.", 1),
      ...itemFields,
      // The button under the "ten times the price?" question posts it (decision 061).
      confirm_price_change: checkbox,
    }),
    z.object({ intent: z.literal("availability"), id: MenuItemIdParam, available: targetState }),
    z.object({ intent: z.literal("move"), id: MenuItemIdParam, to: formInt("Sıra numarası geçersiz.", 0) }),
    z.object({ intent: z.literal("delete"), id: MenuItemIdParam }),
    // The file itself (field `photo`) is read by readImageFile, by its content.
    z.object({ intent: z.literal("photo"), id: MenuItemIdParam }),
    z.object({ intent: z.literal("photo-remove"), id: MenuItemIdParam }),
  ],
  { error: BAD_INTENT },
);
export type MenuManagementForm = z.output<typeof MenuManagementFormSchema>;
