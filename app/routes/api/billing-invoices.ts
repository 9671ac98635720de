import type { Route } from "./+types/billing-invoices";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { listInvoices } from "~/modules/billing/billing.server";
import { InvoicesQuerySchema } from "~/modules/billing/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readQuery } from "~/utils/http.server";

/** GET /api/billing/invoices?limit=5 (manager mode): the newest invoices first, 1-50 (default 5). */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const { limit } = readQuery(new URL(request.url), InvoicesQuerySchema);
    return { invoices: await listInvoices(auth.restaurant.id, limit) };
  });
}

export const action = () => methodNotAllowed("GET");
