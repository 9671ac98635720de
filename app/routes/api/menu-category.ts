import type { Route } from "./+types/menu-category";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { deleteCategory, updateCategory } from "~/modules/menu/categories.server";
import { CategoryIdParam, DeleteCategorySchema, UpdateCategorySchema } from "~/modules/menu/category-schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/**
 * PUT /api/menu/categories/{id}: changes the fields sent (name, kdv_rate, hidden, station_id,
 * position — the target place, 0 = first); with `version`, a category changed since gets 409.
 * DELETE /api/menu/categories/{id}: an empty category goes; one with items needs `move_to` (another
 * category's id, in the body or the query), else 409; its items move there in the same transaction.
 * Manager mode (the role table); another restaurant's id: 404.
 */
export function action({ request, params, context, url }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "menu_management");
    const id = readParam(CategoryIdParam, params.id);
    const body = await readJsonObject(request);
    if (request.method.toUpperCase() === "DELETE") {
      const query = url.searchParams.get("move_to");
      const { move_to } = validate(DeleteCategorySchema, query !== null && body.move_to === undefined ? { move_to: query } : body);
      const { moved } = await deleteCategory(auth.restaurant.id, id, move_to ?? null);
      return { message: "Kategori silindi", id, moved_items: moved };
    }
    const { version, name, kdv_rate, hidden, position, station_id } = validate(UpdateCategorySchema, body);
    return updateCategory(
      auth.restaurant.id,
      id,
      { name, kdvRate: kdv_rate ?? undefined, hidden, position, stationId: station_id },
      version ?? null,
    );
  });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
