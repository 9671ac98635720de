import type { Route } from "./+types/order-fiscal";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { OrderIdParam } from "~/modules/orders/move-schemas";
import { setFiscalReference } from "~/modules/payments/payments.server";
import { FiscalReferenceSchema } from "~/modules/payments/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/**
 * PUT /api/orders/{id}/fiscal `{kind: "okc", number, z_number}` or `{kind: "e_arsiv", number: ETTN}`
 * (whoever takes payments): the fiscal document issued for the paid order, typed by a cashier or
 * filled by an integration. Setting it again changes nothing; an order without a payment of this
 * restaurant: 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = context.get(apiAuthContext);
    const id = readParam(OrderIdParam, params.id);
    const ref = validate(FiscalReferenceSchema, await readJsonObject(request));
    await setFiscalReference(auth.restaurant.id, [id], ref);
    return { order_id: id, fiscal: { kind: ref.kind, number: ref.number, z_number: ref.z } };
  });
}

export const loader = () => methodNotAllowed("PUT");
