import { CLIENT_KEY } from "~/utils/idempotency-key";
import { z } from "zod";

import { BAD_INTENT } from "~/utils/page-reply";
import { strictNumberInput } from "~/utils/numbers";
import { MAX_LINE_OPTIONS } from "~/modules/menu/options";
import { CART_INTENTS, ITEM_INTENTS } from "./cart";
import {
  EMPTY_CART,
  GUESTS_RANGE,
  MAX_GUESTS,
  MAX_LINE_NOTE,
  MAX_NOTE,
  MAX_ORDER_LINES,
  MAX_QUANTITY,
  NO_TABLE,
  QUANTITY_RANGE,
  TAKE_AWAY_REASONS,
} from "./rules";

export { CLIENT_KEY, EMPTY_CART, MAX_ORDER_LINES, MAX_QUANTITY, NO_TABLE, QUANTITY_RANGE };

const OPTION_ID = "Seçenek numarası geçersiz.";

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
  /** The waiter's note for the kitchen ("acısız", "az pişmiş"); a line with another note is another plate. */
  note: z
    .string({ error: "Not metin olmalıdır." })
    .trim()
    .max(MAX_LINE_NOTE, `Not en fazla ${MAX_LINE_NOTE} karakter olabilir.`)
    .nullish()
    .transform((v) => v || null),
  /**
   * The chosen options (decision 082): their ids, or the objects an order's answer lists (`{id, …}`,
   * so a client can send a line back as it got it). At most one per group of the item.
   */
  options: z
    .array(
      z.preprocess(
        (v) => (typeof v === "object" && v !== null && "id" in v ? (v as { id: unknown }).id : v),
        z.number({ error: OPTION_ID }).int(OPTION_ID).positive(OPTION_ID).max(2_147_483_647, OPTION_ID),
      ),
      { error: "Seçenekler bir liste olmalıdır." },
    )
    .max(MAX_LINE_OPTIONS, `Bir satırda en fazla ${MAX_LINE_OPTIONS} seçenek olabilir.`)
    .nullish()
    .transform((v) => v ?? []),
});
// Input shape: the cart and the drafts build lines without a note.
export type OrderLine = Omit<z.input<typeof OrderLineSchema>, "options"> & { options?: number[] | null };

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
  /** How many guests sit at the table (kişi sayısı); left out, the table keeps its count (at least one). */
  customer_count: z.number({ error: GUESTS_RANGE }).int(GUESTS_RANGE).min(1, GUESTS_RANGE).max(MAX_GUESTS, GUESTS_RANGE).optional(),
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
  // The cart lines' note fields (`note-<menu item id>`, empty included: an emptied field clears
  // its note) go together as `line_notes`, saved with whatever button was pressed.
  const notes = Object.entries(input).filter(([k]) => /^note-\d{1,10}$/.test(k));
  const lineNotes = notes.length > 0 ? { line_notes: Object.fromEntries(notes.map(([k, v]) => [k.slice(5), v])) } : {};
  // Their option selects (`opt-<menu item id>-<group id>`, an empty one chooses nothing in its
  // group) go as `line_options`: each item's chosen option ids (decision 082).
  const chosen: Record<string, unknown[]> = {};
  for (const [k, v] of Object.entries(input)) {
    const m = /^opt-(\d{1,10})-\d{1,10}$/.exec(k);
    if (m) chosen[m[1]!] = [...(chosen[m[1]!] ?? []), ...(v === "" ? [] : [v])];
  }
  const lineOptions = Object.keys(chosen).length > 0 ? { line_options: chosen } : {};
  // Empty fields (an unchosen reason) are left out, as Conform does for plain schemas.
  const fields: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== "" && !k.startsWith("note-") && !k.startsWith("opt-"))),
    ...lineNotes,
    ...lineOptions,
  };
  if ("intent" in fields) return fields;
  const name = [...ITEM_INTENTS, ...CART_INTENTS].find((n) => n in fields);
  if (!name) return input;
  const { [name]: value, ...rest } = fields;
  return { ...rest, intent: name, ...((ITEM_INTENTS as readonly string[]).includes(name) ? { item: value } : {}) };
}

const lineNoteText = z
  .string({ error: "Not metin olmalıdır." })
  .trim()
  .max(MAX_LINE_NOTE, `Not en fazla ${MAX_LINE_NOTE} karakter olabilir.`)
  .transform((v) => v || null);
/** The cart's note fields by menu item id (see buttonToIntent). */
const lineNotes = z.record(z.string().regex(/^\d{1,10}$/), lineNoteText).optional();
/** The cart's option selects: chosen option ids by menu item id (see buttonToIntent). */
const lineOptions = z
  .record(
    z.string().regex(/^\d{1,10}$/),
    z
      .array(
        z.preprocess(strictNumberInput, z.number({ error: OPTION_ID }).int(OPTION_ID).positive(OPTION_ID).max(2_147_483_647, OPTION_ID)),
      )
      .max(MAX_LINE_OPTIONS, `Bir satırda en fazla ${MAX_LINE_OPTIONS} seçenek olabilir.`),
  )
  .optional();

/** The order screen's forms (pageAction): a change to one item's line, clearing the cart, saving its notes, and sending it. */
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
        line_notes: lineNotes,
        line_options: lineOptions,
      }),
      z.object({ intent: z.literal("clear"), table: orderTakingTable, line_notes: lineNotes, line_options: lineOptions }),
      z.object({ intent: z.literal("notes"), table: orderTakingTable, line_notes: lineNotes, line_options: lineOptions }),
      z.object({
        intent: z.literal("submit"),
        table: orderTakingTable,
        line_notes: lineNotes,
        line_options: lineOptions,
        // A new table's guest count; empty is "not asked".
        customer_count: z.preprocess(
          (v) => (v === undefined || v === null || v === "" ? undefined : strictNumberInput(v)),
          z.number({ error: GUESTS_RANGE }).int(GUESTS_RANGE).min(1, GUESTS_RANGE).max(MAX_GUESTS, GUESTS_RANGE).optional(),
        ),
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
