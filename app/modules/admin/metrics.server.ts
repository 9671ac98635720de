// The platform's figures for the admin dashboard and GET /api/admin/metrics, from the database
// (the spec's client made them up). Revenue is what restaurants paid Sofra: the paid invoices'
// totals, all time and in the current calendar month of Europe/Istanbul by the date paid.
import type { SubscriptionPlan, SubscriptionStatus } from "~/generated/prisma/enums";
import { Prisma } from "~/generated/prisma/client";
import { DEFAULT_TIME_ZONE, zonedMidnight, zonedParts } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { toMoney } from "~/utils/money";
import { ALL_PLANS, RECENT_SIGNUPS } from "./member-rules";

/** The calendar month containing `now` in the platform's time zone, as [start, end) instants. */
export function monthOf(now: Date, timeZone = DEFAULT_TIME_ZONE) {
  const p = zonedParts(now, timeZone);
  return { start: zonedMidnight(p.year, p.month, 1, timeZone), end: zonedMidnight(p.year, p.month + 1, 1, timeZone) };
}

/** Members per plan and status in one grouped count: the dashboard's and the members page's figures. */
export async function planStatusCounts() {
  const rows = await prisma.restaurant.groupBy({
    by: ["subscriptionPlan", "subscriptionStatus"],
    _count: { _all: true },
  });
  return rows.map((r) => ({ plan: r.subscriptionPlan, status: r.subscriptionStatus, count: r._count._all }));
}

export function countWhere(
  counts: { plan: SubscriptionPlan; status: SubscriptionStatus; count: number }[],
  test: (row: { plan: SubscriptionPlan; status: SubscriptionStatus }) => boolean,
) {
  return counts.reduce((sum, row) => (test(row) ? sum + row.count : sum), 0);
}

export interface RecentSignup {
  id: number;
  name: string;
  owner: { name: string; email: string } | null;
  subscription_plan: SubscriptionPlan;
  subscription_status: SubscriptionStatus;
  created_at: string;
}

/** The newest restaurants with their owner (the first owner account; null if it was removed). */
export async function recentSignups(take = RECENT_SIGNUPS): Promise<RecentSignup[]> {
  const rows = await prisma.restaurant.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      name: true,
      subscriptionPlan: true,
      subscriptionStatus: true,
      createdAt: true,
      users: { where: { isOwner: true }, orderBy: { id: "asc" }, take: 1, select: { firstName: true, lastName: true, email: true } },
    },
  });
  return rows.map((r) => {
    const owner = r.users[0];
    return {
      id: r.id,
      name: r.name,
      owner: owner ? { name: `${owner.firstName} ${owner.lastName}`, email: owner.email } : null,
      subscription_plan: r.subscriptionPlan,
      subscription_status: r.subscriptionStatus,
      created_at: r.createdAt.toISOString(),
    };
  });
}

async function paidTotal(where: Prisma.InvoiceWhereInput) {
  const sum = await prisma.invoice.aggregate({ where: { status: "paid", ...where }, _sum: { totalAmount: true } });
  return toMoney(sum._sum.totalAmount ?? new Prisma.Decimal(0));
}

export async function adminMetrics(now = new Date()) {
  const month = monthOf(now);
  const [counts, totalRevenue, monthlyRevenue, signups] = await Promise.all([
    planStatusCounts(),
    paidTotal({}),
    paidTotal({ paidAt: { gte: month.start, lt: month.end } }),
    recentSignups(),
  ]);
  return {
    total_restaurants: countWhere(counts, () => true),
    active_restaurants: countWhere(counts, (r) => r.status === "active"),
    total_revenue: totalRevenue,
    monthly_revenue: monthlyRevenue,
    /** Where "this month" starts (Europe/Istanbul), so a reader knows what monthly_revenue covers. */
    month_start: month.start.toISOString(),
    plan_distribution: Object.fromEntries(ALL_PLANS.map((plan) => [plan, countWhere(counts, (r) => r.plan === plan)])) as Record<
      (typeof ALL_PLANS)[number],
      number
    >,
    recent_signups: signups,
  };
}
export type AdminMetrics = Awaited<ReturnType<typeof adminMetrics>>;
