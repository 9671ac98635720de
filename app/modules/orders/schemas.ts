import { z } from "zod";

import { EMPTY_CART, MAX_ORDER_LINES, MAX_QUANTITY, NO_TABLE, QUANTITY_RANGE } from "./rules";

export { EMPTY_CART, MAX_ORDER_LINES, MAX_QUANTITY, NO_TABLE, QUANTITY_RANGE };

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
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

const items = z
  .array(OrderLineSchema, { error: (i) => (i.input == null ? EMPTY_CART : "Ürünler bir liste olmalıdır.") })
  .min(1, EMPTY_CART)
  .max(MAX_ORDER_LINES, `Bir siparişte en fazla ${MAX_ORDER_LINES} kalem olabilir.`);

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
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "İstemci sipariş numarası 8-64 harf, rakam, - veya _ olmalıdır.")
    .optional(),
});
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

/** PUT /api/orders/table/{n}/update: replaces the items of the table's open order. */
export const UpdateOrderSchema = z.object({
  items,
  /** Which open order to replace; the table's latest when left out. */
  order_id: z.number({ error: "Sipariş numarası bir sayı olmalıdır." }).int().positive().optional(),
});
export type UpdateOrderInput = z.infer<typeof UpdateOrderSchema>;

export const OrderStatusQuery = z.object({
  status: z.enum(["active", "payable"], { error: "status 'active' ya da 'payable' olmalıdır." }).default("active"),
});
