import type { Route } from "./+types/table-status";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { tableNumberParam, TableStatusSchema } from "~/modules/tables/schemas";
import { setTableStatus } from "~/modules/tables/tables.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/** POST /api/tables/{n}/status (manager): status, waiter_name and customer_count in the query (as the spec's client sends them) or a JSON body. */
export function action({ request, params, url, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const number = readParam(tableNumberParam, params.number);
    const input = validate(TableStatusSchema, { ...Object.fromEntries(url.searchParams), ...(await readJsonObject(request)) });
    return setTableStatus(auth.restaurant.id, number, input);
  });
}

export const loader = () => methodNotAllowed("POST");
