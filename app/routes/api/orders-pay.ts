import { z } from "zod";
import type { Route } from "./+types/orders-pay";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { codeField } from "~/modules/discounts/schemas";
import { MEAL_CARD_NAME_REQUIRED } from "~/modules/payments/meal-cards";
import { PAYMENT_METHODS } from "~/modules/payments/methods";
import { mealCardNameField, TENDERED_CASH_ONLY, tenderedField, tipField } from "~/modules/payments/schemas";
import { PAY_KEY_PATTERN, payOrder } from "~/modules/payments/payments.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";
import { enumField, strictNumberInput } from "~/utils/validation";
import { idempotencyKeyOf } from "~/utils/idempotency.server";

const orderIdParam = z.preprocess(
  strictNumberInput,
  z
    .number({ error: "Sipariş numarası bir sayı olmalıdır." })
    .int("Sipariş numarası tam sayı olmalıdır.")
    .positive("Sipariş numarası geçersiz."),
);
const PaySchema = z
  .object({
    payment_method: enumField("Ödeme yöntemi", PAYMENT_METHODS),
    // With payment_method meal_card: which card (one the restaurant accepts, decision 083).
    meal_card: mealCardNameField,
    pay_key: z.string().regex(PAY_KEY_PATTERN, "Ödeme anahtarı 8–64 harf, rakam, - ya da _ olmalıdır.").optional(),
    // Empty means none (a form's blank field).
    discount_code: z.preprocess((v) => (v === "" || v === null ? undefined : v), codeField.optional()),
    // Bahşiş and, for cash, what was handed over (decision 085).
    tip: tipField,
    tendered: tenderedField,
  })
  .superRefine((body, ctx) => {
    if (body.payment_method === "meal_card" && !body.meal_card)
      ctx.addIssue({ code: "custom", path: ["meal_card"], message: MEAL_CARD_NAME_REQUIRED });
    if (body.payment_method !== "meal_card" && body.meal_card)
      ctx.addIssue({
        code: "custom",
        path: ["meal_card"],
        message: "Yemek kartının adı yalnız yemek kartıyla (meal_card) ödemede gönderilir.",
      });
    if (body.payment_method !== "cash" && body.tendered !== undefined)
      ctx.addIssue({ code: "custom", path: ["tendered"], message: TENDERED_CASH_ONLY });
  });

/**
 * PUT /api/orders/{id}/pay?payment_method=cash|card|meal_card: pays the order once (409 if already paid).
 * With meal_card, `meal_card` names the card: one of the settings' meal cards (any case), else 400;
 * the answer's `meal_card` spells it as the settings do (null for cash and card).
 * A client that may repeat the call (a retry after a lost answer) sends a key, as `pay_key` or
 * an Idempotency-Key header: a repeat with the same key gets the first answer, `replayed: true`.
 * `discount_code` applies a code of this restaurant (decision 035): the answer adds order_total,
 * discount_code, discount_amount and amount_charged (= amount). A code that does not exist here,
 * is switched off, out of its days or under its minimum is 400; one with no use left is 409;
 * either way the order stays unpaid.
 * The settings' service charge is added on what the lines are charged (after the code), rounded per
 * order: the answer's `service_charge`, part of `amount` (decision 085). `tip` (bahşiş, ≥ 0) is stored
 * apart, not in `amount`; `tendered` (cash only, ≥ amount + tip, else 400) gives `change`.
 */
export function action({ request, params, url, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "payment_processing");
    const orderId = readParam(orderIdParam, params.id);
    const header = idempotencyKeyOf(request);
    const { payment_method, meal_card, pay_key, discount_code, tip, tendered } = validate(PaySchema, {
      ...(await readJsonObject(request)),
      ...Object.fromEntries(url.searchParams),
      ...(header !== undefined ? { pay_key: header } : {}),
    });
    const result = await payOrder(actorOf(auth), orderId, payment_method, {
      payKey: pay_key ?? null,
      discountCode: discount_code ?? null,
      mealCard: meal_card ?? null,
      tip: tip ?? null,
      tendered: tendered ?? null,
    });
    return { message: "Ödeme alındı.", ...result };
  });
}

export const loader = () => methodNotAllowed("PUT");
