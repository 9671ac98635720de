import type { Route } from "./+types/reports-daily";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { dailyReport } from "~/modules/reports/daily.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/reports/daily (manager): today in the restaurant's time zone, from real payments. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    return dailyReport(auth.restaurant.id, auth.restaurant.timezone);
  });
}

export const action = () => methodNotAllowed("GET");
