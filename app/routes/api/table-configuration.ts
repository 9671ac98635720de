import type { Route } from "./+types/table-configuration";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { deleteConfiguration, updateConfiguration } from "~/modules/tables/management.server";
import { configurationIdParam, ConfigurationUpdateSchema } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, readParam, requireMethod } from "~/utils/http.server";

/**
 * PUT /api/table-configurations/{id} (manager): the configuration's fields, and optionally the
 * updated_at it was based on (an older one: 409); the live table keeps its number. DELETE: 409
 * while the table has an unpaid order; a table with past orders is archived (decision 030).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "table_management");
    const id = readParam(configurationIdParam, params.id);
    if (request.method.toUpperCase() === "DELETE") {
      return { message: "Masa silindi.", ...(await deleteConfiguration(auth.restaurant.id, id)) };
    }
    return updateConfiguration(auth.restaurant.id, id, await readJson(request, ConfigurationUpdateSchema));
  });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
