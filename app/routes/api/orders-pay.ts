import { z } from "zod";
import type { Route } from "./+types/orders-pay";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { PAYMENT_METHODS } from "~/modules/payments/methods";
import { payOrder } from "~/modules/payments/payments.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";
import { enumField, strictNumberInput } from "~/utils/validation";

const orderIdParam = z.preprocess(
  strictNumberInput,
  z
    .number({ error: "Sipariş numarası bir sayı olmalıdır." })
    .int("Sipariş numarası tam sayı olmalıdır.")
    .positive("Sipariş numarası geçersiz."),
);
const PaySchema = z.object({ payment_method: enumField("Ödeme yöntemi", PAYMENT_METHODS) });

/** PUT /api/orders/{id}/pay?payment_method=cash|card: pays the order once (409 if already paid). */
export function action({ request, params, url, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "payment_processing");
    const orderId = readParam(orderIdParam, params.id);
    const { payment_method } = validate(PaySchema, { ...(await readJsonObject(request)), ...Object.fromEntries(url.searchParams) });
    const result = await payOrder(actorOf(auth), orderId, payment_method);
    return { message: "Ödeme alındı.", ...result };
  });
}

export const loader = () => methodNotAllowed("PUT");
