// The platform admin's invoices screen: invoices waiting for a bank transfer across every
// restaurant, and the transfer marked received (markInvoicePaid: idempotent, locked, lifts a
// suspension for not paying, decision 040).
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { INVOICE_NOT_FOUND } from "./billing-rules";
import { invoiceDto, markInvoicePaid, type InvoiceDto } from "./billing.server";
import { REVIEW_LIST_LIMIT, type InvoiceFilter } from "./review-rules";

export interface AdminInvoiceDto extends Omit<InvoiceDto, "pdf_url"> {
  restaurant_id: number;
  restaurant_name: string;
  /** Unpaid and past its due date. */
  is_overdue: boolean;
}

function whereOf(filter: InvoiceFilter, now: Date): Prisma.InvoiceWhereInput {
  switch (filter) {
    case "unpaid":
      return { status: "pending" };
    case "overdue":
      return { status: "pending", dueAt: { lt: now } };
    case "paid":
      return { status: "paid" };
    case "all":
      return {};
  }
}

const WITH_RESTAURANT_NAME = { restaurant: { select: { name: true } } } as const;
type AdminInvoiceRow = Prisma.InvoiceGetPayload<{ include: typeof WITH_RESTAURANT_NAME }>;

function adminInvoiceDto({ restaurant, ...invoice }: AdminInvoiceRow, now: Date): AdminInvoiceDto {
  // The PDF link is the restaurant's own page (/app/...), not one the admin can open.
  const { pdf_url: _pdf, ...dto } = invoiceDto(invoice);
  return {
    ...dto,
    restaurant_id: invoice.restaurantId,
    restaurant_name: restaurant.name,
    is_overdue: invoice.status === "pending" && invoice.dueAt.getTime() < now.getTime(),
  };
}

/** Unpaid ones by due date (the most urgent first); paid ones and all by date written, newest first. */
export async function listAdminInvoices(filter: InvoiceFilter, now = new Date(), limit = REVIEW_LIST_LIMIT): Promise<AdminInvoiceDto[]> {
  const unpaid = filter === "unpaid" || filter === "overdue";
  const rows = await prisma.invoice.findMany({
    where: whereOf(filter, now),
    orderBy: unpaid ? [{ dueAt: "asc" }, { id: "asc" }] : [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: WITH_RESTAURANT_NAME,
  });
  return rows.map((row) => adminInvoiceDto(row, now));
}

/** One invoice as the list shows it, for the "Havale alındı" confirmation (404 like a missing one). */
export async function getAdminInvoice(invoiceId: number, now = new Date()): Promise<AdminInvoiceDto> {
  const row = await prisma.invoice.findUnique({ where: { id: invoiceId }, include: WITH_RESTAURANT_NAME });
  if (!row) throw new DomainError(404, INVOICE_NOT_FOUND);
  return adminInvoiceDto(row, now);
}

/** "Havale alındı" by `adminId`: the invoice paid (again: the same answer), the restaurant's state after it. */
export async function markTransferReceived(invoiceId: number, adminId: number, now?: Date) {
  const result = await markInvoicePaid(invoiceId, adminId, now);
  const { pdf_url: _pdf, ...invoice } = result.invoice;
  return { ...result, invoice };
}
