// One payment's receipt as taken (issue 22, decision 089): the 80 mm page /app/receipt and the
// text a print device prints read it here. A table payment (bill_payments, decision 086) is named
// by its id, an order paid on its own by the order's id (its `payments` row without a table
// payment); both are looked up in the session's restaurant only, so another restaurant's id is
// not found (404). The figures are the stored rows', never recomputed: the receipt says what was
// taken then, whatever the bill or the settings say now.
import { Prisma } from "~/generated/prisma/client";
import type { PaymentType } from "~/generated/prisma/enums";
import { numberedTableLabel } from "~/modules/tables/labels";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import { tableBill } from "./bill.server";
import { paymentMethodLabel } from "./meal-cards";
import { PAYMENT_METHOD_LABELS } from "./methods";
import { fiscalText } from "./payments.server";

export const RECEIPT_NOT_FOUND = "Ödeme bulunamadı.";

/** The restaurant as the paper's head shows it, with its time zone and the settings' receipt footer. */
export interface PaperHeader {
  name: string;
  address: string | null;
  phone: string | null;
  time_zone: string;
  /** The settings' "Fiş alt yazısı", or null. */
  footer: string | null;
}

export interface ReceiptDto {
  /** "payment": a table payment (`?payment=` its bill_payments id); "order": an order paid on its own (`?order=`). */
  source: "payment" | "order";
  id: number;
  table_number: number;
  /** "Masa 4", or "Bahçe 2 (Masa 4)" for a table with a name. */
  table: string;
  paid_at: string;
  taken_by: string;
  method: PaymentType;
  /** "Nakit", "Kart", "Yemek kartı · Multinet", "Cari hesap · Deniz Yılmaz". */
  method_label: string;
  meal_card: string | null;
  /** With method house_account: the account's name. */
  house_account: string | null;
  /** What was charged (revenue): the lines' part less the discount, plus the service charge. */
  amount: number;
  /** Of the amount, the service charge. */
  service_charge: number;
  discount: number;
  discount_codes: string[];
  /** Bahşiş, apart from the amount. */
  tip: number;
  /** Cash handed over, and the change (null without it). */
  tendered: number | null;
  change: number | null;
  /** What the table's bill still owed after this payment; null when nothing (or not known: see orderReceipt). */
  remaining: number | null;
  /** The fiscal document recorded for it ("ÖKC fiş 1234 · Z 56"), or null. */
  fiscal: string | null;
  order_ids: number[];
}

export interface ReceiptView {
  receipt: ReceiptDto;
  header: PaperHeader;
}

interface PaymentRow {
  orderId: number;
  amount: Prisma.Decimal;
  method: PaymentType;
  mealCard: string | null;
  houseAccountId: number | null;
  serviceCharge: Prisma.Decimal;
  discountAmount: Prisma.Decimal;
  discountCode: string | null;
  tip: Prisma.Decimal;
  tendered: Prisma.Decimal | null;
  takenByName: string;
  paidAt: Date;
  fiscalKind: string | null;
  fiscalNumber: string | null;
  fiscalZ: string | null;
}

const paymentSelect = {
  orderId: true,
  amount: true,
  method: true,
  mealCard: true,
  houseAccountId: true,
  serviceCharge: true,
  discountAmount: true,
  discountCode: true,
  tip: true,
  tendered: true,
  takenByName: true,
  paidAt: true,
  fiscalKind: true,
  fiscalNumber: true,
  fiscalZ: true,
} as const;

const D = (v: Prisma.Decimal | string | number) => new Prisma.Decimal(v);
const sum = (values: Prisma.Decimal[]) => values.reduce((a, b) => a.add(b), D(0));

/** The head of every paper this restaurant prints (the adisyon, a receipt). */
export async function paperHeader(restaurantId: number): Promise<PaperHeader> {
  const r = await prisma.restaurant.findUnique({
    where: { id: restaurantId },
    select: { name: true, address: true, phone: true, timezone: true, receiptFooter: true },
  });
  if (!r) throw new DomainError(404, "Restoran bulunamadı.");
  return {
    name: r.name,
    address: r.address || null,
    phone: r.phone || null,
    time_zone: r.timezone,
    footer: r.receiptFooter?.trim() || null,
  };
}

async function tableNameOf(tableId: number, number: number): Promise<string> {
  const config = await prisma.tableConfiguration.findFirst({ where: { tableId }, select: { displayName: true } });
  return numberedTableLabel({ number, display_name: config?.displayName ?? null });
}

