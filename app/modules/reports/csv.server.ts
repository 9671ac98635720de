// The detailed reports as CSV for Excel in Turkish (decision 037): UTF-8 with a BOM, `;` between
// fields, CRLF line ends, decimal commas without thousands separators ("1234,50"), local times as
// "2026-11-23 14:05". The sales CSV has one row per paid order of the period: a year is 200,000
// rows, so the file is a stream fed chunk by chunk from keyset pages of one snapshot, read and formatted in a
// worker thread (sales-export.server.ts, decision 090; the HTTP response's backpressure decides
// when more is read), never one big string; the stock CSV reads its items in keyset-paginated
// batches, one batch per pull. Every export is a heavy job (utils/heavy-work.server.ts): one at a
// time per restaurant, HEAVY_WORK_LIMIT at a time per process, 429 over either.
import { Prisma } from "~/generated/prisma/client";
import { STOCK_CATEGORY_LABELS, type StockCategory } from "~/modules/stock/rules";
import { prisma } from "~/utils/db.server";
import { CSV_BOM as BOM, csvText } from "~/utils/csv";
import { DEFAULT_TIME_ZONE } from "~/utils/dates";
import { heavyStream, startHeavyWork } from "~/utils/heavy-work.server";
import { DELETED_ACCOUNT, LOW_STOCK_STATUS, reportPeriod, type PeriodRange, type ReportPeriod, type ReportType } from "./detailed";
import { staffReport } from "./detailed.server";
import { csvRow as line } from "./sales-csv";
import { startSalesCsv, type SalesCsvExport } from "./sales-export.server";

export { SALES_HEADER } from "./sales-csv";

/** Rows per query (stock). */
export const CSV_BATCH = 1000;
const encoder = new TextEncoder();

/** A number with a decimal comma: 1234.5 → "1234,50". */
export function csvNumber(value: Prisma.Decimal | number | string | null | undefined, digits = 2): string {
  const d = new Prisma.Decimal(value ?? 0);
  return d.toFixed(digits).replace(".", ",");
}

/** A stream that asks `next` for the following piece of text only when the reader wants more. */
function textStream(first: string, next: () => Promise<string | null>): ReadableStream<Uint8Array> {
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(first));
          return;
        }
        const text = await next();
        if (text === null) controller.close();
        else if (text) controller.enqueue(encoder.encode(text));
        else controller.enqueue(new Uint8Array(0));
      },
    },
    { highWaterMark: 1 },
  );
}

export const INVENTORY_HEADER = [
  "Ürün",
  "Kategori",
  "Mevcut Stok",
  "Birim",
  "Minimum Stok",
  "Birim Maliyet (₺)",
  "Stok Değeri (₺)",
  "Durum",
  "Dönem Girişi",
  "Dönem Çıkışı",
  "Hareket Sayısı",
];

function inventoryCsv(restaurantId: number, range: PeriodRange) {
  let afterId = 0;
  let done = false;
  return textStream(BOM + line(INVENTORY_HEADER), async () => {
    if (done) return null;
    const items = await prisma.$queryRaw<
      {
        id: number;
        name: string;
        category: StockCategory;
        currentStock: Prisma.Decimal;
        minStock: Prisma.Decimal;
        unit: string;
        costPerUnit: Prisma.Decimal;
      }[]
    >`
      SELECT id, name, category, currentStock, minStock, unit, costPerUnit FROM stock_items
      WHERE restaurantId = ${restaurantId} AND deletedAt IS NULL AND id > ${afterId}
      ORDER BY id LIMIT ${CSV_BATCH}`;
    if (items.length < CSV_BATCH) done = true;
    if (items.length === 0) return null;
    afterId = items.at(-1)!.id;
    const moves = await prisma.$queryRaw<{ stockItemId: number; inflow: Prisma.Decimal; outflow: Prisma.Decimal; n: bigint }[]>`
      SELECT stockItemId, SUM(GREATEST(\`change\`, 0)) AS inflow, SUM(LEAST(\`change\`, 0)) AS outflow, COUNT(*) AS n
      FROM stock_movements
      WHERE restaurantId = ${restaurantId} AND stockItemId IN (${Prisma.join(items.map((i) => i.id))})
        AND createdAt >= ${range.start} AND createdAt < ${range.end}
      GROUP BY stockItemId`;
    const byItem = new Map(moves.map((m) => [m.stockItemId, m]));
    let out = "";
    for (const i of items) {
      const m = byItem.get(i.id);
      const current = new Prisma.Decimal(i.currentStock);
      out += line([
        csvText(i.name),
        STOCK_CATEGORY_LABELS[i.category],
        csvNumber(current),
        i.unit,
        csvNumber(i.minStock),
        csvNumber(i.costPerUnit),
        csvNumber(current.mul(i.costPerUnit)),
        current.lte(i.minStock) ? LOW_STOCK_STATUS : "Normal",
        csvNumber(m?.inflow ?? 0),
        csvNumber(new Prisma.Decimal(m?.outflow ?? 0).abs()),
        String(Number(m?.n ?? 0)),
      ]);
    }
    return out;
  });
}

export const STAFF_HEADER = [
  "Personel",
  "Rol",
  "Durum",
  "Servis Edilen Sipariş",
  "Toplam Satış (₺)",
  "Alınan Ödeme",
  "Alınan Ödeme Tutarı (₺)",
];

function staffCsv(restaurantId: number, range: PeriodRange, now: Date) {
  let rows: string[] | null = null;
  return textStream(BOM + line(STAFF_HEADER), async () => {
    // One row per account: a restaurant has tens of them, read once.
    if (rows === null) {
      const report = await staffReport(restaurantId, range, now);
      rows = report.staff_performance.map((s) =>
        line([
          csvText(s.name),
          s.role_label ?? "",
          s.active === null ? "" : s.active ? "Aktif" : DELETED_ACCOUNT,
          String(s.orders_served),
          csvNumber(s.total_sales),
          String(s.payments_taken),
          csvNumber(s.payments_amount),
        ]),
      );
    }
    return rows.length ? rows.splice(0, 500).join("") : null;
  });
}

/**
 * The period's report as a CSV stream (see the file's head for the format), started as a heavy
 * job: throws the 429 (DomainError) when the restaurant already runs one or the process is full.
 * `direct`: the answer is written to Node's response (a direct route, decision 097): the sales
 * CSV then comes as the running export to write there, gzip-compressed by its worker when the
 * client takes it; the other reports, small, stay web streams.
 */
export async function reportCsv(
  restaurantId: number,
  type: ReportType,
  period: ReportPeriod,
  timeZone = DEFAULT_TIME_ZONE,
  now = new Date(),
  direct?: { gzip: boolean },
): Promise<{ range: PeriodRange; body: ReadableStream<Uint8Array> | SalesCsvExport }> {
  const range = reportPeriod(period, now, timeZone);
  if (type === "sales") {
    const sales = await startSalesCsv(restaurantId, range, timeZone, { gzip: direct?.gzip ?? false });
    return { range, body: direct ? sales : sales.webStream() };
  }
  const job = await startHeavyWork(restaurantId);
  const body = type === "inventory" ? inventoryCsv(restaurantId, range) : staffCsv(restaurantId, range, now);
  return { range, body: heavyStream(job, body) };
}
