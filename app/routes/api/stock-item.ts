import type { Route } from "./+types/stock-item";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { DELETED } from "~/modules/stock/rules";
import { StockIdSchema, UpdateStockSchema } from "~/modules/stock/schemas";
import { deleteStockItem, getStockItem, listMovements, updateStockItem } from "~/modules/stock/stock.server";
import { handleApi } from "~/utils/api.server";
import { readJson, readParam, requireMethod } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";

/** GET /api/stock/{id} (manager mode): the item and its latest movements. */
export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const id = readParam(StockIdSchema, params.id);
    const item = await getStockItem(auth.restaurant.id, id);
    return { ...item, movements: await listMovements(auth.restaurant.id, id) };
  });
}

/**
 * PUT /api/stock/{id}: changes the fields sent (see UpdateStockSchema: `stock_change` moves the
 * level atomically, `version` refuses a stale edit with 409, a `change_key` or Idempotency-Key
 * makes a retried move a no-op). DELETE /api/stock/{id}: deletes it;
 * again is fine (200), another restaurant's id is 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "stock_management");
    const id = readParam(StockIdSchema, params.id);
    if (request.method.toUpperCase() === "DELETE") {
      await deleteStockItem(auth.restaurant.id, id);
      return { message: DELETED };
    }
    const header = idempotencyKeyOf(request);
    const input = await readJson(request, UpdateStockSchema);
    if (header !== undefined && input.change_key === undefined) input.change_key = header;
    return updateStockItem(actorOf(auth), id, input);
  });
}
