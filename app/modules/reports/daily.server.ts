// The day's figures, from real payments, for the restaurant's local day. Revenue is what was
// charged (payments.amount, after any discount code, with the service charge); the codes' discounts,
// the service charge and the tips (never revenue) are reported apart.
import { Prisma } from "~/generated/prisma/client";
import { rawQuery } from "~/utils/db.server";
import { DEFAULT_TIME_ZONE, localDay } from "~/utils/dates";
import { toMoney } from "~/utils/money";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";

export interface DailyReport {
  date: string;
  total_revenue: number;
  total_orders: number;
  cash_revenue: number;
  cash_orders: number;
  card_revenue: number;
  card_orders: number;
  /** All meal cards together (decision 083); meal_cards has each apart, by revenue. */
  meal_card_revenue: number;
  meal_card_orders: number;
  meal_cards: { name: string; label: string; revenue: number; orders: number }[];
  /** Hesaba yaz: bills charged to house accounts (decision 087), revenue when charged. */
  house_account_revenue: number;
  house_account_orders: number;
  avg_order_value: number;
  table_performance: { _id: number; revenue: number; orders: number }[];
  /** Per account: _id is the waiter's name (the spec's shape), user_id the account (null for orders made without one). */
  waiter_performance: { _id: string; user_id: number | null; orders: number; revenue: number }[];
  /** Sent items taken off bills today (iptal): how many changes, and the amount taken off. */
  void_count: number;
  void_amount: number;
  /** Items given free today (ikram): how many changes, and their value. */
  complimentary_count: number;
  complimentary_amount: number;
  /** Payments today that carried a discount code, and what the codes took off (revenue is already after it). */
  discount_count: number;
  discount_amount: number;
  /** Of the revenue, the service charge charged (decision 085). */
  service_charge_total: number;
  /** Bahşiş taken today: not revenue; per the paid order's waiter (orders.waiterName), most first. */
  tips_total: number;
  tips_by_waiter: { waiter_name: string; amount: number }[];
}

/** One row of the day's figures: which part it belongs to (see dailyReport's statement), its key and sums. */
interface FigureRow {
  part: "card" | "discount" | "extras" | "kind" | "method" | "table" | "tip" | "waiter";
  name: string | null;
  id: number | bigint | null;
  /** DECIMAL sums come as text (text protocol). */
  x: string | null;
  n: string | number | bigint | null;
  y: string | null;
}

/**
 * The day's figures in one statement, one round trip on the driver (the manager panel reloads them
 * on every order and payment of a busy evening; eight Prisma queries cost it ~8× the CPU). Each part
 * is a UNION ALL branch; tables, waiters and tips come ordered by their sum, most first, then by name
 * or number, as the panel lists them.
 */
function figureRows(restaurantId: number, start: Date, end: Date) {
  const paidToday = Prisma.sql`p.restaurantId = ${restaurantId} AND p.paidAt >= ${start} AND p.paidAt < ${end}`;
  return rawQuery<FigureRow>(Prisma.sql`
    SELECT 'method' AS part, p.method AS name, NULL AS id, SUM(p.amount) AS x, SUM(p.closesOrder) AS n, NULL AS y
    FROM payments p WHERE ${paidToday} GROUP BY p.method
    UNION ALL
    SELECT 'table', NULL, o.tableNumber, SUM(p.amount), SUM(p.closesOrder), NULL
    FROM payments p JOIN orders o ON o.id = p.orderId WHERE ${paidToday} GROUP BY o.tableNumber
    UNION ALL
    SELECT 'waiter', COALESCE(MAX(CONCAT(u.firstName, ' ', u.lastName)), MAX(o.waiterName)), o.createdById, SUM(p.amount), SUM(p.closesOrder), NULL
    FROM payments p JOIN orders o ON o.id = p.orderId LEFT JOIN users u ON u.id = o.createdById
    WHERE ${paidToday} GROUP BY o.createdById, CASE WHEN o.createdById IS NULL THEN o.waiterName END
    UNION ALL
    SELECT 'kind', e.kind, NULL, SUM(e.amount), COUNT(*), NULL
    FROM order_events e WHERE e.restaurantId = ${restaurantId} AND e.createdAt >= ${start} AND e.createdAt < ${end} GROUP BY e.kind
    UNION ALL
    SELECT 'discount', NULL, NULL, SUM(p.discountAmount), COUNT(*), NULL FROM payments p WHERE ${paidToday} AND p.discountAmount > 0
    UNION ALL
    SELECT 'card', p.mealCard, NULL, SUM(p.amount), SUM(p.closesOrder), NULL
    FROM payments p WHERE ${paidToday} AND p.method = 'meal_card' GROUP BY p.mealCard
    UNION ALL
    SELECT 'extras', NULL, NULL, SUM(p.serviceCharge), NULL, SUM(p.tip) FROM payments p WHERE ${paidToday}
    UNION ALL
    SELECT 'tip', o.waiterName, NULL, SUM(p.tip), NULL, NULL
    FROM payments p JOIN orders o ON o.id = p.orderId WHERE ${paidToday} AND p.tip > 0 GROUP BY o.waiterName
    ORDER BY part, x DESC, name ASC, id ASC`);
}

