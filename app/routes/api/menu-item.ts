import type { Route } from "./+types/menu-item";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { deleteMenuItem, updateMenuItem } from "~/modules/menu/menu.server";
import { PriceChangeUnconfirmed } from "~/modules/menu/price-change";
import { ITEM_DELETED } from "~/modules/menu/rules";
import { MenuItemIdParam, UpdateMenuItemSchema } from "~/modules/menu/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, readParam, requireMethod } from "~/utils/http.server";

/**
 * PUT /api/menu/{id}: changes the fields sent (name, category, price, description,
 * available); with `version`, an item changed since gets 409. A price ten times (or a tenth
 * of) the old one gets 409 unless `confirm_price_change: true` (decision 061). DELETE /api/menu/{id}:
 * deletes it (past orders keep their lines). Manager mode; another restaurant's id: 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "menu_management");
    const id = readParam(MenuItemIdParam, params.id);
    if (request.method.toUpperCase() === "DELETE") {
      await deleteMenuItem(auth.restaurant.id, id);
      return { message: ITEM_DELETED, id };
    }
    const { version, confirm_price_change, ...fields } = await readJson(request, UpdateMenuItemSchema);
    try {
      return await updateMenuItem(auth.restaurant.id, id, fields, version ?? null, { confirmPriceChange: confirm_price_change === true });
    } catch (error) {
      throw error instanceof PriceChangeUnconfirmed ? error.forApi() : error;
    }
  });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
