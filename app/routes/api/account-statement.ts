import type { Route } from "./+types/account-statement";
import { statement } from "~/modules/accounts/accounts.server";
import { AccountIdParam, StatementQuerySchema } from "~/modules/accounts/schemas";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { handleApi } from "~/utils/api.server";
import { readParam, readQuery } from "~/utils/http.server";

/**
 * GET /api/accounts/{id}/statement?from=YYYY-MM-DD&to=YYYY-MM-DD (manager mode; either end may be
 * left out): the opening balance of the period, each movement with the balance after it, the
 * period's totals and its closing balance, in the restaurant's days (decision 087).
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { restaurant } = context.get(apiAuthContext);
    const id = readParam(AccountIdParam, params.id);
    const period = readQuery(new URL(request.url), StatementQuerySchema);
    return statement(restaurant.id, id, period, restaurant.timezone);
  });
}
