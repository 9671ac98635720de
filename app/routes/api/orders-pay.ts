import { z } from "zod";
import type { Route } from "./+types/orders-pay";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { codeField } from "~/modules/discounts/schemas";
import { PAYMENT_METHODS } from "~/modules/payments/methods";
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
const PaySchema = z.object({
  payment_method: enumField("Ödeme yöntemi", PAYMENT_METHODS),
  pay_key: z.string().regex(PAY_KEY_PATTERN, "Ödeme anahtarı 8–64 harf, rakam, - ya da _ olmalıdır.").optional(),
  // Empty means none (a form's blank field).
  discount_code: z.preprocess((v) => (v === "" || v === null ? undefined : v), codeField.optional()),
});

/**
 * PUT /api/orders/{id}/pay?payment_method=cash|card: pays the order once (409 if already paid).
 * A client that may repeat the call (a retry after a lost answer) sends a key, as `pay_key` or
 * an Idempotency-Key header: a repeat with the same key gets the first answer, `replayed: true`.
 * `discount_code` applies a code of this restaurant (decision 035): the answer adds order_total,
 * discount_code, discount_amount and amount_charged (= amount). A code that does not exist here,
 * is switched off, out of its days or under its minimum is 400; one with no use left is 409;
 * either way the order stays unpaid.
 */
export function action({ request, params, url, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "payment_processing");
    const orderId = readParam(orderIdParam, params.id);
    const header = idempotencyKeyOf(request);
    const { payment_method, pay_key, discount_code } = validate(PaySchema, {
      ...(await readJsonObject(request)),
      ...Object.fromEntries(url.searchParams),
      ...(header !== undefined ? { pay_key: header } : {}),
    });
    const result = await payOrder(actorOf(auth), orderId, payment_method, { payKey: pay_key ?? null, discountCode: discount_code ?? null });
    return { message: "Ödeme alındı.", ...result };
  });
}

export const loader = () => methodNotAllowed("PUT");
