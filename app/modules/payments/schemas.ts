import { CLIENT_KEY } from "~/utils/idempotency-key";
import { z } from "zod";
import { codeField } from "~/modules/discounts/schemas";
import { decimalField } from "~/utils/decimal-field";
import { BAD_INTENT } from "~/utils/page-reply";
import { idField } from "~/utils/validation";
import { MEAL_CARD_NAME_MAX, MEAL_CARD_NAME_REQUIRED, tidyMealCardName } from "./meal-cards";
import { PAYMENT_METHODS } from "./methods";

export const NO_TABLE_CHOSEN = "Lütfen bir masa seçin!";
export const NONE_SELECTED = "Lütfen ödeme yapılacak siparişleri seçin";
const BAD_METHOD = "Ödeme yöntemi nakit, kart ya da yemek kartı olmalıdır.";

/** A meal card's name as sent (the settings decide whether it is accepted; decision 083). */
export const mealCardNameField = z.preprocess(
  (v) => (typeof v === "string" ? tidyMealCardName(v) || undefined : v === null ? undefined : v),
  z
    .string({ error: "Yemek kartının adı metin olmalıdır." })
    .max(MEAL_CARD_NAME_MAX, `Yemek kartının adı en fazla ${MEAL_CARD_NAME_MAX} karakter olabilir.`)
    .optional(),
);

/** The most a tip or the cash handed over can be (DECIMAL(10,2) holds more; no table tips a lakh). */
export const MAX_TIP = 99_999.99;
export const TENDERED_TOO_LOW = "Alınan tutar ödemeden az olamaz.";
export const TENDERED_CASH_ONLY = "Alınan tutar (para üstü) yalnız nakit ödemede gönderilir.";

/** Empty (a blank form field, null in JSON) means none. */
const blankAsNone = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** Bahşiş (decision 085): money, 0 or more, typed the Turkish way ("25,50"); exact text for the DECIMAL column. */
export const tipField = z.preprocess(blankAsNone, decimalField("Bahşiş", { decimals: 2, max: MAX_TIP, money: true }).optional());

/** The cash handed over ("Alınan (nakit)"): the change is what it leaves after the payment and the tip. */
export const tenderedField = z.preprocess(blankAsNone, decimalField("Alınan tutar", { decimals: 2, max: MAX_TIP, money: true }).optional());

/**
 * The payments screen's form. "Nakit Öde" / "Kartla Öde" (method + the ticked
 * order_id boxes) and the quick button under one order ("cash:12", just that
 * order) ask for confirmation; the confirmation posts intent=pay. A meal card's button posts
 * just `meal_card` (its name: method meal_card); the confirmation posts both.
 */
export const PaymentFormSchema = z
  .object({
    intent: z.literal("pay", { error: BAD_INTENT }).optional(),
    table: idField(NO_TABLE_CHOSEN),
    method: z.enum(PAYMENT_METHODS, { error: BAD_METHOD }).optional(),
    quick: z
      .string()
      .regex(/^(cash|card):\d{1,10}$/, BAD_METHOD)
      .optional(),
    meal_card: mealCardNameField,
    order_id: z.array(idField("Sipariş numarası geçersiz.")).max(50, "Bir seferde en fazla 50 sipariş ödenebilir.").optional(),
    // Rendered into the confirmation: a second tap on "Onayla" pays nothing twice.
    pay_key: z.string().regex(CLIENT_KEY, "Ödeme anahtarı geçersiz.").optional(),
    // An optional discount code (decision 035): checked in the confirmation, used when paid.
    discount_code: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), codeField.optional()),
    // The confirmation's "Bahşiş" and, for cash, "Alınan (nakit)" (decision 085).
    tip: tipField,
    tendered: tenderedField,
  })
  .transform((form, ctx) => {
    const [quickMethod, quickOrder] = form.quick?.split(":") ?? [];
    const method = (quickMethod ?? form.method ?? (form.meal_card ? "meal_card" : undefined)) as
      (typeof PAYMENT_METHODS)[number] | undefined;
    const orderIds = quickOrder ? [Number(quickOrder)] : (form.order_id ?? []);
    if (!method) ctx.addIssue({ code: "custom", path: ["method"], message: BAD_METHOD });
    if (method === "meal_card" && !form.meal_card) ctx.addIssue({ code: "custom", path: ["meal_card"], message: MEAL_CARD_NAME_REQUIRED });
    if (orderIds.length === 0) ctx.addIssue({ code: "custom", path: ["order_id"], message: NONE_SELECTED });
    if (form.tendered !== undefined && method && method !== "cash")
      ctx.addIssue({ code: "custom", path: ["tendered"], message: TENDERED_CASH_ONLY });
    if (!method || orderIds.length === 0 || (method === "meal_card" && !form.meal_card)) return z.NEVER;
    if (form.tendered !== undefined && method !== "cash") return z.NEVER;
    return {
      table: form.table,
      method,
      mealCard: method === "meal_card" ? form.meal_card! : null,
      orderIds: [...new Set(orderIds)],
      confirmed: form.intent === "pay",
      payKey: form.pay_key ?? null,
      discountCode: form.discount_code ?? null,
      tip: form.tip ?? null,
      tendered: form.tendered ?? null,
    };
  });

