// The platform admin's view of the members (restaurants) and what an admin may do to them: change
// the plan (through billing's changePlan, so the change is invoiced like an owner's: decision 046)
// and suspend, reactivate or cancel the subscription (decision 047). Every change is written with
// its audit row in one transaction under the restaurant's row lock, and carries a key: a repeat
// answers the first result.
import {
  BillingError,
  billingState,
  bringBillingUpToDate,
  changePlan,
  NOT_ACTIVE,
  suspensionDateOf,
} from "~/modules/billing/billing.server";
import type { PaidPlanId } from "~/modules/billing/catalog";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { Prisma } from "~/generated/prisma/client";
import type { SubscriptionPlan, SubscriptionStatus } from "~/generated/prisma/enums";
import { prisma, type Tx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import { auditByKey, memberAudit, writeAudit } from "~/modules/audit/audit.server";
import {
  ALREADY_ACTIVE,
  ALREADY_CANCELLED,
  ALREADY_SUSPENDED,
  CANCELLED,
  CANNOT_SUSPEND_CANCELLED,
  MEMBER_NOT_ACTIVE,
  MEMBER_NOT_FOUND,
  MEMBER_OVER_LIMIT,
  MEMBER_OVERDUE,
  PAYMENT_HOLD_ONLY,
  REACTIVATED,
  REACTIVATED_PAYMENT_HOLD,
  SAME_PLAN,
  SUSPENDED,
  type MemberAction,
  type MemberFilter,
} from "./member-rules";
import { countWhere, planStatusCounts } from "./metrics.server";

export class MemberError extends DomainError {}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/** The spec's member (GET /api/admin/customers): never a password hash, never a token. */
export interface MemberDto {
  id: number;
  restaurant_name: string;
  owner_name: string | null;
  email: string | null;
  phone: string | null;
  subscription_plan: SubscriptionPlan;
  subscription_status: SubscriptionStatus;
  created_at: string;
  last_login: string | null;
}

interface MemberRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  subscriptionPlan: SubscriptionPlan;
  subscriptionStatus: SubscriptionStatus;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  ownerEmail: string | null;
  ownerPhone: string | null;
  lastLogin: Date | null;
}

function filterSql(filter: MemberFilter) {
  switch (filter) {
    case "active":
      return Prisma.sql`r.subscriptionStatus = 'active'`;
    // Spec §4: in member views everything but active counts as inactive.
    case "inactive":
      return Prisma.sql`r.subscriptionStatus <> 'active'`;
    case "trial":
      return Prisma.sql`r.subscriptionPlan = 'free_trial'`;
    default:
      return Prisma.sql`1 = 1`;
  }
}

const toDto = (r: MemberRow): MemberDto => ({
  id: r.id,
  restaurant_name: r.name,
  owner_name: r.firstName !== null ? `${r.firstName} ${r.lastName ?? ""}`.trim() : null,
  email: r.ownerEmail ?? r.email,
  phone: r.ownerPhone ?? r.phone,
  subscription_plan: r.subscriptionPlan,
  subscription_status: r.subscriptionStatus,
  created_at: r.createdAt.toISOString(),
  last_login: r.lastLogin ? new Date(r.lastLogin).toISOString() : null,
});

/**
 * One query for a page of members with their owner (the first owner account) and last login
 * (the latest of any of its accounts): Prisma would make three per page.
 */
function memberRows(where: Prisma.Sql, limit: number, offset: number) {
  return prisma.$queryRaw<MemberRow[]>`
    SELECT r.id, r.name, r.phone, r.email, r.subscriptionPlan, r.subscriptionStatus, r.createdAt,
      o.firstName, o.lastName, o.email AS ownerEmail, o.phone AS ownerPhone,
      (SELECT MAX(u.lastLoginAt) FROM users u WHERE u.restaurantId = r.id) AS lastLogin
    FROM restaurants r
    LEFT JOIN users o ON o.id = (SELECT MIN(u2.id) FROM users u2 WHERE u2.restaurantId = r.id AND u2.isOwner = 1)
    WHERE ${where}
    ORDER BY r.createdAt DESC, r.id DESC
    LIMIT ${limit} OFFSET ${offset}`;
}

