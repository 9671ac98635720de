import type { Route } from "./+types/reports-export";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { reportCsv } from "~/modules/reports/csv.server";
import { exportFileName } from "~/modules/reports/detailed";
import { ReportQuerySchema } from "~/modules/reports/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readQuery } from "~/utils/http.server";

/**
 * GET /api/reports/export?type=&period= (manager mode): the report as a CSV attachment, streamed
 * (decision 037). The page's "CSV İndir" link points here, with the session cookie.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const { type, period } = readQuery(url, ReportQuerySchema);
    requireFeature(auth.restaurant, "reports_full");
    // A heavy job (decision 090): 429 with Retry-After while the restaurant runs another or the process is full.
    const { range, body } = await reportCsv(auth.restaurant.id, type, period, auth.restaurant.timezone);
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(type, range)}"`,
        "Cache-Control": "no-store",
      },
    });
  });
}

export const action = () => methodNotAllowed("GET");
