import type { Route } from "./+types/admin-invoices";
import { listAdminInvoices } from "~/modules/billing/admin-invoices.server";
import { InvoiceListQuery } from "~/modules/billing/review-schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readQuery } from "~/utils/http.server";

/** GET /api/admin/invoices?status=unpaid (default)|overdue|paid|all: invoices of every restaurant. */
export function loader({ url }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { status } = readQuery(url, InvoiceListQuery);
    return { invoices: await listAdminInvoices(status) };
  });
}

export const action = () => methodNotAllowed("GET");
