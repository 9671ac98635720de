// The detailed reports (sales, inventory, staff) of a calendar period, from the database: the
// whole closed UTC days from the summaries (rollup.server.ts), the rest from the base tables.
import type { PaymentType } from "~/generated/prisma/enums";
import { Prisma } from "~/generated/prisma/client";
import { ROLE_LABELS } from "~/modules/auth/roles";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";
import { PAYMENT_METHODS } from "~/modules/payments/methods";
import { MOVEMENT_REASON_LABELS, MOVEMENT_REASONS, type MovementReason } from "~/modules/stock/rules";
import { prisma } from "~/utils/db.server";
import { DEFAULT_TIME_ZONE, zonedParts } from "~/utils/dates";
import { toMoney } from "~/utils/money";
import {
  LOW_STOCK_STATUS,
  MOVEMENTS_SHOWN,
  reportPeriod,
  TOP_ITEMS,
  type DetailedReport,
  type InventoryReport,
  type PeriodRange,
  type ReportPeriod,
  type ReportType,
  type SalesReport,
  type StaffReport,
} from "./detailed";
import { ensureRollups, itemsSql, salesHoursSql, splitRange, staffSql } from "./rollup.server";

type Num = Prisma.Decimal | number | bigint | string | null | undefined;
const dec = (v: Num) => new Prisma.Decimal(v === null || v === undefined ? 0 : typeof v === "bigint" ? v.toString() : v);
const int = (v: Num) => Number(v ?? 0);
const HOUR_MS = 60 * 60 * 1000;

export async function detailedReport(
  restaurantId: number,
  type: ReportType,
  period: ReportPeriod,
  timeZone = DEFAULT_TIME_ZONE,
  now = new Date(),
): Promise<DetailedReport> {
  const range = reportPeriod(period, now, timeZone);
  const base = {
    period,
    period_label: range.label,
    period_start: range.start.toISOString(),
    period_end: range.end.toISOString(),
    from: range.from,
    to: range.to,
    time_zone: timeZone,
    generated_at: now.toISOString(),
  };
  switch (type) {
    case "sales":
      return { type, ...base, sales: await salesReport(restaurantId, range, timeZone, now) };
    case "inventory":
      return { type, ...base, inventory: await inventoryReport(restaurantId, range) };
    case "staff":
      return { type, ...base, staff: await staffReport(restaurantId, range, now) };
  }
}

// --- Sales -----------------------------------------------------------------------------------

interface SalesRow {
  hour: number;
  method: PaymentType;
  orders: Num;
  revenue: Num;
  discounts: Num;
  discountedOrders: Num;
}

