import type { Route } from "./+types/orders";
import { actorOf } from "~/modules/auth/actor";
import { requireApiAuth } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { createOrder } from "~/modules/orders/orders.server";
import { CreateOrderSchema } from "~/modules/orders/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

/**
 * POST /api/orders: 201 with the new order; with a client_order_id already
 * seen, 200 with the first order and `Idempotent-Replay: true`.
 */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = await requireApiAuth(request);
    requireFeature(auth.restaurant, "order_taking");
    const input = await readJson(request, CreateOrderSchema);
    const { order, replayed } = await createOrder(actorOf(auth), input);
    return Response.json(order, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}

export const loader = () => methodNotAllowed("POST");
