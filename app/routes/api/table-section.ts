import type { Route } from "./+types/table-section";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { deleteSection, updateSection } from "~/modules/tables/management.server";
import { sectionIdParam, SectionUpdateSchema } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, readParam, requireMethod } from "~/utils/http.server";

/**
 * PUT /api/table-sections/{id} (manager): name, description, color, and optionally the
 * updated_at it was based on (an older one: 409). DELETE: the section goes, its tables
 * stay without a section (decision 029).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "table_management");
    const id = readParam(sectionIdParam, params.id);
    if (request.method.toUpperCase() === "DELETE") {
      return { message: "Bölüm silindi.", ...(await deleteSection(auth.restaurant.id, id)) };
    }
    return updateSection(auth.restaurant.id, id, await readJson(request, SectionUpdateSchema));
  });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
