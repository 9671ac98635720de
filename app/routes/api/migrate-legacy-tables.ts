import type { Route } from "./+types/migrate-legacy-tables";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { migrateLegacyTables } from "~/modules/tables/management.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, requireMethod } from "~/utils/http.server";

/** POST /api/migrate-legacy-tables (manager): configurations for the numbered tables that have none; again: migrated_tables 0. */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "table_management");
    return migrateLegacyTables(auth.restaurant.id);
  });
}

export const loader = () => methodNotAllowed("POST");
