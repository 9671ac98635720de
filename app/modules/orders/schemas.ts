import { CLIENT_KEY } from "~/utils/idempotency-key";
import { z } from "zod";

import { BAD_INTENT } from "~/utils/page-reply";
import { strictNumberInput } from "~/utils/numbers";
import { CART_INTENTS, ITEM_INTENTS } from "./cart";
import { EMPTY_CART, MAX_NOTE, MAX_ORDER_LINES, MAX_QUANTITY, NO_TABLE, QUANTITY_RANGE, TAKE_AWAY_REASONS } from "./rules";

export { CLIENT_KEY, EMPTY_CART, MAX_ORDER_LINES, MAX_QUANTITY, NO_TABLE, QUANTITY_RANGE };

const quantity = z
  .number({ error: (i) => (i.input == null ? "Adet zorunludur." : "Adet bir sayı olmalıdır.") })
  .int("Adet tam sayı olmalıdır.")
  .min(1, QUANTITY_RANGE)
  .max(MAX_QUANTITY, QUANTITY_RANGE);

/**
 * A line of an order. Clients may send unit_price, total_price, menu_item_name or
 * discount_applied (the spec's client does); they are dropped: prices come from
 * the menu in the database.
 */
export const OrderLineSchema = z.object({
  menu_item_id: z
    .number({ error: (i) => (i.input == null ? "Ürün numarası zorunludur." : "Ürün numarası bir sayı olmalıdır.") })
    .int("Ürün numarası tam sayı olmalıdır.")
    .positive("Ürün numarası geçersiz."),
  quantity,
  /** Ikram: on the order at price 0 (needs a manager's approval, like taking a sent item away). */
  complimentary: z.boolean({ error: "İkram alanı true ya da false olmalıdır." }).optional(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

const items = z
  .array(OrderLineSchema, { error: (i) => (i.input == null ? EMPTY_CART : "Ürünler bir liste olmalıdır.") })
  .min(1, EMPTY_CART)
  .max(MAX_ORDER_LINES, `Bir siparişte en fazla ${MAX_ORDER_LINES} kalem olabilir.`);

/**
 * What an edit that takes sent items away (iptal) or makes them free (ikram) needs:
 * a reason from the list ("other" with a note) and, outside manager mode, the
 * manager password typed on the spot.
 */
export const TakeAwayFields = z.object({
  reason: z
    .enum(TAKE_AWAY_REASONS, { error: "Neden şunlardan biri olmalıdır: müşteri vazgeçti, yanlış sipariş, ikram, diğer." })
    .optional(),
  note: z
    .string({ error: "Açıklama metin olmalıdır." })
    .trim()
    .max(MAX_NOTE, `Açıklama en fazla ${MAX_NOTE} karakter olabilir.`)
    .optional()
    .transform((v) => v || undefined),
  manager_password: z.string({ error: "Yönetici şifresi metin olmalıdır." }).max(200, "Yönetici şifresi çok uzun.").optional(),
});
export type TakeAwayInput = z.infer<typeof TakeAwayFields>;

/** POST /api/orders. waiter_name and total_amount are accepted and ignored (see OrderLineSchema). */
export const CreateOrderSchema = z.object({
  table_number: z
    .number({ error: (i) => (i.input == null ? NO_TABLE : "Masa numarası bir sayı olmalıdır.") })
    .int("Masa numarası tam sayı olmalıdır.")
    .positive(NO_TABLE),
  items,
  /** Generated on the device; a repeat with the same id returns the first order. */
  client_order_id: z
    .string({ error: "İstemci sipariş numarası metin olmalıdır." })
    .regex(CLIENT_KEY, "İstemci sipariş numarası 8-64 harf, rakam, - veya _ olmalıdır.")
    .optional(),
  ...TakeAwayFields.shape,
});
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

/** PUT /api/orders/table/{n}/update: replaces the items of the table's open order. */
export const UpdateOrderSchema = z.object({
  items,
  /** Which open order to replace; the table's latest when left out. */
  order_id: z.number({ error: "Sipariş numarası bir sayı olmalıdır." }).int().positive().optional(),
  /** The order's version the edit was based on (from its last answer); another version gets 409. */
  base_version: z
    .number({ error: "Sürüm numarası bir sayı olmalıdır." })
    .int("Sürüm numarası tam sayı olmalıdır.")
    .positive("Sürüm numarası geçersiz.")
    .optional(),
  /** Generated on the device for this edit; a retry with the same key changes nothing and answers as the first. */
  edit_key: z
    .string({ error: "Düzenleme anahtarı metin olmalıdır." })
    .regex(CLIENT_KEY, "Düzenleme anahtarı 8-64 harf, rakam, - veya _ olmalıdır.")
    .optional(),
  ...TakeAwayFields.shape,
});
export type UpdateOrderInput = z.infer<typeof UpdateOrderSchema>;

export const OrderStatusQuery = z.object({
  status: z.enum(["active", "payable"], { error: "status 'active' ya da 'payable' olmalıdır." }).default("active"),
});

const NO_ITEM = "Ürün seçilmedi.";
const orderTakingTable = z.preprocess(
  strictNumberInput,
  z.number({ error: NO_TABLE }).int(NO_TABLE).positive(NO_TABLE).max(2_147_483_647, NO_TABLE),
);
const orderTakingItem = z.preprocess(
  strictNumberInput,
  z.number({ error: NO_ITEM }).int(NO_ITEM).positive(NO_ITEM).max(2_147_483_647, NO_ITEM),
);

/**
 * The order screen's buttons post their intent as their name and the menu item as
 * their value (`add=12`: the value can carry only one thing, and a form per menu
 * row would multiply forms on a phone); this turns them into `intent` + `item`
 * (decision 020). A post that already has `intent` is taken as it is.
 */
function buttonToIntent(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  // Empty fields (an unchosen reason) are left out, as Conform does for plain schemas.
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== "")) as Record<string, unknown>;
  if ("intent" in fields) return fields;
  const name = [...ITEM_INTENTS, ...CART_INTENTS].find((n) => n in fields);
  if (!name) return input;
  const { [name]: value, ...rest } = fields;
  return { ...rest, intent: name, ...((ITEM_INTENTS as readonly string[]).includes(name) ? { item: value } : {}) };
}

/** The order screen's forms (pageAction): a change to one item's line, clearing the cart, and sending it. */
export const OrderTakingFormSchema = z.preprocess(
  buttonToIntent,
  z.discriminatedUnion(
    "intent",
    [
      // `from`: the menu or the cart, for the anchor the page returns to.
      z.object({
        intent: z.enum(ITEM_INTENTS),
        table: orderTakingTable,
        item: orderTakingItem,
        from: z.enum(["menu", "cart"]).optional().catch(undefined),
      }),
      z.object({ intent: z.literal("clear"), table: orderTakingTable }),
      z.object({
        intent: z.literal("submit"),
        table: orderTakingTable,
        // The idempotency key rendered into the form; one that is not a key is ignored, as before.
        client_order_id: z
          .unknown()
          .optional()
          .transform((key) => (typeof key === "string" && CLIENT_KEY.test(key) ? key : null)),
        ...TakeAwayFields.shape,
      }),
    ],
    { error: BAD_INTENT },
  ),
);
export type OrderTakingForm = z.output<typeof OrderTakingFormSchema>;
