// The day's figures, from real payments, for the restaurant's local day. Revenue is what was
// charged (payments.amount, after any discount code); the codes' discounts are reported apart.
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { DEFAULT_TIME_ZONE, localDay } from "~/utils/dates";
import { toMoney } from "~/utils/money";

export interface DailyReport {
  date: string;
  total_revenue: number;
  total_orders: number;
  cash_revenue: number;
  cash_orders: number;
  card_revenue: number;
  card_orders: number;
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
}

export async function dailyReport(restaurantId: number, timeZone = DEFAULT_TIME_ZONE, now = new Date()): Promise<DailyReport> {
  const { date, start, end } = localDay(now, timeZone);
  const [byMethod, byTable, byWaiter, byKind, discounts] = await Promise.all([
    prisma.payment.groupBy({
      by: ["method"],
      where: { restaurantId, paidAt: { gte: start, lt: end } },
      _sum: { amount: true },
      _count: { _all: true },
    }),
    prisma.$queryRaw<{ id: number; revenue: Prisma.Decimal; orders: bigint }[]>`
      SELECT o.tableNumber AS id, SUM(p.amount) AS revenue, COUNT(*) AS orders
      FROM payments p JOIN orders o ON o.id = p.orderId
      WHERE p.restaurantId = ${restaurantId} AND p.paidAt >= ${start} AND p.paidAt < ${end}
      GROUP BY o.tableNumber ORDER BY revenue DESC, id ASC`,
    // Per account (who took the order), under the account's name; two people of the same name stay
    // apart. Orders without an account (made before staff accounts) count under the name they carry.
    prisma.$queryRaw<{ userId: number | null; id: string; revenue: Prisma.Decimal; orders: bigint }[]>`
      SELECT o.createdById AS userId, COALESCE(MAX(CONCAT(u.firstName, ' ', u.lastName)), MAX(o.waiterName)) AS id,
        SUM(p.amount) AS revenue, COUNT(*) AS orders
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
  ]);
  const kind = (k: "void" | "complimentary") => byKind.find((r) => r.kind === k);
  const of = (method: "cash" | "card") => byMethod.find((m) => m.method === method);
  const money = (d: Prisma.Decimal | string | number | null | undefined) => toMoney(new Prisma.Decimal(d ?? 0));
  const cashRevenue = money(of("cash")?._sum.amount);
  const cardRevenue = money(of("card")?._sum.amount);
  const cashOrders = of("cash")?._count._all ?? 0;
  const cardOrders = of("card")?._count._all ?? 0;
  const totalRevenue = money(new Prisma.Decimal(cashRevenue).add(cardRevenue));
  const totalOrders = cashOrders + cardOrders;
  return {
    date,
    total_revenue: totalRevenue,
    total_orders: totalOrders,
    cash_revenue: cashRevenue,
    cash_orders: cashOrders,
    card_revenue: cardRevenue,
    card_orders: cardOrders,
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
  };
}
