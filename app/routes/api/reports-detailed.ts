import type { Route } from "./+types/reports-detailed";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { detailedReport } from "~/modules/reports/detailed.server";
import { ReportQuerySchema } from "~/modules/reports/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readQuery } from "~/utils/http.server";

/**
 * GET /api/reports/detailed?type=sales|inventory|staff&period=daily|weekly|monthly|yearly (manager
 * mode, a plan with detailed reports): the calendar period in the restaurant's time zone.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const { type, period } = readQuery(url, ReportQuerySchema);
    requireFeature(auth.restaurant, "reports_full");
    return detailedReport(auth.restaurant.id, type, period, auth.restaurant.timezone);
  });
}

export const action = () => methodNotAllowed("GET");
