import type { Route } from "./+types/enhanced-table-status";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { listEnhancedStatus } from "~/modules/tables/management.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/enhanced-table-status: entries of configuration, section and status {status, waiter_name, customer_count, ...}. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => listEnhancedStatus(context.get(apiAuthContext).restaurant.id));
}

export const action = () => methodNotAllowed("GET");
