import type { Route } from "./+types/admin-invoice-mark-paid";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { markTransferReceived } from "~/modules/billing/admin-invoices.server";
import { TRANSFER_RECEIVED } from "~/modules/billing/review-rules";
import { InvoiceIdSchema } from "~/modules/billing/review-schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readParam, requireMethod } from "~/utils/http.server";

/**
 * POST /api/admin/invoices/{id}/mark-paid: the bank transfer arrived. Idempotent (paid again: the
 * same answer, the first payment date kept); a cancelled invoice is 409, an unknown one 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { admin } = context.get(adminAuthContext);
    const result = await markTransferReceived(readParam(InvoiceIdSchema, params.id), admin.id);
    return { success: true, message: TRANSFER_RECEIVED(result.invoice.number), ...result };
  });
}

export const loader = () => methodNotAllowed("POST");
