import type { Route } from "./+types/reports-daily";
import { requireApiAuth, requireApiManager } from "~/modules/auth/guards.server";
import { dailyReport } from "~/modules/reports/daily.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/reports/daily (manager): today in the restaurant's time zone, from real payments. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = await requireApiAuth(request);
    requireApiManager(auth);
    return dailyReport(auth.restaurant.id, auth.restaurant.timezone);
  });
}

export const action = () => methodNotAllowed("GET");
