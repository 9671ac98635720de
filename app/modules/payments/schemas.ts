import { CLIENT_KEY } from "~/utils/idempotency-key";
import { z } from "zod";
import { codeField } from "~/modules/discounts/schemas";
import { BAD_INTENT } from "~/utils/page-reply";
import { strictNumberInput } from "~/utils/validation";
import { PAYMENT_METHODS } from "./methods";

export const NO_TABLE_CHOSEN = "Lütfen bir masa seçin!";
export const NONE_SELECTED = "Lütfen ödeme yapılacak siparişleri seçin";
const BAD_METHOD = "Ödeme yöntemi nakit ya da kart olmalıdır.";

const positiveId = (message: string) =>
  z.preprocess(strictNumberInput, z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));

/**
 * The payments screen's form. "Nakit Öde" / "Kartla Öde" (method + the ticked
 * order_id boxes) and the quick button under one order ("cash:12", just that
 * order) ask for confirmation; the confirmation posts intent=pay.
 */
export const PaymentFormSchema = z
  .object({
    intent: z.literal("pay", { error: BAD_INTENT }).optional(),
    table: positiveId(NO_TABLE_CHOSEN),
    method: z.enum(PAYMENT_METHODS, { error: BAD_METHOD }).optional(),
    quick: z
      .string()
      .regex(/^(cash|card):\d{1,10}$/, BAD_METHOD)
      .optional(),
    order_id: z.array(positiveId("Sipariş numarası geçersiz.")).max(50, "Bir seferde en fazla 50 sipariş ödenebilir.").optional(),
    // Rendered into the confirmation: a second tap on "Onayla" pays nothing twice.
    pay_key: z.string().regex(CLIENT_KEY, "Ödeme anahtarı geçersiz.").optional(),
    // An optional discount code (decision 035): checked in the confirmation, used when paid.
    discount_code: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), codeField.optional()),
  })
  .transform((form, ctx) => {
    const [quickMethod, quickOrder] = form.quick?.split(":") ?? [];
    const method = (quickMethod ?? form.method) as (typeof PAYMENT_METHODS)[number] | undefined;
    const orderIds = quickOrder ? [Number(quickOrder)] : (form.order_id ?? []);
    if (!method) ctx.addIssue({ code: "custom", path: ["method"], message: BAD_METHOD });
    if (orderIds.length === 0) ctx.addIssue({ code: "custom", path: ["order_id"], message: NONE_SELECTED });
    if (!method || orderIds.length === 0) return z.NEVER;
    return {
      table: form.table,
      method,
      orderIds: [...new Set(orderIds)],
      confirmed: form.intent === "pay",
      payKey: form.pay_key ?? null,
      discountCode: form.discount_code ?? null,
    };
  });
