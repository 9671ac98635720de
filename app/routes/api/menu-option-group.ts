import type { Route } from "./+types/menu-option-group";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { OptionGroupIdParam, UpdateOptionGroupSchema } from "~/modules/menu/option-schemas";
import { deleteOptionGroup, updateOptionGroup } from "~/modules/menu/options.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/**
 * PUT /api/menu/option-groups/{id}: the whole group again (name, category_id or menu_item_id,
 * options in order; an option keeps its id by its place); with `version`, a group changed since
 * gets 409.
 * DELETE /api/menu/option-groups/{id}: the group and its options go; order lines keep what they
 * were sold with.
 * Manager mode (the role table); another restaurant's id: 404 (decision 082).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "menu_management");
    const id = readParam(OptionGroupIdParam, params.id);
    if (request.method.toUpperCase() === "DELETE") {
      await deleteOptionGroup(auth.restaurant.id, id);
      return { message: "Seçenek grubu silindi", id };
    }
    const input = validate(UpdateOptionGroupSchema, await readJsonObject(request));
    return updateOptionGroup(auth.restaurant.id, id, input, input.version ?? null);
  });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
