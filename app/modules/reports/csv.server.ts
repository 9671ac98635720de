// The detailed reports as CSV for Excel in Turkish (decision 037): UTF-8 with a BOM, `;` between
// fields, CRLF line ends, decimal commas without thousands separators ("1234,50"), local times as
// "2026-11-23 14:05". The sales CSV has one row per paid order of the period: a year is 200,000
// rows, so the file is a stream fed row by row from one streamed query (the HTTP response's
// backpressure decides when more is read), never one big string; the stock CSV reads its items
// in keyset-paginated batches, one batch per pull.
import type { PaymentType } from "~/generated/prisma/enums";
import mariadb from "mariadb";
import { Prisma } from "~/generated/prisma/client";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";
import { STOCK_CATEGORY_LABELS, type StockCategory } from "~/modules/stock/rules";
import { parseDatabaseUrl } from "~/utils/database-url";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { CSV_BOM as BOM, csvText } from "~/utils/csv";
import { DEFAULT_TIME_ZONE, zonedParts } from "~/utils/dates";
import { DELETED_ACCOUNT, LOW_STOCK_STATUS, reportPeriod, type PeriodRange, type ReportPeriod, type ReportType } from "./detailed";
import { staffReport } from "./detailed.server";

/** Rows per query (stock) or per chunk written (sales). */
export const CSV_BATCH = 1000;
const encoder = new TextEncoder();

/** A number with a decimal comma: 1234.5 → "1234,50". */
export function csvNumber(value: Prisma.Decimal | number | string | null | undefined, digits = 2): string {
  const d = new Prisma.Decimal(value ?? 0);
  return d.toFixed(digits).replace(".", ",");
}

const line = (cells: string[]) => `${cells.join(";")}\r\n`;

/** "2026-11-23 14:05" in the zone; the zone's offset is looked up once per UTC hour. */
function localTimeFormatter(timeZone: string) {
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

/**
 * One query, streamed row by row from the server (mariadb's queryStream on a connection of its
 * own): the socket is read only as fast as the HTTP response is written, and every row becomes
 * text at once, so nothing of the year is held in memory. (Pages of Prisma queries instead kept
 * whole batches alive across their round trips: 127 MB of heap growth for a year.)
 */
function salesCsv(restaurantId: number, range: PeriodRange, timeZone: string) {
  const local = localTimeFormatter(timeZone);
  type Row = {
    orderId: number;
    paidAt: Date;
    method: PaymentType;
    mealCard: string | null;
    amount: string;
    discountAmount: string;
    discountCode: string | null;
    takenByName: string;
    tableNumber: number;
    waiterName: string;
    items: string | number | null;
  };
  let conn: mariadb.Connection | null = null;
  let rows: AsyncIterator<Row> | null = null;
  const close = async (destroy: boolean) => {
    const c = conn;
    conn = null;
    if (!c) return;
    if (destroy) c.destroy();
    else await c.end().catch(() => c.destroy());
  };
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        controller.enqueue(encoder.encode(BOM + line(SALES_HEADER)));
      },
      async pull(controller) {
        try {
          if (!rows) {
            conn = await mariadb.createConnection({ ...parseDatabaseUrl(getEnv().DATABASE_URL), timezone: "Z" });
            const stream = conn.queryStream(
              `SELECT p.orderId, p.paidAt, p.method, p.mealCard, p.amount, p.discountAmount, p.discountCode, p.takenByName,
                 o.tableNumber, o.waiterName,
                 IF(p.closesOrder, (SELECT COALESCE(SUM(oi.quantity), 0) FROM order_items oi WHERE oi.orderId = p.orderId AND oi.complimentary = 0), 0) AS items
               FROM payments p JOIN orders o ON o.id = p.orderId
               WHERE p.restaurantId = ? AND p.paidAt >= ? AND p.paidAt < ?
               ORDER BY p.paidAt, p.id`,
              [restaurantId, range.start, range.end],
            );
            rows = (stream as unknown as AsyncIterable<Row>)[Symbol.asyncIterator]();
          }
          let out = "";
          for (let n = 0; n < CSV_BATCH; n++) {
            const next = await rows.next();
            if (next.done) {
              if (out) controller.enqueue(encoder.encode(out));
              controller.close();
              await close(false);
              return;
            }
            const r = next.value;
            out += line([
              local(r.paidAt),
              String(r.orderId),
              String(r.tableNumber),
              csvText(r.waiterName),
              csvText(r.takenByName),
              // "Yemek kartı · Multinet": each meal card apart (decision 083).
              csvText(paymentMethodLabel(r.method, r.mealCard)),
              String(Number(r.items ?? 0)),
              csvNumber(r.amount),
              csvNumber(r.discountAmount),
              csvText(r.discountCode),
            ]);
          }
          controller.enqueue(encoder.encode(out));
        } catch (error) {
          await close(true);
          throw error;
        }
      },
      async cancel() {
        // The client went away: drop the connection (and with it the rest of the result).
        await close(true);
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

/** The period's report as a CSV stream (see the file's head for the format). */
export function reportCsv(
  restaurantId: number,
  type: ReportType,
  period: ReportPeriod,
  timeZone = DEFAULT_TIME_ZONE,
  now = new Date(),
): { range: PeriodRange; body: ReadableStream<Uint8Array> } {
  const range = reportPeriod(period, now, timeZone);
  const body =
    type === "sales"
      ? salesCsv(restaurantId, range, timeZone)
      : type === "inventory"
        ? inventoryCsv(restaurantId, range)
        : staffCsv(restaurantId, range, now);
  return { range, body };
}
