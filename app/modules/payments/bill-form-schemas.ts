// The "Hesap" screen's forms (/app/bill, issue 22, decision 086): four plain forms that each pay a
// part of the table's bill through payTable, told apart by `intent`. What they share: the method
// (one radio group: "cash", "card" or "meal_card:<name>", so a meal card is chosen by its name like
// the payments screen's buttons), Bahşiş, "Alınan (nakit)" and the render's pay key.
// The items form posts a number field per line (`qty-<order item id>`, empty or 0 for none),
// turned here into `items` as the move page does.
import { z } from "zod";
import { codeField } from "~/modules/discounts/schemas";
import { decimalField } from "~/utils/decimal-field";
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { strictNumberInput } from "~/utils/numbers";
import { BAD_INTENT } from "~/utils/page-reply";
import { idField } from "~/utils/validation";
import { MEAL_CARD_NAME_MAX, tidyMealCardName } from "./meal-cards";
import { tenderedField, tipField } from "./schemas";
import type { BillPart } from "./split.server";

/** As the API's `shares.count` (schemas.ts): a table is split in at most 50. */
export const BILL_MAX_SHARES = 50;
/** One line's units: order_items.quantity is an INT, order taking allows 999. */
export const BILL_MAX_UNITS = 999;
/** payments.amount is DECIMAL(10,2); the API takes the same. */
export const BILL_MAX_AMOUNT = 999_999.99;

export const CHOOSE_METHOD = "Ödeme yöntemini seçin: nakit, kart, yemek kartı ya da cari hesap.";
export const CHOOSE_LINES = "Ödenecek ürünleri seçin: en az bir ürünün adedini girin.";
const MEAL_CARD_PREFIX = "meal_card:";

/** "cash", "card" or "meal_card:Multinet" (the settings decide whether the card is accepted: payTable). */
const methodField = z
  .string({ error: CHOOSE_METHOD })
  .max(MEAL_CARD_PREFIX.length + MEAL_CARD_NAME_MAX + 20, CHOOSE_METHOD)
  .transform((value, ctx): { method: BillFormValue["method"]; mealCard: string | null } => {
    if (value === "cash" || value === "card" || value === "house_account") return { method: value, mealCard: null };
    if (value.startsWith(MEAL_CARD_PREFIX)) {
      const name = tidyMealCardName(value.slice(MEAL_CARD_PREFIX.length));
      if (name && name.length <= MEAL_CARD_NAME_MAX) return { method: "meal_card", mealCard: name };
    }
    ctx.addIssue({ code: "custom", message: CHOOSE_METHOD });
    return z.NEVER;
  });

const payKeyField = z
  .string({ error: "Ödeme anahtarı eksik; sayfayı yenileyin." })
  .regex(CLIENT_KEY, "Ödeme anahtarı geçersiz; sayfayı yenileyin.");
const discountCodeField = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), codeField.optional());

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : strictNumberInput(v)),
    z
      .number({ error: (i) => (i.input === undefined ? `${label} girin.` : `${label} bir sayı olmalıdır.`) })
      .int(`${label} tam sayı olmalıdır.`)
      .min(min, `${label} en az ${min} olmalıdır.`)
      .max(max, `${label} en fazla ${max} olabilir.`),
  );

const shared = {
  method: methodField,
  tip: tipField,
  tendered: tenderedField,
  pay_key: payKeyField,
  // Hesaba yaz (decision 087): the account, and a manager's password past its limit.
  account_id: z.preprocess((v) => (v === "" ? undefined : v), idField("Cari hesap seçin.").optional()),
  manager_password: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(128, "Yönetici şifresi çok uzun.").optional()),
};

const ItemsForm = z.object({
  intent: z.literal("items"),
  ...shared,
  items: z
    .array(z.object({ order_item_id: idField("Ürün satırı geçersiz."), quantity: wholeNumber("Adet", 1, BILL_MAX_UNITS) }), {
      error: CHOOSE_LINES,
    })
    .min(1, CHOOSE_LINES)
    .max(200, "Bir ödemede en fazla 200 satır seçilebilir."),
  discount_code: discountCodeField,
});

const SharesForm = z
  .object({
    intent: z.literal("shares"),
    ...shared,
    count: wholeNumber("Kişi sayısı", 2, BILL_MAX_SHARES),
    pay: wholeNumber("Ödenecek pay", 1, BILL_MAX_SHARES),
  })
  .superRefine((f, ctx) => {
    if (f.pay > f.count) ctx.addIssue({ code: "custom", path: ["pay"], message: "Ödenecek pay, kişi sayısından çok olamaz." });
  });

const AmountForm = z.object({
  intent: z.literal("amount"),
  ...shared,
  amount: decimalField("Tutar", { decimals: 2, max: BILL_MAX_AMOUNT, money: true, positive: true }),
});

const AllForm = z.object({ intent: z.literal("all"), ...shared, discount_code: discountCodeField });

/** `qty-<id>` fields → `items` (the lines chosen, in the order posted). */
function itemsFromQuantities(input: unknown) {
  if (typeof input !== "object" || input === null) return input;
  const fields = input as Record<string, unknown>;
  if (fields.intent !== "items") return fields;
  const items = Object.entries(fields)
    .filter(([k, v]) => /^qty-\d{1,10}$/.test(k) && v !== undefined && v !== "" && v !== "0")
    .map(([k, v]) => ({ order_item_id: k.slice(4), quantity: v }));
  return { ...fields, items };
}

export type BillFormIntent = "items" | "shares" | "amount" | "all";

/** What the screen's action hands payTable, whichever form posted. */
export interface BillFormValue {
  intent: BillFormIntent;
  part: BillPart;
  method: "cash" | "card" | "meal_card" | "house_account";
  mealCard: string | null;
  /** With house_account: the account chosen (null: none chosen) and the password typed, if any. */
  accountId: number | null;
  managerPassword: string | null;
  tip: string | null;
  /** Only with cash: the field is hidden for the other methods, but what was typed there is still posted. */
  tendered: string | null;
  discountCode: string | null;
  payKey: string;
}

export const BillFormSchema = z
  .preprocess(itemsFromQuantities, z.discriminatedUnion("intent", [ItemsForm, SharesForm, AmountForm, AllForm], { error: BAD_INTENT }))
  .transform((form): BillFormValue => {
    const part: BillPart =
      form.intent === "items"
        ? { kind: "items", items: form.items }
        : form.intent === "shares"
          ? { kind: "shares", count: form.count, pay: form.pay }
          : form.intent === "amount"
            ? { kind: "amount", amount: form.amount }
            : { kind: "all" };
    return {
      intent: form.intent,
      part,
      method: form.method.method,
      mealCard: form.method.mealCard,
      accountId: form.account_id ?? null,
      managerPassword: form.manager_password ?? null,
      tip: form.tip ?? null,
      tendered: form.method.method === "cash" ? (form.tendered ?? null) : null,
      discountCode: "discount_code" in form ? (form.discount_code ?? null) : null,
      payKey: form.pay_key,
    };
  });