/** The receipt's figures from its payment rows (a table payment's parts over several orders are one payment). */
async function receiptOf(
  restaurantId: number,
  rows: PaymentRow[],
  base: Pick<ReceiptDto, "source" | "id" | "table_number" | "remaining"> & {
    tableId: number;
    tip?: Prisma.Decimal;
    tendered?: Prisma.Decimal | null;
  },
): Promise<ReceiptDto> {
  const first = rows[0]!;
  const amount = sum(rows.map((p) => D(p.amount)));
  const tip = base.tip ?? sum(rows.map((p) => D(p.tip)));
  const cash = rows.filter((p) => p.tendered !== null);
  const tendered = base.tendered !== undefined ? base.tendered : cash.length ? sum(cash.map((p) => D(p.tendered!))) : null;
  const accountId = rows.find((p) => p.houseAccountId !== null)?.houseAccountId ?? null;
  const account =
    first.method === "house_account" && accountId !== null
      ? await prisma.houseAccount.findFirst({ where: { id: accountId, restaurantId }, select: { name: true } })
      : null;
  return {
    source: base.source,
    id: base.id,
    table_number: base.table_number,
    table: await tableNameOf(base.tableId, base.table_number),
    paid_at: rows.reduce((at, p) => (p.paidAt < at ? p.paidAt : at), first.paidAt).toISOString(),
    taken_by: first.takenByName,
    method: first.method,
    method_label: account ? `${PAYMENT_METHOD_LABELS.house_account} · ${account.name}` : paymentMethodLabel(first.method, first.mealCard),
    meal_card: first.mealCard,
    house_account: account?.name ?? null,
    amount: toMoney(amount),
    service_charge: toMoney(sum(rows.map((p) => D(p.serviceCharge)))),
    discount: toMoney(sum(rows.map((p) => D(p.discountAmount)))),
    discount_codes: [...new Set(rows.flatMap((p) => (p.discountCode ? [p.discountCode] : [])))],
    tip: toMoney(tip),
    tendered: tendered === null ? null : toMoney(tendered),
    change: tendered === null ? null : toMoney(tendered.sub(amount).sub(tip)),
    remaining: base.remaining,
    // One payment carries one document: shown when every part of it has the same one.
    fiscal: rows.every((p) => p.fiscalNumber && p.fiscalNumber === first.fiscalNumber) ? fiscalText(first) : null,
    order_ids: [...new Set(rows.map((p) => p.orderId))],
  };
}

/** What the table's bill owed after a table payment: its stored answer says (decision 086). */
function remainingAfter(result: string): number | null {
  try {
    const remaining = (JSON.parse(result) as { remaining?: unknown }).remaining;
    return typeof remaining === "number" && remaining > 0 ? remaining : null;
  } catch {
    return null;
  }
}

/** A table payment's receipt (`?payment=`): another restaurant's id, or none, is 404. */
export async function tablePaymentReceipt(restaurantId: number, billPaymentId: number): Promise<ReceiptView> {
  const bill = await prisma.billPayment.findFirst({
    where: { id: billPaymentId, restaurantId },
    select: {
      id: true,
      tableId: true,
      tableNumber: true,
      tip: true,
      tendered: true,
      result: true,
      payments: { where: { restaurantId }, select: paymentSelect, orderBy: { id: "asc" } },
    },
  });
  if (!bill || bill.payments.length === 0) throw new DomainError(404, RECEIPT_NOT_FOUND);
  const [receipt, header] = await Promise.all([
    receiptOf(restaurantId, bill.payments, {
      source: "payment",
      id: bill.id,
      tableId: bill.tableId,
      table_number: bill.tableNumber,
      remaining: remainingAfter(bill.result),
      tip: bill.tip,
      tendered: bill.tendered,
    }),
    paperHeader(restaurantId),
  ]);
  return { receipt, header };
}

/**
 * The receipt of an order paid on its own (`?order=`, the payments screen): its payment without a
 * table payment. Another restaurant's order, or one never paid that way, is 404. What remains on
 * the table is its bill now, shown only while the table holds no order newer than this payment (a
 * later party's bill is not this guest's); nothing when the table is settled.
 */
export async function orderReceipt(restaurantId: number, orderId: number): Promise<ReceiptView> {
  const rows = await prisma.payment.findMany({
    where: { restaurantId, orderId, billPaymentId: null },
    select: { ...paymentSelect, order: { select: { tableId: true, table: { select: { number: true } } } } },
    orderBy: { id: "asc" },
  });
  const first = rows[0];
  if (!first) throw new DomainError(404, RECEIPT_NOT_FOUND);
  const { tableId, table } = first.order;
  const paidAt = rows.at(-1)!.paidAt;
  const [open, newer] = await Promise.all([
    prisma.order.count({ where: { restaurantId, tableId, status: "active" } }),
    prisma.order.count({ where: { restaurantId, tableId, status: "active", createdAt: { gt: paidAt } } }),
  ]);
  const remaining = open > 0 && newer === 0 ? (await tableBill(restaurantId, table.number)).remaining : 0;
  const [receipt, header] = await Promise.all([
    receiptOf(restaurantId, rows, {
      source: "order",
      id: orderId,
      tableId,
      table_number: table.number,
      remaining: remaining > 0 ? remaining : null,
    }),
    paperHeader(restaurantId),
  ]);
  return { receipt, header };
}

/** The receipt a page's address names: `?payment=` or `?order=` (404 for neither, or both). */
export async function receiptFor(restaurantId: number, target: { payment: number | null; order: number | null }): Promise<ReceiptView> {
  if (target.payment !== null && target.order === null) return tablePaymentReceipt(restaurantId, target.payment);
  if (target.order !== null && target.payment === null) return orderReceipt(restaurantId, target.order);
  throw new DomainError(404, RECEIPT_NOT_FOUND);
}
