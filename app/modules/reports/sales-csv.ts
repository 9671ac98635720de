// The sales CSV's rows (decision 037's format), as pure functions: the export's worker thread
// (sales-csv.worker.ts) formats with them, away from the server's event loop, so this file imports
// nothing of Prisma or the server (a worker loads only what it needs).
import type { PaymentType } from "~/generated/prisma/enums";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";
import { CSV_BOM, csvText } from "~/utils/csv";
import { zonedParts } from "~/utils/dates";

/** Rows per chunk handed to the HTTP response. */
export const SALES_CSV_CHUNK_ROWS = 1000;

export const SALES_HEADER = [
  "Ödeme Zamanı",
  "Sipariş No",
  "Masa",
  "Siparişi Alan",
  "Ödemeyi Alan",
  "Ödeme Yöntemi",
  "Ürün Adedi",
  "Tutar (₺)",
  "İndirim (₺)",
  "İndirim Kodu",
];

export const csvRow = (cells: string[]) => `${cells.join(";")}\r\n`;

/** The file's first bytes: the BOM and the header. */
export const SALES_CSV_HEAD = CSV_BOM + csvRow(SALES_HEADER);

/**
 * One page of the period's payments, one row each, in (paidAt, id) order along the payments
 * index, after the cursor (paidAt, id) of the page before: restaurantId, cursor paidAt (the
 * period's start for the first page), period end, cursor paidAt again, cursor id, rows. Pages rather than one streamed query: a streamed
 * query runs ahead of its reader until the socket buffers are full (tens of thousands of rows at
 * full speed, at the export's start), a page costs the database only what is asked for, so the
 * export's pace (EXPORT_ROWS_PER_SECOND) bounds the database's work too (decision 090).
 */
export const SALES_CSV_PAGE_SQL = `SELECT p.id, p.orderId, p.paidAt, p.method, p.mealCard, p.amount, p.discountAmount, p.discountCode, p.takenByName,
                 o.tableNumber, o.waiterName,
                 IF(p.closesOrder, (SELECT COALESCE(SUM(oi.quantity), 0) FROM order_items oi WHERE oi.orderId = p.orderId AND oi.complimentary = 0), 0) AS items
               FROM payments p JOIN orders o ON o.id = p.orderId
               WHERE p.restaurantId = ? AND p.paidAt >= ? AND p.paidAt < ? AND (p.paidAt > ? OR p.id > ?)
               ORDER BY p.paidAt, p.id
               LIMIT ?`;

export interface SalesRow {
  id: number;
  orderId: number;
  paidAt: Date;
  method: PaymentType;
  mealCard: string | null;
  /** DECIMAL columns: the driver hands them over as strings ("1234.50"). */
  amount: string;
  discountAmount: string;
  discountCode: string | null;
  takenByName: string;
  tableNumber: number;
  waiterName: string;
  items: string | number | bigint | null;
}

/**
 * A decimal string with two places and a decimal comma, rounded half up as Prisma's Decimal
 * (decimal.js) rounds: "1234.5" → "1234,50", "0.125" → "0,13". The CSV's money columns before this
 * file went through `new Prisma.Decimal(v).toFixed(2)`; this is the same without loading Prisma in
 * the worker (a unit test holds them equal).
 */
export function decimalComma(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "0" : String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) throw new Error(`Not a decimal: ${JSON.stringify(value)}`);
  const negative = m[1] === "-";
  const frac = (m[3] ?? "").padEnd(3, "0");
  // Hundredths as an integer, rounded half up (away from zero) on the third place.
  let hundredths = BigInt((m[2] || "0") + frac.slice(0, 2));
  if (frac.charCodeAt(2) - 48 >= 5) hundredths += 1n;
  const digits = hundredths.toString().padStart(3, "0");
  // decimal.js keeps the sign of a negative value that rounds to zero ("-0,00"), as toFixed did.
  return `${negative ? "-" : ""}${digits.slice(0, -2)},${digits.slice(-2)}`;
}

/** "2026-11-23 14:05" in the zone; the zone's offset is looked up once per UTC hour. */
export function localTimeFormatter(timeZone: string) {
  const offsets = new Map<number, number>();
  return (date: Date) => {
    const hour = Math.floor(date.getTime() / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const p = zonedParts(new Date(hour * 3_600_000), timeZone);
      offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - hour * 3_600_000;
      offsets.set(hour, offset);
    }
    return new Date(date.getTime() + offset).toISOString().slice(0, 16).replace("T", " ");
  };
}

/** One payment's row. */
export function salesCsvRow(r: SalesRow, local: (date: Date) => string): string {
  return csvRow([
    local(r.paidAt),
    String(r.orderId),
    String(r.tableNumber),
    csvText(r.waiterName),
    csvText(r.takenByName),
    // "Yemek kartı · Multinet": each meal card apart (decision 083).
    csvText(paymentMethodLabel(r.method, r.mealCard)),
    String(Number(r.items ?? 0)),
    decimalComma(r.amount),
    decimalComma(r.discountAmount),
    csvText(r.discountCode),
  ]);
}
