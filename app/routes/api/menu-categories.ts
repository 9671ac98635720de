import type { Route } from "./+types/menu-categories";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { createCategory, listCategories } from "~/modules/menu/categories.server";
import { CreateCategorySchema } from "~/modules/menu/category-schemas";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/menu/categories (whoever takes orders): the restaurant's categories in the owner's
 * order with `key` (what an item's `category` carries), name, position, hidden, kdv_rate,
 * station_id (decision 077), item_count and version (decision 068).
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => listCategories(context.get(apiAuthContext).restaurant.id));
}

/**
 * POST /api/menu/categories (manager mode; the role table decides): 201 with the new category and
 * its generated key; `kdv_rate` defaults to the restaurant's tax rate, `station_id` to its first station. A `client_id` (or
 * Idempotency-Key header) already seen answers 200 with the first one and `Idempotent-Replay: true`.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "menu_management");
    const body = await readJsonObject(request);
    const { client_id, name, kdv_rate, hidden, station_id } = validate(
      CreateCategorySchema,
      withIdempotencyKey(request, body, "client_id"),
    );
    const fields = { name, kdvRate: kdv_rate, hidden, stationId: station_id ?? null };
    const { category, replayed } = await createCategory(auth.restaurant.id, fields, client_id ?? null);
    return Response.json(category, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
