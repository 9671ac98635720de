// Zod schemas of moving people and plates (issue 22, decision 084): the API's JSON and the payments
// screen's forms.
import { z } from "zod";
import { idField } from "~/utils/validation";

import { CLIENT_KEY } from "~/utils/idempotency-key";
import { strictNumberInput } from "~/utils/numbers";
import { MAX_ORDER_LINES, MAX_QUANTITY } from "./rules";

const key = z
  .string({ error: "İşlem anahtarı (key) metin olmalıdır." })
  .regex(CLIENT_KEY, "İşlem anahtarı (key) 8-64 harf, rakam, - veya _ olmalıdır.")
  .optional();

const targetTable = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : strictNumberInput(v)),
    z
      .number({ error: (i) => (i.input === undefined ? `${label} seçin.` : "Masa numarası bir sayı olmalıdır.") })
      .int("Masa numarası tam sayı olmalıdır.")
      .min(1, "Masa numarası en az 1 olmalıdır.")
      .max(100_000, "Masa numarası çok büyük."),
  );

/** POST /api/tables/{number}/move: the party goes to an empty table. */
export const MoveTableSchema = z.object({ to_table_number: targetTable("Taşınacak masayı"), key });

/** POST /api/tables/{number}/merge: the table's orders join another table's bill. */
export const MergeTableSchema = z.object({ into_table_number: targetTable("Birleştirilecek masayı"), key });

/** POST /api/orders/{id}/move-items: these units of the order's lines go to another table. */
export const MoveItemsSchema = z.object({
  items: z
    .array(
      z.object({
        order_item_id: idField("Sipariş kalemi numarası geçersiz."),
        quantity: z.preprocess(
          strictNumberInput,
          z
            .number({ error: "Adet bir sayı olmalıdır." })
            .int("Adet tam sayı olmalıdır.")
            .min(1, `Adet 1 ile ${MAX_QUANTITY} arasında olmalıdır.`)
            .max(MAX_QUANTITY, `Adet 1 ile ${MAX_QUANTITY} arasında olmalıdır.`),
        ),
      }),
      { error: "Taşınacak kalemleri (items) bir liste olarak gönderin." },
    )
    .min(1, "Taşınacak en az bir kalem seçin.")
    .max(MAX_ORDER_LINES, `En fazla ${MAX_ORDER_LINES} kalem taşınabilir.`),
  to_table_number: targetTable("Taşınacak masayı"),
  key,
});

export const OrderIdParam = idField("Sipariş bulunamadı.");

/**
 * The table's move page (`/app/table-move`): a plain form per move. Moving lines posts a number
 * field per line (`qty-<order item id>`, empty or 0 for none), turned here into `items`.
 */
export const TableMovePageSchema = z.preprocess(
  (input) => {
    if (typeof input !== "object" || input === null) return input;
    const fields = input as Record<string, unknown>;
    if (fields.intent !== "move-items") return fields;
    const items = Object.entries(fields)
      .filter(([k, v]) => /^qty-\d{1,10}$/.test(k) && v !== "" && v !== "0")
      .map(([k, v]) => ({ order_item_id: k.slice(4), quantity: v }));
    return { ...fields, items };
  },
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("move"), ...MoveTableSchema.shape }),
      z.object({ intent: z.literal("merge"), ...MergeTableSchema.shape }),
      z.object({ intent: z.literal("move-items"), order_id: OrderIdParam, ...MoveItemsSchema.shape }),
    ],
    { error: "Bilinmeyen işlem." },
  ),
);
