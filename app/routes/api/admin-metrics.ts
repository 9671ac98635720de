import type { Route } from "./+types/admin-metrics";
import { adminMetrics } from "~/modules/admin/metrics.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/metrics (platform admin): total_restaurants, active_restaurants, total_revenue and
 * monthly_revenue (paid invoices, all time and this calendar month in Europe/Istanbul, lira with two
 * decimals), plan_distribution (every plan, 0 when none), recent_signups (the ten newest).
 */
export function loader(_: Route.LoaderArgs) {
  return handleApi(() => adminMetrics());
}

export const action = () => methodNotAllowed("GET");
