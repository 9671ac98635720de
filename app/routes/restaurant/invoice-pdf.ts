import type { Route } from "./+types/invoice-pdf";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { INVOICE_NOT_FOUND } from "~/modules/billing/billing-rules";
import { bankAccount, BillingError, getInvoice, sellerDetails } from "~/modules/billing/billing.server";
import { invoiceFileName, renderInvoicePdf } from "~/modules/billing/invoice-pdf.server";
import { InvoiceIdSchema } from "~/modules/billing/schemas";
import { DomainError } from "~/utils/domain-error";
import { withHeavyWork } from "~/utils/heavy-work.server";

const notFound = () => new Response(INVOICE_NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /app/invoices/{id}/pdf (manager mode): the invoice as a PDF made on the server, opened in
 * the browser (inline) with its number as the file name. Another restaurant's invoice is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const id = InvoiceIdSchema.safeParse(params.id);
  if (!id.success) return notFound();
  let invoice;
  try {
    invoice = await getInvoice(restaurant.id, id.data);
  } catch (error) {
    if (error instanceof BillingError && error.status === 404) return notFound();
    throw error;
  }
  let pdf: Buffer;
  try {
    // Drawing a PDF is CPU on the event loop: a heavy job (decision 090), 429 with Retry-After over a limit.
    pdf = await withHeavyWork(restaurant.id, () => renderInvoicePdf(invoice, bankAccount(), sellerDetails()));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...error.headers },
    });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${invoiceFileName(invoice.number)}"`,
      "Content-Length": String(pdf.byteLength),
      // An invoice's state changes when it is paid: not kept by shared caches.
      "Cache-Control": "private, no-store",
    },
  });
}
