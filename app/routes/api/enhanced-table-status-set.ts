import type { Route } from "./+types/enhanced-table-status-set";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { setEnhancedStatus } from "~/modules/tables/management.server";
import { configurationIdParam, TableStatusSchema } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/**
 * POST /api/enhanced-table-status/{id} (manager): status, waiter_name, customer_count (JSON or
 * query) for the configuration's table, with the rules of POST /api/tables/{n}/status (an
 * unpaid table cannot be set empty: 409). Answers the entry as it is now.
 */
export function action({ request, params, url, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const id = readParam(configurationIdParam, params.id);
    const input = validate(TableStatusSchema, { ...Object.fromEntries(url.searchParams), ...(await readJsonObject(request)) });
    return setEnhancedStatus(auth.restaurant.id, id, input);
  });
}

export const loader = () => methodNotAllowed("POST");
