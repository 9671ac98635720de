import type { Route } from "./+types/order-move-items";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { MoveItemsSchema, OrderIdParam } from "~/modules/orders/move-schemas";
import { moveItems } from "~/modules/orders/moves.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/orders/{id}/move-items `{items: [{order_item_id, quantity}], to_table_number, key}`:
 * those units start an order on the other table (empty or occupied), at the prices sold, and their
 * sent units go along on the kitchen's tickets. Another restaurant's order: 404 (decision 084).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const id = readParam(OrderIdParam, params.id);
    const { items, to_table_number, key } = validate(MoveItemsSchema, withIdempotencyKey(request, await readJsonObject(request), "key"));
    const result = await moveItems(actorOf(auth), id, items, to_table_number, key ?? null);
    return Response.json(result, { headers: result.replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}

export const loader = () => methodNotAllowed("POST");