/** How far the zone's clock is ahead of UTC at this instant, in minutes. */
function offsetMinutes(at: number, timeZone: string): number {
  const p = zonedParts(new Date(at), timeZone);
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** [from, to) cut where the zone's offset changes (summer time), on whole hours. */
function constantOffsetSegments(from: number, to: number, timeZone: string) {
  const segments: { from: number; to: number; offset: number }[] = [];
  const DAY = 24 * HOUR_MS;
  let segStart = from;
  let current = offsetMinutes(from, timeZone);
  for (let day = from; day < to; day += DAY) {
    const next = Math.min(day + DAY, to);
    if (offsetMinutes(next - HOUR_MS, timeZone) === current) continue;
    for (let h = day; h < next; h += HOUR_MS) {
      const o = offsetMinutes(h, timeZone);
      if (o !== current) {
        segments.push({ from: segStart, to: h, offset: current });
        segStart = h;
        current = o;
      }
    }
  }
  segments.push({ from: segStart, to, offset: current });
  return segments;
}

async function salesRows(restaurantId: number, range: PeriodRange, timeZone: string, now: Date): Promise<SalesRow[]> {
  const split = splitRange(range.start, range.end, now);
  const summaryRows = async (): Promise<SalesRow[]> => {
    if (!split.summary) return [];
    await ensureRollups(restaurantId, split.summary.from, split.summary.to);
    const parts = await Promise.all(
      constantOffsetSegments(split.summary.from.getTime(), split.summary.to.getTime(), timeZone).map(
        (s) => prisma.$queryRaw<SalesRow[]>`
          SELECT HOUR(hourStart + INTERVAL ${s.offset} MINUTE) AS hour, method, SUM(orders) AS orders, SUM(revenue) AS revenue,
            SUM(discounts) AS discounts, SUM(discountedOrders) AS discountedOrders
          FROM report_sales_hours
          WHERE restaurantId = ${restaurantId} AND hourStart >= ${new Date(s.from)} AND hourStart < ${new Date(s.to)}
          GROUP BY hour, method`,
      ),
    );
    return parts.flat();
  };
  const liveRows = async (): Promise<SalesRow[]> => {
    const parts = await Promise.all(
      split.live.map((r) =>
        prisma.$queryRaw<(Omit<SalesRow, "hour"> & { hourStart: string })[]>(salesHoursSql(restaurantId, r.from, r.to)),
      ),
    );
    // A UTC hour is charted under the local hour it starts in (exact in zones of whole-hour offsets).
    return parts.flat().map((r) => ({ ...r, hour: zonedParts(new Date(`${r.hourStart.replace(" ", "T")}Z`), timeZone).hour }));
  };
  const [a, b] = await Promise.all([summaryRows(), liveRows()]);
  return [...a, ...b];
}

async function itemRows(restaurantId: number, range: PeriodRange, now: Date) {
  const split = splitRange(range.start, range.end, now);
  type Row = { name: string; quantity: Num; revenue: Num };
  const summary = async (): Promise<Row[]> => {
    if (!split.summary) return [];
    await ensureRollups(restaurantId, split.summary.from, split.summary.to);
    return prisma.$queryRaw<Row[]>`
      SELECT name, SUM(quantity) AS quantity, SUM(revenue) AS revenue FROM report_item_days
      WHERE restaurantId = ${restaurantId} AND day >= ${split.summary.from.toISOString().slice(0, 10)} AND day < ${split.summary.to.toISOString().slice(0, 10)}
      GROUP BY name`;
  };
  const live = Promise.all(split.live.map((r) => prisma.$queryRaw<Row[]>(itemsSql(restaurantId, r.from, r.to, false))));
  const rows = [...(await summary()), ...(await live).flat()];
  const byName = new Map<string, { name: string; quantity: number; revenue: Prisma.Decimal }>();
  for (const r of rows) {
    const key = r.name.toLocaleLowerCase("tr");
    const e = byName.get(key) ?? { name: r.name, quantity: 0, revenue: dec(0) };
    e.quantity += int(r.quantity);
    e.revenue = e.revenue.add(dec(r.revenue));
    byName.set(key, e);
  }
  return [...byName.values()];
}

/**
 * Meal-card payments of [start, end) per card (decision 083). Read from payments over the whole
 * period, not the hourly summaries (which have no card): the covering payments_meal_cards_read_idx
 * holds (restaurantId, method, paidAt, mealCard, amount), so only meal-card payments are read, from
 * the index alone. Their sum is the summaries' meal_card figure: paid orders do not change.
 */
export const mealCardRows = (restaurantId: number, start: Date, end: Date) =>
  prisma.$queryRaw<{ name: string | null; orders: Num; revenue: Num }[]>`
    SELECT mealCard AS name, SUM(closesOrder) AS orders, SUM(amount) AS revenue FROM payments
    WHERE restaurantId = ${restaurantId} AND method = 'meal_card' AND paidAt >= ${start} AND paidAt < ${end}
    GROUP BY mealCard`;

export async function salesReport(restaurantId: number, range: PeriodRange, timeZone: string, now: Date): Promise<SalesReport> {
  const [rows, items, cards] = await Promise.all([
    salesRows(restaurantId, range, timeZone, now),
    itemRows(restaurantId, range, now),
    mealCardRows(restaurantId, range.start, range.end),
  ]);
  let orders = 0;
  // Units sold: every item line of the paid orders, ikram left out (the same rows as the top items).
  const itemsSold = items.reduce((n, i) => n + i.quantity, 0);
  let discounted = 0;
  let revenue = dec(0);
  let discounts = dec(0);
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, revenue: dec(0), orders: 0 }));
  const methods = Object.fromEntries([...PAYMENT_METHODS, "house_account"].map((m) => [m, { count: 0, amount: dec(0) }])) as Record<
    PaymentType,
    { count: number; amount: Prisma.Decimal }
  >;
  for (const r of rows) {
    const n = int(r.orders);
    orders += n;
    discounted += int(r.discountedOrders);
    revenue = revenue.add(dec(r.revenue));
    discounts = discounts.add(dec(r.discounts));
    const h = hours[Number(r.hour)]!;
    h.revenue = h.revenue.add(dec(r.revenue));
    h.orders += n;
    const m = methods[r.method];
    m.count += n;
    m.amount = m.amount.add(dec(r.revenue));
  }
  const top = items
    .sort((a, b) => b.quantity - a.quantity || b.revenue.comparedTo(a.revenue) || a.name.localeCompare(b.name, "tr"))
    .slice(0, TOP_ITEMS);
  return {
    total_revenue: toMoney(revenue),
    total_orders: orders,
    average_order_value: orders ? toMoney(revenue.div(orders)) : 0,
    total_items_sold: itemsSold,
    total_discounts: toMoney(discounts),
    discounted_orders: discounted,
    top_selling_items: top.map((i) => ({ name: i.name, quantity: i.quantity, revenue: toMoney(i.revenue) })),
    hourly_breakdown: hours.map((h) => ({ hour: h.hour, revenue: toMoney(h.revenue), orders: h.orders })),
    payment_methods: [
      ...(["cash", "card"] as const).map((m) => ({
        method: m,
        meal_card: null,
        label: paymentMethodLabel(m, null),
        count: methods[m].count,
        amount: toMoney(methods[m].amount),
      })),
      ...cards
        .map((c) => ({ name: c.name, count: int(c.orders), amount: dec(c.revenue) }))
        .sort((a, b) => b.amount.comparedTo(a.amount) || (a.name ?? "").localeCompare(b.name ?? "", "tr"))
        .map((c) => ({
          method: "meal_card" as const,
          meal_card: c.name,
          label: paymentMethodLabel("meal_card", c.name),
          count: c.count,
          amount: toMoney(c.amount),
        })),
      // Hesaba yaz (decision 087), when there was any.
      ...(methods.house_account.count > 0 || methods.house_account.amount.gt(0)
        ? [
            {
              method: "house_account" as const,
              meal_card: null,
              label: paymentMethodLabel("house_account", null),
              count: methods.house_account.count,
              amount: toMoney(methods.house_account.amount),
            },
          ]
        : []),
    ],
  };
}

