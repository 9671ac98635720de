import type { Route } from "./+types/invoice-pdf";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { INVOICE_NOT_FOUND } from "~/modules/billing/billing-rules";
import { bankAccount, BillingError, getInvoice, sellerDetails } from "~/modules/billing/billing.server";
import { invoiceFileName, renderInvoicePdf } from "~/modules/billing/invoice-pdf.server";
import { InvoiceIdSchema } from "~/modules/billing/schemas";

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
  const pdf = await renderInvoicePdf(invoice, bankAccount(), sellerDetails());
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