/** The members page's figures: spec §3 (total, active, inactive = everything else, trial). */
export async function memberStats() {
  const counts = await planStatusCounts();
  const total = countWhere(counts, () => true);
  const active = countWhere(counts, (r) => r.status === "active");
  return { total, active, inactive: total - active, trial: countWhere(counts, (r) => r.plan === "free_trial") };
}
export type MemberStats = Awaited<ReturnType<typeof memberStats>>;

/** A page of members, newest first. A page past the end is empty (its total says so). */
export async function listMembers({ filter, page, pageSize }: { filter: MemberFilter; page: number; pageSize: number }) {
  const where = filterSql(filter);
  const [rows, [count]] = await Promise.all([
    memberRows(where, pageSize, (page - 1) * pageSize),
    prisma.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM restaurants r WHERE ${where}`,
  ]);
  const total = Number(count?.n ?? 0);
  return {
    members: rows.map(toDto),
    filter,
    page,
    page_size: pageSize,
    total,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
export type MemberPage = Awaited<ReturnType<typeof listMembers>>;

/** One member with real figures: tables, orders, revenue of its paid orders, staff, last login, billing. */
export async function memberDetail(restaurantId: number, now = new Date()) {
  const [row] = await memberRows(Prisma.sql`r.id = ${restaurantId}`, 1, 0);
  if (!row) throw new MemberError(404, MEMBER_NOT_FOUND);
  const [r, tables, orders, paidOrders, revenue, staff, unpaid, audit] = await Promise.all([
    prisma.restaurant.findUniqueOrThrow({
      where: { id: restaurantId },
      select: {
        type: true,
        slug: true,
        address: true,
        billingCycle: true,
        trialEndsAt: true,
        currentPeriodEnd: true,
        paymentDueAt: true,
        paymentSuspendedAt: true,
        adminSuspendedAt: true,
        adminStatusNote: true,
        cancelledAt: true,
        subscriptionPlan: true,
        subscriptionStatus: true,
      },
    }),
    prisma.restaurantTable.count({ where: { restaurantId, archivedAt: null } }),
    prisma.order.count({ where: { restaurantId } }),
    prisma.order.count({ where: { restaurantId, status: "paid" } }),
    // What its guests paid (after discounts): the payments of its paid orders.
    prisma.payment.aggregate({ where: { restaurantId }, _sum: { amount: true } }),
    prisma.user.count({ where: { restaurantId, isActive: true } }),
    prisma.invoice.aggregate({ where: { restaurantId, status: "pending" }, _sum: { totalAmount: true }, _count: { _all: true } }),
    memberAudit(restaurantId),
  ]);
  const state = billingState(r, now);
  return {
    ...toDto(row),
    type: r.type,
    slug: r.slug,
    address: r.address,
    billing_cycle: r.billingCycle,
    billing_state: state,
    trial_end_date: r.subscriptionPlan === "free_trial" ? (r.trialEndsAt?.toISOString() ?? null) : null,
    current_period_end: r.currentPeriodEnd?.toISOString() ?? null,
    payment_due_at: r.paymentDueAt?.toISOString() ?? null,
    /** Why it is suspended: by an admin, for an unpaid invoice, or both. */
    suspension: {
      by_admin: r.adminSuspendedAt?.toISOString() ?? null,
      for_payment: r.paymentSuspendedAt?.toISOString() ?? null,
    },
    status_note: r.adminStatusNote,
    cancelled_at: r.subscriptionStatus === "cancelled" ? (r.cancelledAt?.toISOString() ?? null) : null,
    figures: {
      tables,
      orders,
      paid_orders: paidOrders,
      revenue: toMoney(revenue._sum.amount ?? new Prisma.Decimal(0)),
      staff,
      unpaid_invoices: unpaid._count._all,
      unpaid_amount: toMoney(unpaid._sum.totalAmount ?? new Prisma.Decimal(0)),
    },
    audit,
  };
}
export type MemberDetail = Awaited<ReturnType<typeof memberDetail>>;

/** What the restaurant's own screens say about a hold on its account (null: none). */
export async function accountHold(restaurantId: number) {
  const r = await prisma.restaurant.findUnique({
    where: { id: restaurantId },
    select: { subscriptionStatus: true, adminSuspendedAt: true, paymentSuspendedAt: true, adminStatusNote: true },
  });
  if (!r || r.subscriptionStatus === "active") return null;
  const kind =
    r.subscriptionStatus === "cancelled"
      ? "cancelled"
      : r.subscriptionStatus === "suspended"
        ? r.adminSuspendedAt
          ? "admin_suspended"
          : "payment_suspended"
        : "inactive";
  return { kind, note: kind === "payment_suspended" ? null : r.adminStatusNote } as const;
}
export type AccountHold = NonNullable<Awaited<ReturnType<typeof accountHold>>>;

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

/**
 * The dashboard's plan selector (and POST /api/admin/customers/{id}/plan): billing's own plan
 * change, so an admin's change is invoiced, credited and limited exactly as the owner's would be
 * (decision 046), with the audit row written in its transaction. Billing's refusals, worded for
 * the owner, are reworded for the admin.
 */
export async function changeMemberPlan(adminId: number, restaurantId: number, plan: PaidPlanId, changeKey: string | undefined) {
  try {
    const result = await changePlan(restaurantId, {
      plan,
      changeKey,
      onChanged: (tx, change) =>
        writeAudit(tx, {
          adminId,
          action: "plan_change",
          restaurantId,
          requestKey: changeKey,
          details: {
            from: change.from,
            to: plan,
            billing_cycle: change.invoice.billingCycle,
            invoice_id: change.invoice.id,
            invoice_number: change.invoice.number,
            total_amount: change.invoice.totalAmount.toFixed(2),
          },
        }).then(() => undefined),
    });
    return {
      restaurant: { id: result.restaurant.id, name: result.restaurant.name, plan: result.restaurant.subscriptionPlan },
      invoice: result.invoice,
      replayed: result.replayed,
    };
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    const code = error.extra?.code;
    if (error.status === 404 && error.message !== "Plan bulunamadı.") throw new MemberError(404, MEMBER_NOT_FOUND);
    if (code === "same_plan") throw new MemberError(409, SAME_PLAN, error.extra);
    if (code === "over_limit") throw new MemberError(409, MEMBER_OVER_LIMIT(error.message), error.extra);
    if (code === "overdue") {
      const number = /([A-Z]+-\d{8}-[A-Z0-9]+)/.exec(error.message)?.[1] ?? "";
      throw new MemberError(409, MEMBER_OVERDUE(number), error.extra);
    }
    if (error.message === NOT_ACTIVE) throw new MemberError(409, MEMBER_NOT_ACTIVE);
    throw error;
  }
}

export interface StatusChangeResult {
  message: string;
  subscription_status: SubscriptionStatus;
  replayed: boolean;
}

/** Whether an unpaid invoice is 14 days past due (billing's rule): such a restaurant stays suspended. */
const owesLongOverdue = (paymentDueAt: Date | null, now: Date) =>
  paymentDueAt !== null && suspensionDateOf(paymentDueAt).getTime() <= now.getTime();

async function applyStatusChange(tx: Tx, restaurantId: number, action: MemberAction, note: string | null, now: Date) {
  const r = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
  const from = r.subscriptionStatus;
  switch (action) {
    case "suspend": {
      if (from === "cancelled") throw new MemberError(409, CANNOT_SUSPEND_CANCELLED);
      if (r.adminSuspendedAt) throw new MemberError(409, ALREADY_SUSPENDED);
      // On top of a suspension for non-payment the admin's is added: paying then lifts only that one.
      await tx.restaurant.update({
        where: { id: restaurantId },
        data: { subscriptionStatus: "suspended", adminSuspendedAt: now, adminStatusNote: note },
      });
      return { from, to: "suspended" as const, message: SUSPENDED };
    }
    case "reactivate": {
      if (from === "active") throw new MemberError(409, ALREADY_ACTIVE);
      // A suspension for an unpaid invoice is billing's: paying (the invoice marked received) lifts it.
      if (from === "suspended" && !r.adminSuspendedAt) throw new MemberError(409, PAYMENT_HOLD_ONLY);
      if (owesLongOverdue(r.paymentDueAt, now)) {
        // The debt still stands: the admin's hold goes, the payment hold stays (never silently undone).
        await tx.restaurant.update({
          where: { id: restaurantId },
          data: {
            subscriptionStatus: "suspended",
            adminSuspendedAt: null,
            adminStatusNote: null,
            paymentSuspendedAt: r.paymentSuspendedAt ?? now,
          },
        });
        return { from, to: "suspended" as const, message: REACTIVATED_PAYMENT_HOLD };
      }
      // A paid plan's period that lapsed while closed starts again today, rather than billing the
      // months it was closed on its next request.
      const lapsed = r.subscriptionPlan !== "free_trial" && r.currentPeriodEnd !== null && r.currentPeriodEnd.getTime() < now.getTime();
      await tx.restaurant.update({
        where: { id: restaurantId },
        data: {
          subscriptionStatus: "active",
          adminSuspendedAt: null,
          paymentSuspendedAt: null,
          adminStatusNote: null,
          cancelledAt: null,
          ...(lapsed ? { currentPeriodEnd: now } : {}),
        },
      });
      return { from, to: "active" as const, message: REACTIVATED };
    }
    case "cancel": {
      if (from === "cancelled") throw new MemberError(409, ALREADY_CANCELLED);
      await tx.restaurant.update({
        where: { id: restaurantId },
        data: { subscriptionStatus: "cancelled", cancelledAt: now, adminSuspendedAt: null, adminStatusNote: note },
      });
      return { from, to: "cancelled" as const, message: CANCELLED };
    }
  }
}

/**
 * Suspend, reactivate or cancel (decision 047). Under the restaurant's row lock: a key already
 * seen answers the first result; otherwise the transition is checked against the current status
 * (suspending a suspended member is 409) and written with its audit row.
 */
export async function changeMemberStatus(
  adminId: number,
  restaurantId: number,
  input: { action: MemberAction; note?: string | null; key?: string },
  now = new Date(),
): Promise<StatusChangeResult> {
  // The session lookup no longer writes the billing clock (decision 074 addendum): a suspension for
  // an invoice long overdue is recorded first, so the admin acts on the status the member really has.
  await bringBillingUpToDate(restaurantId, now);
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new MemberError(404, MEMBER_NOT_FOUND);
    if (input.key) {
      const first = await auditByKey(tx, restaurantId, input.key);
      if (first) {
        const r = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: { subscriptionStatus: true } });
        const details = (first.details ?? {}) as { message?: string };
        return { message: details.message ?? "", subscription_status: r.subscriptionStatus, replayed: true };
      }
    }
    const note = input.note?.trim() ? input.note.trim() : null;
    const change = await applyStatusChange(tx, restaurantId, input.action, note, now);
    await writeAudit(tx, {
      adminId,
      action: input.action,
      restaurantId,
      requestKey: input.key,
      details: { from: change.from, to: change.to, note, message: change.message },
    });
    return { message: change.message, subscription_status: change.to, replayed: false };
  });
}