// --- Inventory ---------------------------------------------------------------------------------

export async function inventoryReport(restaurantId: number, range: PeriodRange): Promise<InventoryReport> {
  const [totals, low, byReason, recent] = await Promise.all([
    prisma.$queryRaw<{ n: Num; value: Num }[]>`
      SELECT COUNT(*) AS n, COALESCE(SUM(currentStock * costPerUnit), 0) AS value
      FROM stock_items WHERE restaurantId = ${restaurantId} AND deletedAt IS NULL`,
    prisma.$queryRaw<{ id: number; name: string; currentStock: Num; minStock: Num; unit: string }[]>`
      SELECT id, name, currentStock, minStock, unit FROM stock_items
      WHERE restaurantId = ${restaurantId} AND deletedAt IS NULL AND currentStock <= minStock
      ORDER BY currentStock - minStock, name, id`,
    prisma.$queryRaw<{ reason: MovementReason; n: Num }[]>`
      SELECT reason, COUNT(*) AS n FROM stock_movements
      WHERE restaurantId = ${restaurantId} AND createdAt >= ${range.start} AND createdAt < ${range.end}
      GROUP BY reason`,
    prisma.$queryRaw<
      {
        id: number;
        item: string;
        unit: string;
        change: Num;
        level: Num;
        reason: MovementReason;
        note: string | null;
        userName: string;
        createdAt: Date;
      }[]
    >`
      SELECT m.id, s.name AS item, s.unit, m.change, m.level, m.reason, m.note, m.userName, m.createdAt
      FROM stock_movements m JOIN stock_items s ON s.id = m.stockItemId
      WHERE m.restaurantId = ${restaurantId} AND m.createdAt >= ${range.start} AND m.createdAt < ${range.end}
      ORDER BY m.createdAt DESC, m.id DESC LIMIT ${MOVEMENTS_SHOWN}`,
  ]);
  const count = byReason.reduce((n, r) => n + int(r.n), 0);
  return {
    total_items: int(totals[0]?.n),
    total_value: toMoney(dec(totals[0]?.value)),
    low_stock_count: low.length,
    low_stock_items: low.map((i) => ({
      id: i.id,
      name: i.name,
      current_stock: toMoney(dec(i.currentStock)),
      min_stock: toMoney(dec(i.minStock)),
      unit: i.unit,
      status: LOW_STOCK_STATUS,
    })),
    stock_movements: {
      count,
      by_reason: MOVEMENT_REASONS.map((reason) => ({
        reason,
        label: MOVEMENT_REASON_LABELS[reason],
        count: int(byReason.find((r) => r.reason === reason)?.n),
      })),
      recent: recent.map((m) => ({
        id: m.id,
        item: m.item,
        unit: m.unit,
        change: toMoney(dec(m.change)),
        level: toMoney(dec(m.level)),
        reason: m.reason,
        reason_label: MOVEMENT_REASON_LABELS[m.reason],
        note: m.note,
        user_name: m.userName,
        created_at: m.createdAt.toISOString(),
      })),
    },
  };
}

