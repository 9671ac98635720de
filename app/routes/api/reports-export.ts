import type { Route } from "./+types/reports-export";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { reportCsv } from "~/modules/reports/csv.server";
import { exportFileName } from "~/modules/reports/detailed";
import { ReportQuerySchema } from "~/modules/reports/schemas";
import { handleApi } from "~/utils/api.server";
import { acceptsGzip, methodNotAllowed, readQuery } from "~/utils/http.server";
import { withNodeBody } from "~/utils/node-body.server";
import { nodeBodyContext } from "~/utils/request-context";

/**
 * GET /api/reports/export?type=&period= (manager mode): the report as a CSV attachment, streamed
 * (decision 037). The page's "CSV İndir" link points here, with the session cookie.
 */
export function loader({ request, context, url }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const { type, period } = readQuery(url, ReportQuerySchema);
    requireFeature(auth.restaurant, "reports_full");
    // A heavy job (decision 090): 429 with Retry-After while the restaurant runs another or the process is full.
    // Answered as a direct route (server/edge.mjs), the sales CSV is written to Node's response,
    // compressed by its worker (decision 097).
    const direct = context.get(nodeBodyContext) ? { gzip: acceptsGzip(request.headers.get("accept-encoding")) } : undefined;
    const { range, body } = await reportCsv(auth.restaurant.id, type, period, auth.restaurant.timezone, new Date(), direct);
    const headers = new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(type, range)}"`,
      "Cache-Control": "no-store",
    });
    if (body instanceof ReadableStream) return new Response(body, { headers });
    headers.set("Vary", "Accept-Encoding");
    if (body.gzip) headers.set("Content-Encoding", "gzip");
    return withNodeBody(new Response(null, { headers }), (res) => body.writeTo(res));
  });
}

export const action = () => methodNotAllowed("GET");
