import type { Route } from "./+types/stock";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { CreateStockSchema } from "~/modules/stock/schemas";
import { createStockItem, listStock } from "~/modules/stock/stock.server";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/** GET /api/stock (manager mode): the restaurant's items with their level (low, normal, high). */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    return listStock(auth.restaurant.id);
  });
}

/**
 * POST /api/stock (manager mode): 201 with the new item. A `client_id` (or Idempotency-Key header)
 * already seen answers 200 with the first item and `Idempotent-Replay: true`.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "stock_management");
    const body = await readJsonObject(request);
    const input = validate(CreateStockSchema, withIdempotencyKey(request, body, "client_id"));
    const { item, replayed } = await createStockItem(actorOf(auth), input, input.client_id);
    return Response.json(item, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
