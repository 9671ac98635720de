// The day's figures, from real payments, for the restaurant's local day. Revenue is what was
// charged (payments.amount, after any discount code, with the service charge); the codes' discounts,
// the service charge and the tips (never revenue) are reported apart.
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { DEFAULT_TIME_ZONE, localDay } from "~/utils/dates";
import { toMoney } from "~/utils/money";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";
import { mealCardRows } from "./detailed.server";

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

export async function dailyReport(restaurantId: number, timeZone = DEFAULT_TIME_ZONE, now = new Date()): Promise<DailyReport> {
  const { date, start, end } = localDay(now, timeZone);
  const [byMethod, byTable, byWaiter, byKind, discounts, cards, extras, tips] = await Promise.all([
    // An order paid in parts (decision 086) counts once, under the payment that closed it; every
    // part's amount is revenue when it was taken.
    prisma.$queryRaw<{ method: string; revenue: Prisma.Decimal | null; orders: Prisma.Decimal | null }[]>`
      SELECT method, SUM(amount) AS revenue, SUM(closesOrder) AS orders FROM payments
      WHERE restaurantId = ${restaurantId} AND paidAt >= ${start} AND paidAt < ${end}
      GROUP BY method`,
    prisma.$queryRaw<{ id: number; revenue: Prisma.Decimal; orders: Prisma.Decimal }[]>`
      SELECT o.tableNumber AS id, SUM(p.amount) AS revenue, SUM(p.closesOrder) AS orders
      FROM payments p JOIN orders o ON o.id = p.orderId
      WHERE p.restaurantId = ${restaurantId} AND p.paidAt >= ${start} AND p.paidAt < ${end}
      GROUP BY o.tableNumber ORDER BY revenue DESC, id ASC`,
    // Per account (who took the order), under the account's name; two people of the same name stay
    // apart. Orders without an account (made before staff accounts) count under the name they carry.
    prisma.$queryRaw<{ userId: number | null; id: string; revenue: Prisma.Decimal; orders: Prisma.Decimal }[]>`
      SELECT o.createdById AS userId, COALESCE(MAX(CONCAT(u.firstName, ' ', u.lastName)), MAX(o.waiterName)) AS id,
        SUM(p.amount) AS revenue, SUM(p.closesOrder) AS orders
      FROM payments p JOIN orders o ON o.id = p.orderId LEFT JOIN users u ON u.id = o.createdById
      WHERE p.restaurantId = ${restaurantId} AND p.paidAt >= ${start} AND p.paidAt < ${end}
      GROUP BY o.createdById, CASE WHEN o.createdById IS NULL THEN o.waiterName END
      ORDER BY revenue DESC, id ASC`,
    prisma.orderEvent.groupBy({
      by: ["kind"],
      where: { restaurantId, createdAt: { gte: start, lt: end } },
      _sum: { amount: true },
      _count: { _all: true },
    }),
    prisma.payment.aggregate({
      where: { restaurantId, paidAt: { gte: start, lt: end }, discountAmount: { gt: 0 } },
      _sum: { discountAmount: true },
      _count: { _all: true },
    }),
    mealCardRows(restaurantId, start, end),
    prisma.payment.aggregate({
      where: { restaurantId, paidAt: { gte: start, lt: end } },
      _sum: { serviceCharge: true, tip: true },
    }),
    // Tips go to the waiter of the order (the one who served it), not to who took the payment.
    prisma.$queryRaw<{ waiterName: string; amount: Prisma.Decimal }[]>`
      SELECT o.waiterName, SUM(p.tip) AS amount
      FROM payments p JOIN orders o ON o.id = p.orderId
      WHERE p.restaurantId = ${restaurantId} AND p.paidAt >= ${start} AND p.paidAt < ${end} AND p.tip > 0
      GROUP BY o.waiterName ORDER BY amount DESC, o.waiterName ASC`,
  ]);
  const kind = (k: "void" | "complimentary") => byKind.find((r) => r.kind === k);
  const of = (method: "cash" | "card" | "meal_card" | "house_account") => byMethod.find((m) => m.method === method);
  const money = (d: Prisma.Decimal | string | number | null | undefined) => toMoney(new Prisma.Decimal(d ?? 0));
  const cashRevenue = money(of("cash")?.revenue);
  const cardRevenue = money(of("card")?.revenue);
  const cashOrders = Number(of("cash")?.orders ?? 0);
  const cardOrders = Number(of("card")?.orders ?? 0);
  const mealCardRevenue = money(of("meal_card")?.revenue);
  const mealCardOrders = Number(of("meal_card")?.orders ?? 0);
  const accountRevenue = money(of("house_account")?.revenue);
  const accountOrders = Number(of("house_account")?.orders ?? 0);
  const totalRevenue = money(new Prisma.Decimal(cashRevenue).add(cardRevenue).add(mealCardRevenue).add(accountRevenue));
  const totalOrders = cashOrders + cardOrders + mealCardOrders + accountOrders;
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
    meal_cards: cards
      .map((c) => ({ name: c.name ?? "", revenue: new Prisma.Decimal(String(c.revenue ?? 0)), orders: Number(c.orders ?? 0) }))
      .sort((a, b) => b.revenue.comparedTo(a.revenue) || a.name.localeCompare(b.name, "tr"))
      .map((c) => ({ name: c.name, label: paymentMethodLabel("meal_card", c.name), revenue: money(c.revenue), orders: c.orders })),
    house_account_revenue: accountRevenue,
    house_account_orders: accountOrders,
    avg_order_value: totalOrders ? money(new Prisma.Decimal(totalRevenue).div(totalOrders)) : 0,
    table_performance: byTable.map((r) => ({ _id: Number(r.id), revenue: money(r.revenue), orders: Number(r.orders) })),
    waiter_performance: byWaiter.map((r) => ({
      _id: r.id,
      user_id: r.userId === null ? null : Number(r.userId),
      orders: Number(r.orders),
      revenue: money(r.revenue),
    })),
    void_count: kind("void")?._count._all ?? 0,
    void_amount: money(kind("void")?._sum.amount),
    complimentary_count: kind("complimentary")?._count._all ?? 0,
    complimentary_amount: money(kind("complimentary")?._sum.amount),
    discount_count: discounts._count._all,
    discount_amount: money(discounts._sum.discountAmount),
    service_charge_total: money(extras._sum.serviceCharge),
    tips_total: money(extras._sum.tip),
    tips_by_waiter: tips.map((t) => ({ waiter_name: t.waiterName, amount: money(t.amount) })),
  };
}