export async function dailyReport(restaurantId: number, timeZone = DEFAULT_TIME_ZONE, now = new Date()): Promise<DailyReport> {
  const { date, start, end } = localDay(now, timeZone);
  const rows = await figureRows(restaurantId, start, end);
  const part = (name: FigureRow["part"]) => rows.filter((r) => r.part === name);
  const one = (name: FigureRow["part"], key?: string) => rows.find((r) => r.part === name && (key === undefined || r.name === key));
  const money = (d: string | null | undefined) => toMoney(new Prisma.Decimal(d ?? 0));
  const count = (n: FigureRow["n"] | undefined) => Number(n ?? 0);
  // An order paid in parts (decision 086) counts once, under the payment that closed it (closesOrder);
  // every part's amount is revenue when it was taken.
  const of = (method: "cash" | "card" | "meal_card" | "house_account") => one("method", method);
  const cashRevenue = money(of("cash")?.x);
  const cardRevenue = money(of("card")?.x);
  const cashOrders = count(of("cash")?.n);
  const cardOrders = count(of("card")?.n);
  const mealCardRevenue = money(of("meal_card")?.x);
  const mealCardOrders = count(of("meal_card")?.n);
  const accountRevenue = money(of("house_account")?.x);
  const accountOrders = count(of("house_account")?.n);
  const totalRevenue = toMoney(new Prisma.Decimal(cashRevenue).add(cardRevenue).add(mealCardRevenue).add(accountRevenue));
  const totalOrders = cashOrders + cardOrders + mealCardOrders + accountOrders;
  const discounts = one("discount");
  const extras = one("extras");
  return {
    date,
    total_revenue: totalRevenue,
    total_orders: totalOrders,
    cash_revenue: cashRevenue,
    cash_orders: cashOrders,
    card_revenue: cardRevenue,
    card_orders: cardOrders,
    meal_card_revenue: mealCardRevenue,
    meal_card_orders: mealCardOrders,
    meal_cards: part("card")
      .map((c) => ({ name: c.name ?? "", revenue: new Prisma.Decimal(c.x ?? 0), orders: count(c.n) }))
      .sort((a, b) => b.revenue.comparedTo(a.revenue) || a.name.localeCompare(b.name, "tr"))
      .map((c) => ({ name: c.name, label: paymentMethodLabel("meal_card", c.name), revenue: toMoney(c.revenue), orders: c.orders })),
    house_account_revenue: accountRevenue,
    house_account_orders: accountOrders,
    avg_order_value: totalOrders ? toMoney(new Prisma.Decimal(totalRevenue).div(totalOrders)) : 0,
    table_performance: part("table").map((r) => ({ _id: Number(r.id), revenue: money(r.x), orders: count(r.n) })),
    // Per account (who took the order), under the account's name; two people of the same name stay
    // apart. Orders without an account (made before staff accounts) count under the name they carry.
    waiter_performance: part("waiter").map((r) => ({
      _id: r.name ?? "",
      user_id: r.id === null ? null : Number(r.id),
      orders: count(r.n),
      revenue: money(r.x),
    })),
    void_count: count(one("kind", "void")?.n),
    void_amount: money(one("kind", "void")?.x),
    complimentary_count: count(one("kind", "complimentary")?.n),
    complimentary_amount: money(one("kind", "complimentary")?.x),
    discount_count: count(discounts?.n),
    discount_amount: money(discounts?.x),
    service_charge_total: money(extras?.x),
    tips_total: money(extras?.y),
    // Tips go to the waiter of the order (the one who served it), not to who took the payment.
    tips_by_waiter: part("tip").map((t) => ({ waiter_name: t.name ?? "", amount: money(t.x) })),
  };
}
