import type { Route } from "./+types/discount";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { deleteDiscount, getDiscount, updateDiscount } from "~/modules/discounts/discounts.server";
import { DELETED } from "~/modules/discounts/rules";
import { DiscountIdSchema, UpdateDiscountSchema } from "~/modules/discounts/schemas";
import { handleApi } from "~/utils/api.server";
import { readJson, readParam, requireMethod } from "~/utils/http.server";

/** GET /api/discounts/{id} (manager mode): one discount. */
export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    return getDiscount(auth.restaurant.id, readParam(DiscountIdSchema, params.id), auth.restaurant.timezone);
  });
}

/**
 * PUT /api/discounts/{id}: changes the fields sent (`is_active` is the toggle); `version` refuses a
 * stale edit with 409, a code already used here is 409. DELETE /api/discounts/{id}: deletes it
 * (its past payments keep the code and amount); another restaurant's id, or a deleted one, is 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "discounts");
    const id = readParam(DiscountIdSchema, params.id);
    if (request.method.toUpperCase() === "DELETE") {
      await deleteDiscount(auth.restaurant.id, id);
      return { message: DELETED };
    }
    return updateDiscount(auth.restaurant.id, id, await readJson(request, UpdateDiscountSchema), auth.restaurant.timezone);
  });
}