/** An e-Arşiv invoice's ETTN: a UUID. */
const ETTN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^\d{1,10}$/;

const fiscalFields = {
  kind: z.enum(["okc", "e_arsiv"], { error: "Belge türü ÖKC fişi (okc) ya da e-Arşiv fatura (e_arsiv) olmalıdır." }),
  number: z.string({ error: "Belge numarası zorunludur." }).trim().min(1, "Belge numarası zorunludur.").max(36, "Belge numarası çok uzun."),
  z_number: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ error: "Z numarası metin olmalıdır." }).trim().optional(),
  ),
};

function checkFiscal(v: { kind: "okc" | "e_arsiv"; number: string; z_number?: string }, ctx: z.RefinementCtx) {
  if (v.kind === "okc") {
    if (!DIGITS.test(v.number)) ctx.addIssue({ code: "custom", path: ["number"], message: "Fiş numarası 1-10 haneli bir sayı olmalıdır." });
    if (!v.z_number || !DIGITS.test(v.z_number)) {
      ctx.addIssue({ code: "custom", path: ["z_number"], message: "ÖKC fişi için Z numarası (1-10 haneli) zorunludur." });
    }
  } else if (!ETTN.test(v.number)) {
    ctx.addIssue({ code: "custom", path: ["number"], message: "ETTN 8-4-4-4-12 biçiminde olmalıdır (ör. 3f2b1c4d-…)." });
  }
}

const fiscalOf = (v: { kind: "okc" | "e_arsiv"; number: string; z_number?: string }) => ({
  kind: v.kind,
  number: v.kind === "e_arsiv" ? v.number.toLowerCase() : v.number,
  z: v.kind === "okc" ? (v.z_number ?? null) : null,
});

/**
 * A payment's fiscal document (issue 22): `kind` "okc" with `number` (the fiş no) and `z_number`,
 * or "e_arsiv" with `number` (the invoice's ETTN).
 */
export const FiscalReferenceSchema = z.object(fiscalFields).superRefine(checkFiscal).transform(fiscalOf);
export type FiscalReference = z.output<typeof FiscalReferenceSchema>;

/** The receipt's form: the same fields for the orders the receipt names ("12,13"). */
export const FiscalFormSchema = z
  .object({
    intent: z.literal("fiscal", { error: BAD_INTENT }),
    table: idField(NO_TABLE_CHOSEN),
    orders: z.string({ error: "Sipariş seçilmedi." }).regex(/^\d{1,10}(,\d{1,10}){0,49}$/, "Sipariş seçilmedi."),
    ...fiscalFields,
  })
  .superRefine(checkFiscal)
  .transform((v) => ({ table: v.table, orderIds: v.orders.split(",").map(Number), ref: fiscalOf(v) }));

const MAX_SHARES = 50;
const BAD_TABLE_METHOD = "Ödeme yöntemi nakit, kart, yemek kartı ya da cari hesap olmalıdır.";
export const ACCOUNT_REQUIRED = "Hesaba yazmak için bir cari hesap seçin.";
export const NO_TIP_ON_ACCOUNT = "Bahşiş cari hesaba yazılmaz; nakit ya da kartla alın.";
const PART_ONE_OF = "Ödenecek kısmı tek biçimde gönderin: items (ürünler), shares (eşit bölme) ya da amount (tutar).";

