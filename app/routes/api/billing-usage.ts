import type { Route } from "./+types/billing-usage";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { getUsage } from "~/modules/billing/billing.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/billing/usage (manager mode): the plan, its limits, and what is used of them (spec section 3). */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    return getUsage(auth.restaurant.id);
  });
}

export const action = () => methodNotAllowed("GET");
