import type { Route } from "./+types/orders";
import { actorOf } from "~/modules/auth/actor";
import { approveTakeAway, approverOf } from "~/modules/orders/approval.server";
import { clientAddressContext } from "~/utils/request-context";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { createOrder } from "~/modules/orders/orders.server";
import { CreateOrderSchema } from "~/modules/orders/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/orders: 201 with the new order; with a client_order_id (or an Idempotency-Key header)
 * already seen, 200 with the first order and `Idempotent-Replay: true`.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "order_taking");
    const input = validate(CreateOrderSchema, withIdempotencyKey(request, await readJsonObject(request), "client_order_id"));
    // Taking sent items away or ikram: manager mode or the manager password typed now (else 403).
    const approval = await approveTakeAway(approverOf(auth, context.get(clientAddressContext)), input);
    const { order, replayed } = await createOrder(actorOf(auth), input, undefined, approval);
    return Response.json(order, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}

export const loader = () => methodNotAllowed("POST");