/**
 * POST /api/tables/{number}/payments (decision 086): `method`, and at most one of `items` (lines and
 * quantities), `shares` ({count, pay}: pay of count equal shares) or `amount` (typed); none pays all
 * that remains. `tendered` (cash: the answer gives `change`), `tip`, `discount_code` (all, or the
 * chosen lines), `pay_key`.
 */
export const TablePaymentSchema = z
  .object({
    // house_account (hesaba yaz, decision 087) names the account in account_id.
    method: z.enum([...PAYMENT_METHODS, "house_account"], { error: BAD_TABLE_METHOD }),
    account_id: idField("Cari hesap geçersiz.").optional(),
    // A manager's approval past the account's credit limit, typed on the spot (manager mode needs none).
    manager_password: z.string({ error: "Yönetici şifresi metin olmalıdır." }).max(128, "Yönetici şifresi çok uzun.").optional(),
    meal_card: mealCardNameField,
    items: z
      .array(
        z.object({
          order_item_id: idField("Ürün satırı geçersiz."),
          quantity: z
            .number({ error: "Adet bir sayı olmalıdır." })
            .int("Adet tam sayı olmalıdır.")
            .min(1, "Adet en az 1 olmalıdır.")
            .max(999, "Adet çok büyük."),
        }),
        { error: "items bir liste olmalıdır." },
      )
      .min(1, "Ödenecek ürünleri seçin.")
      .max(200, "Bir ödemede en fazla 200 satır seçilebilir.")
      .optional(),
    shares: z
      .object({
        count: z
          .number({ error: "Kaç kişiye bölüneceği bir sayı olmalıdır." })
          .int("Kişi sayısı tam sayı olmalıdır.")
          .min(2, "Hesap en az 2 parçaya bölünür.")
          .max(MAX_SHARES, `Hesap en fazla ${MAX_SHARES} parçaya bölünür.`),
        pay: z
          .number({ error: "Ödenecek pay sayısı bir sayı olmalıdır." })
          .int("Pay sayısı tam sayı olmalıdır.")
          .min(1, "En az 1 pay ödenir."),
      })
      .optional(),
    amount: z.preprocess(blankAsNone, decimalField("Tutar", { decimals: 2, max: 999_999.99, money: true }).optional()),
    tip: tipField,
    tendered: tenderedField,
    discount_code: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), codeField.optional()),
    pay_key: z.string().regex(CLIENT_KEY, "Ödeme anahtarı 8–64 harf, rakam, - ya da _ olmalıdır.").optional(),
  })
  .superRefine((b, ctx) => {
    if ([b.items, b.shares, b.amount].filter((x) => x !== undefined).length > 1)
      ctx.addIssue({ code: "custom", path: ["items"], message: PART_ONE_OF });
    if (b.shares && b.shares.pay > b.shares.count)
      ctx.addIssue({ code: "custom", path: ["shares", "pay"], message: "Ödenen pay, pay sayısından çok olamaz." });
    if (b.amount !== undefined && Number(b.amount) <= 0)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Tutar sıfırdan büyük olmalıdır." });
    if (b.method === "meal_card" && !b.meal_card) ctx.addIssue({ code: "custom", path: ["meal_card"], message: MEAL_CARD_NAME_REQUIRED });
    if (b.method !== "cash" && b.tendered !== undefined) ctx.addIssue({ code: "custom", path: ["tendered"], message: TENDERED_CASH_ONLY });
    if (b.method === "house_account" && b.account_id === undefined)
      ctx.addIssue({ code: "custom", path: ["account_id"], message: ACCOUNT_REQUIRED });
    if (b.method === "house_account" && b.tip !== undefined && Number(b.tip) > 0)
      ctx.addIssue({ code: "custom", path: ["tip"], message: NO_TIP_ON_ACCOUNT });
  });
export type TablePaymentBody = z.output<typeof TablePaymentSchema>;