// --- Staff ---------------------------------------------------------------------------------

export async function staffReport(restaurantId: number, range: PeriodRange, now: Date): Promise<StaffReport> {
  const split = splitRange(range.start, range.end, now);
  type Row = { kind: "served" | "took"; who: string; userId: Num; name: string; orders: Num; amount: Num };
  const summary = async (): Promise<Row[]> => {
    if (!split.summary) return [];
    await ensureRollups(restaurantId, split.summary.from, split.summary.to);
    return prisma.$queryRaw<Row[]>`
      SELECT kind, who, MAX(userId) AS userId, MAX(name) AS name, SUM(orders) AS orders, SUM(amount) AS amount
      FROM report_staff_days
      WHERE restaurantId = ${restaurantId} AND day >= ${split.summary.from.toISOString().slice(0, 10)} AND day < ${split.summary.to.toISOString().slice(0, 10)}
      GROUP BY kind, who`;
  };
  const [users, summaryRows, liveRows] = await Promise.all([
    prisma.user.findMany({
      where: { restaurantId },
      select: { id: true, firstName: true, lastName: true, role: true, isOwner: true, isActive: true },
      orderBy: { id: "asc" },
    }),
    summary(),
    Promise.all(split.live.map((r) => prisma.$queryRaw<Row[]>(staffSql(restaurantId, r.from, r.to, false)))),
  ]);
  type Perf = StaffReport["staff_performance"][number] & { sales: Prisma.Decimal; taken: Prisma.Decimal };
  const rows = new Map<string, Perf>();
  for (const u of users) {
    const role = u.isOwner ? "admin" : u.role;
    rows.set(`u:${u.id}`, {
      user_id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      role,
      role_label: ROLE_LABELS[role],
      active: u.isActive,
      orders_served: 0,
      total_sales: 0,
      payments_taken: 0,
      payments_amount: 0,
      sales: dec(0),
      taken: dec(0),
    });
  }
  for (const r of [...summaryRows, ...liveRows.flat()]) {
    // Names without an account are merged the way MySQL groups them (case-insensitively).
    const key = r.who.startsWith("n:") ? r.who.toLocaleLowerCase("tr") : r.who;
    let row = rows.get(key);
    if (!row) {
      // An order without an account, or an account deleted since: under the name it carries.
      row = {
        user_id: r.who.startsWith("u:") ? int(r.userId) : null,
        name: r.name,
        role: null,
        role_label: null,
        active: null,
        orders_served: 0,
        total_sales: 0,
        payments_taken: 0,
        payments_amount: 0,
        sales: dec(0),
        taken: dec(0),
      };
      rows.set(key, row);
    }
    if (r.kind === "served") {
      row.orders_served += int(r.orders);
      row.sales = row.sales.add(dec(r.amount));
    } else {
      row.payments_taken += int(r.orders);
      row.taken = row.taken.add(dec(r.amount));
    }
  }
  const worked = (r: Perf) => r.orders_served > 0 || r.payments_taken > 0;
  // A deleted account (decision 027) is no longer staff: it is listed, labelled, only for the work
  // it did in the period, and never counted among the staff.
  const current = [...rows.values()].filter((r) => r.active === true);
  const deleted = [...rows.values()].filter((r) => r.active === false && worked(r));
  const performance = [...rows.values()]
    .filter((r) => r.active !== false || worked(r))
    .map(({ sales, taken, ...row }) => ({ ...row, total_sales: toMoney(sales), payments_amount: toMoney(taken) }))
    .sort(
      (a, b) =>
        b.total_sales - a.total_sales ||
        b.orders_served - a.orders_served ||
        b.payments_amount - a.payments_amount ||
        a.name.localeCompare(b.name, "tr"),
    );
  return {
    total_staff: current.length,
    active_staff: current.filter(worked).length,
    deleted_staff: deleted.length,
    staff_performance: performance,
  };
}
