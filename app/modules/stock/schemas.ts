// Stock's schemas, shared by the page's forms and the /api/stock endpoints.
import { z } from "zod";
import { BAD_INTENT } from "~/utils/page-reply";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { decimalField } from "~/utils/decimal-field";
import { enumField, optionalText, strictNumberInput } from "~/utils/validation";
import {
  MAX_NAME,
  MAX_NOTE,
  MAX_PRICE,
  MAX_QUANTITY,
  MAX_SUPPLIER,
  MOVEMENT_REASONS,
  NAME_REQUIRED,
  STOCK_CATEGORIES,
  STOCK_UNITS,
} from "./rules";

/** Empty numeric fields are 0 (spec section 5). */
const withZero = <T extends z.ZodType>(field: T) => z.preprocess((v) => (v === undefined || v === null || v === "" ? "0" : v), field);

const quantity = (label: string) => decimalField(label, { decimals: 1, max: MAX_QUANTITY });
const price = decimalField("Birim maliyet", { decimals: 2, max: MAX_PRICE, money: true });

const name = z
  .string({ error: (i) => (i.input == null ? NAME_REQUIRED : "Ürün adı metin olmalıdır.") })
  .trim()
  .min(1, NAME_REQUIRED)
  .max(MAX_NAME, `Ürün adı en fazla ${MAX_NAME} karakter olabilir.`);

const reason = enumField("Neden", MOVEMENT_REASONS);
const note = optionalText("Açıklama", { max: MAX_NOTE });
const key = (label: string) =>
  z.string({ error: `${label} metin olmalıdır.` }).regex(CLIENT_KEY, `${label} 8-64 harf, rakam, - veya _ olmalıdır.`);

/** The item's fields with the spec's defaults (category ingredient, unit kg, numbers 0). */
const itemFields = {
  name,
  category: enumField("Kategori", STOCK_CATEGORIES, { defaultValue: "ingredient" }),
  current_stock: withZero(quantity("Mevcut stok")),
  min_stock: withZero(quantity("Minimum stok")),
  max_stock: withZero(quantity("Maksimum stok")),
  unit: enumField("Birim", STOCK_UNITS, { defaultValue: "kg" }),
  cost_per_unit: withZero(price),
  supplier: optionalText("Tedarikçi", { max: MAX_SUPPLIER }),
};

/** POST /api/stock. `client_id` (or the Idempotency-Key header): a repeat returns the first item. */
export const CreateStockSchema = z.object({
  ...itemFields,
  /** Why the opening level is there (a movement is recorded when it is not 0). */
  reason: reason.optional(),
  note,
  client_id: key("İstemci anahtarı").optional(),
});
export type CreateStockInput = z.infer<typeof CreateStockSchema>;

/**
 * PUT /api/stock/{id}: the fields sent are changed, the others kept. The level is set with
 * `current_stock` or moved atomically with `stock_change` (signed), not both; `version`
 * (from GET) makes a stale edit a 409.
 */
export const UpdateStockSchema = z
  .object({
    name: name.optional(),
    category: enumField("Kategori", STOCK_CATEGORIES).optional(),
    current_stock: quantity("Mevcut stok").optional(),
    min_stock: quantity("Minimum stok").optional(),
    max_stock: quantity("Maksimum stok").optional(),
    unit: enumField("Birim", STOCK_UNITS).optional(),
    cost_per_unit: price.optional(),
    supplier: z.union([z.null(), optionalText("Tedarikçi", { max: MAX_SUPPLIER })]).optional(),
    stock_change: decimalField("Stok değişimi", { decimals: 1, max: MAX_QUANTITY, signed: true }).optional(),
    // A client that may retry a move (a lost answer) sends a key: the retry moves nothing twice.
    change_key: z.string().regex(CLIENT_KEY, "Değişim anahtarı 8–64 harf, rakam, - ya da _ olmalıdır.").optional(),
    reason: reason.optional(),
    note,
    version: z
      .number({ error: "Sürüm numarası bir sayı olmalıdır." })
      .int("Sürüm numarası tam sayı olmalıdır.")
      .positive("Sürüm numarası geçersiz.")
      .optional(),
  })
  .refine((v) => v.current_stock === undefined || v.stock_change === undefined, {
    message: "current_stock ile stock_change birlikte gönderilemez.",
    path: ["stock_change"],
  });
export type UpdateStockInput = z.infer<typeof UpdateStockSchema>;

const NOT_FOUND_ID = "Stok kaydı numarası geçersiz.";
const itemId = z.preprocess(
  strictNumberInput,
  z.number({ error: NOT_FOUND_ID }).int(NOT_FOUND_ID).positive(NOT_FOUND_ID).max(2_147_483_647, NOT_FOUND_ID),
);
export { itemId as StockIdSchema };

/** The stock screen's three forms. */
export const StockFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("create"),
      ...itemFields,
      reason: reason.optional(),
      note,
      create_key: key("Form anahtarı"),
    }),
    z.object({
      intent: z.literal("update"),
      id: itemId,
      version: z.preprocess(strictNumberInput, z.number({ error: "Sürüm numarası geçersiz." }).int().positive()),
      ...itemFields,
      reason: reason.optional(),
      note,
    }),
    z.object({ intent: z.literal("delete"), id: itemId }),
  ],
  { error: BAD_INTENT },
);
export type StockFormInput = z.infer<typeof StockFormSchema>;
