// Summaries of closed UTC days (decision 036). A report over a long period reads the summary
// tables for the whole UTC days it covers and the base tables (payments, orders, order_items)
// for the rest: the open day and the edges of the period that are not whole UTC days. A day
// is summarised the first time a report needs it, once it closed more than CLOSE_MARGIN ago,
// so every payment of it is committed: payments are stamped with the server's clock when they
// are taken, never later, so a closed day's payments do not change.
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A UTC day is summarised only this long after it ended (a payment's transaction is long committed). */
export const CLOSE_MARGIN_MS = 10 * 60 * 1000;
/** Days summarised per transaction: a year is rolled up in a dozen steps, none holding locks long. */
const CHUNK_DAYS = 31;

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const floorDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const ceilDay = (ms: number) => Math.ceil(ms / DAY_MS) * DAY_MS;

export interface Split {
  /** Whole closed UTC days read from the summaries: [from, to), both at UTC midnight (null: none). */
  summary: { from: Date; to: Date } | null;
  /** The rest, read from the base tables. */
  live: { from: Date; to: Date }[];
}

/** Splits [start, end) into whole closed UTC days (summaries) and the rest (base tables). */
export function splitRange(start: Date, end: Date, now: Date): Split {
  const a = ceilDay(start.getTime());
  const b = Math.min(floorDay(end.getTime()), floorDay(now.getTime() - CLOSE_MARGIN_MS));
  if (a >= b) return { summary: null, live: [{ from: start, to: end }] };
  const live = [];
  if (start.getTime() < a) live.push({ from: start, to: new Date(a) });
  if (b < end.getTime()) live.push({ from: new Date(b), to: end });
  return { summary: { from: new Date(a), to: new Date(b) }, live };
}

// The base-table queries, shared by the live reads and the rollup (which groups them per day).

/**
 * Paid orders per UTC hour and method in [from, to) (units sold come from the items query). An
 * order paid in parts (decision 086) counts once, at the payment that closed it, under its method;
 * every part's amount is revenue when it was taken.
 */
export const salesHoursSql = (restaurantId: number, from: Date, to: Date) => Prisma.sql`
  SELECT DATE_FORMAT(p.paidAt, '%Y-%m-%d %H:00:00') AS hourStart, p.method AS method, SUM(p.closesOrder) AS orders,
    SUM(p.amount) AS revenue, SUM(p.discountAmount) AS discounts, SUM(p.discountAmount > 0) AS discountedOrders
  FROM payments p
  WHERE p.restaurantId = ${restaurantId} AND p.paidAt >= ${from} AND p.paidAt < ${to}
  GROUP BY hourStart, p.method`;

/**
 * Units and line revenue per item name of orders paid in [from, to) (per UTC day with `perDay`):
 * an order's lines once, at the payment that closed it.
 */
export const itemsSql = (restaurantId: number, from: Date, to: Date, perDay: boolean) => Prisma.sql`
  SELECT ${perDay ? Prisma.sql`DATE(p.paidAt)` : Prisma.sql`NULL`} AS day, oi.menuItemName AS name,
    SUM(oi.quantity) AS quantity, SUM(oi.totalPrice) AS revenue
  FROM payments p JOIN order_items oi ON oi.orderId = p.orderId AND oi.complimentary = 0
  WHERE p.restaurantId = ${restaurantId} AND p.paidAt >= ${from} AND p.paidAt < ${to} AND p.closesOrder = 1
  GROUP BY day, oi.menuItemName`;

/**
 * Per account: paid orders it took (served: orders.createdById, or the name an order without an
 * account carries; counted once, when closed) and payments it took (took: payments.takenById /
 * takenByName; each part of a split bill is a payment).
 */
export const staffSql = (restaurantId: number, from: Date, to: Date, perDay: boolean) => Prisma.sql`
  SELECT ${perDay ? Prisma.sql`DATE(p.paidAt)` : Prisma.sql`NULL`} AS day, 'served' AS kind,
    IF(o.createdById IS NULL, CONCAT('n:', o.waiterName), CONCAT('u:', o.createdById)) AS who,
    o.createdById AS userId, MAX(o.waiterName) AS name, SUM(p.closesOrder) AS orders, SUM(p.amount) AS amount
  FROM payments p JOIN orders o ON o.id = p.orderId
  WHERE p.restaurantId = ${restaurantId} AND p.paidAt >= ${from} AND p.paidAt < ${to}
  GROUP BY day, who
  UNION ALL
  SELECT ${perDay ? Prisma.sql`DATE(p.paidAt)` : Prisma.sql`NULL`} AS day, 'took' AS kind,
    IF(p.takenById IS NULL, CONCAT('n:', p.takenByName), CONCAT('u:', p.takenById)) AS who,
    p.takenById AS userId, MAX(p.takenByName) AS name, COUNT(*) AS orders, SUM(p.amount) AS amount
  FROM payments p
  WHERE p.restaurantId = ${restaurantId} AND p.paidAt >= ${from} AND p.paidAt < ${to}
  GROUP BY day, who`;

/** Rollups under way in this process, so that the parts of one report wait for one rollup. */
const inFlight = new Map<string, Promise<void>>();

/** Makes sure every UTC day of [from, to) (UTC midnights, closed days only) is summarised. */
export function ensureRollups(restaurantId: number, from: Date, to: Date): Promise<void> {
  const key = `${restaurantId}:${from.getTime()}:${to.getTime()}`;
  let running = inFlight.get(key);
  if (!running) {
    running = ensure(restaurantId, from, to).finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

async function ensure(restaurantId: number, from: Date, to: Date): Promise<void> {
  const wanted = (to.getTime() - from.getTime()) / DAY_MS;
  const done = await prisma.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(*) AS n FROM report_rollups WHERE restaurantId = ${restaurantId} AND day >= ${utcDay(from.getTime())} AND day < ${utcDay(to.getTime())}`;
  if (Number(done[0]?.n ?? 0) >= wanted) return;
  for (let a = from.getTime(); a < to.getTime(); a += CHUNK_DAYS * DAY_MS) {
    await rollupChunk(restaurantId, a, Math.min(a + CHUNK_DAYS * DAY_MS, to.getTime()));
  }
}

/**
 * Summarises the missing days of [a, b) in one transaction, under a per-restaurant named lock so
 * that two reports asking at once do not both write them. Missing days are rolled up in runs of
 * consecutive days, so each run is one INSERT … SELECT per table.
 */
async function rollupChunk(restaurantId: number, a: number, b: number) {
  await prisma.$transaction(
    async (tx) => {
      const lockName = `sofra_report_rollup_${restaurantId}`;
      const [lock] = await tx.$queryRaw<{ ok: bigint | number | null }[]>`SELECT GET_LOCK(${lockName}, 60) AS ok`;
      if (Number(lock?.ok) !== 1) throw new Error("Could not take the report rollup lock");
      try {
        // A locking read: it sees what another process committed while this one waited for the lock.
        const rows = await tx.$queryRaw<{ day: Date | string }[]>`
          SELECT day FROM report_rollups WHERE restaurantId = ${restaurantId} AND day >= ${utcDay(a)} AND day < ${utcDay(b)} FOR UPDATE`;
        const have = new Set(rows.map((r) => (typeof r.day === "string" ? r.day.slice(0, 10) : utcDay(r.day.getTime()))));
        const runs: [number, number][] = [];
        for (let d = a; d < b; d += DAY_MS) {
          if (have.has(utcDay(d))) continue;
          const last = runs.at(-1);
          if (last && last[1] === d) last[1] = d + DAY_MS;
          else runs.push([d, d + DAY_MS]);
        }
        for (const [from, to] of runs) {
          const f = new Date(from);
          const t = new Date(to);
          await tx.$executeRaw`
            INSERT INTO report_sales_hours (restaurantId, hourStart, method, orders, revenue, discounts, discountedOrders)
            SELECT ${restaurantId}, s.hourStart, s.method, s.orders, s.revenue, s.discounts, s.discountedOrders
            FROM (${salesHoursSql(restaurantId, f, t)}) s`;
          await tx.$executeRaw`
            INSERT INTO report_item_days (restaurantId, day, name, quantity, revenue)
            SELECT ${restaurantId}, s.day, s.name, s.quantity, s.revenue FROM (${itemsSql(restaurantId, f, t, true)}) s`;
          await tx.$executeRaw`
            INSERT INTO report_staff_days (restaurantId, day, kind, who, userId, name, orders, amount)
            SELECT ${restaurantId}, s.day, s.kind, s.who, s.userId, s.name, s.orders, s.amount FROM (${staffSql(restaurantId, f, t, true)}) s`;
          const days: Prisma.Sql[] = [];
          for (let d = from; d < to; d += DAY_MS) days.push(Prisma.sql`(${restaurantId}, ${utcDay(d)})`);
          await tx.$executeRaw`INSERT INTO report_rollups (restaurantId, day) VALUES ${Prisma.join(days)}`;
        }
      } finally {
        await tx.$queryRaw`SELECT RELEASE_LOCK(${lockName})`;
      }
    },
    // READ COMMITTED: the INSERT … SELECTs read payments and order lines as consistent reads, without
    // the shared next-key locks REPEATABLE READ would hold on them (and on the gaps next to them,
    // where other restaurants' payments go) for the whole rollup.
    { timeout: 120_000, maxWait: 60_000, isolationLevel: Prisma.TransactionIsolationLevel.ReadCommitted },
  );
}
