// Plans, invoices and the subscription's state (decision 040). There is no card processor: a plan
// change writes an invoice payable by bank transfer within INVOICE_DUE_DAYS, the platform admin
// marks the transfer received (markInvoicePaid). Period ends (renewal invoices) and the suspension
// SUSPEND_AFTER_DAYS after an unpaid due date are written by a recurring job (runBillingClocks) and
// by the billing screens and actions before they read or act (bringBillingUpToDate), idempotently
// and under the restaurant's row lock; the session lookup only reads (effectiveBillingClock, in
// utils/billing-clock.ts).
import type { Invoice, Plan, Restaurant, SubscriptionPlan, BillingCycle } from "~/generated/prisma/client";
import { writeAudit } from "~/modules/audit/audit.server";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { prisma, type Tx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { toMoney } from "~/utils/money";
import { needsSuspension, suspensionDateOf, type BillingClockInput } from "~/utils/billing-clock";
import {
  CYCLE_LABELS,
  INVOICE_DUE_DAYS,
  INVOICE_NOT_FOUND,
  PLAN_LABELS,
  splitKdv,
  SUBSCRIPTION_KDV_RATE,
  SUSPEND_AFTER_DAYS,
  type BillingState,
} from "./billing-rules";
import { SELF_SERVICE_UPGRADE_PLANS, TRIAL_LIMITS_PLAN, upgradePlanFor, type PaidPlanId, type SelfServicePlanId } from "./catalog";
import { LIMIT_LABELS, usageCounts, type LimitedResource } from "./limits.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many missed periods are billed in one go (a restaurant away for years). */
const MAX_RENEWALS = 36;

export const ALREADY_ON_PLAN = (plan: string, cycle: string) =>
  `Zaten ${PLAN_LABELS[plan] ?? plan} planındasınız (${(CYCLE_LABELS[cycle] ?? cycle).toLocaleLowerCase("tr-TR")}).`;
export const ALREADY_PAID_PLAN = "Zaten ücretli bir plandasınız; plan değişikliği Ayarlar > Faturalandırma bölümündedir.";
export const NOT_ACTIVE = "Aboneliğiniz aktif değil; plan değiştirilemez. Lütfen bizimle iletişime geçin.";
export const OVERDUE = (number: string) => `Son ödeme tarihi geçmiş bir faturanız var: önce ${number} numaralı faturayı ödeyin.`;

export class BillingError extends DomainError {}

// The clock as the session lookup reads it (pure, in utils so that auth, below billing, can read it too).
export { effectiveBillingClock, suspensionDateOf, type BillingClockInput } from "~/utils/billing-clock";

// ---------------------------------------------------------------------------
// The subscription's state
// ---------------------------------------------------------------------------

/** What the billing tab and the banner call the subscription's state now. */
export function billingState(
  r: Pick<BillingClockInput, "subscriptionPlan" | "subscriptionStatus" | "paymentDueAt">,
  now = new Date(),
): BillingState {
  if (r.subscriptionStatus === "suspended") return "suspended";
  if (r.subscriptionStatus !== "active") return "inactive";
  if (r.subscriptionPlan === "free_trial") return "trial";
  if (!r.paymentDueAt) return "active";
  return r.paymentDueAt.getTime() < now.getTime() ? "past_due" : "awaiting_payment";
}

function needsRenewal(r: BillingClockInput, now: Date) {
  return (
    r.subscriptionPlan !== "free_trial" &&
    r.subscriptionStatus === "active" &&
    r.currentPeriodEnd !== null &&
    r.currentPeriodEnd.getTime() <= now.getTime()
  );
}

/**
 * Brings the restaurant's billing up to `now`: bills the periods that ended (one invoice per
 * period, due INVOICE_DUE_DAYS after the period starts) and suspends it when an invoice is
 * SUSPEND_AFTER_DAYS past due. Called with every session lookup; without anything due it is two
 * comparisons, no query. Returns the restaurant with the fields brought up to date.
 */
export async function applyBillingClock<R extends BillingClockInput>(r: R, now = new Date()): Promise<R> {
  if (!needsRenewal(r, now) && !needsSuspension(r, now)) return r;
  const updated = await prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, r.id))) return null;
    await advanceBillingClock(tx, r.id, now);
    return tx.restaurant.findUnique({
      where: { id: r.id },
      select: { subscriptionPlan: true, subscriptionStatus: true, currentPeriodEnd: true, paymentDueAt: true },
    });
  });
  return updated ? { ...r, ...updated } : r;
}

/** The clock's writes under the restaurant's lock, held by the caller: renewals, then the suspension. */
async function advanceBillingClock(tx: Tx, restaurantId: number, now: Date) {
  await renewEndedPeriods(tx, restaurantId, now);
  // Atomic and idempotent: only an active restaurant whose oldest unpaid invoice is long overdue.
  const cutoff = new Date(now.getTime() - SUSPEND_AFTER_DAYS * DAY_MS);
  await tx.$executeRaw`UPDATE restaurants SET subscriptionStatus = 'suspended', paymentSuspendedAt = ${now}
    WHERE id = ${restaurantId} AND subscriptionStatus = 'active' AND paymentDueAt IS NOT NULL AND paymentDueAt <= ${cutoff}`;
}

/** Brings one restaurant's billing up to `now` (the billing screens and actions, before they read or act). */
export async function bringBillingUpToDate(restaurantId: number, now = new Date()) {
  const r = await prisma.restaurant.findUnique({
    where: { id: restaurantId },
    select: { id: true, subscriptionPlan: true, subscriptionStatus: true, currentPeriodEnd: true, paymentDueAt: true },
  });
  if (r) await applyBillingClock(r, now);
}

/** The recurring job: every restaurant with a period ended or an invoice long overdue, brought up to `now`. Returns how many. */
export async function runBillingClocks(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SUSPEND_AFTER_DAYS * DAY_MS);
  const due = await prisma.restaurant.findMany({
    where: {
      subscriptionStatus: "active",
      OR: [{ subscriptionPlan: { not: "free_trial" }, currentPeriodEnd: { lte: now } }, { paymentDueAt: { lte: cutoff } }],
    },
    select: { id: true, subscriptionPlan: true, subscriptionStatus: true, currentPeriodEnd: true, paymentDueAt: true },
    take: 500,
  });
  for (const r of due) await applyBillingClock(r, now);
  return due.length;
}

function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

const cycleMonths = (cycle: BillingCycle) => (cycle === "yearly" ? 12 : 1);
const cents = (value: { toFixed(d: number): string } | number) => Math.round(toMoney(value) * 100);
const fromCents = (value: number) => (value / 100).toFixed(2);

/** The invoice's KDV columns for a total that includes KDV (decision 062). */
function kdvColumns(totalCents: number) {
  const { net, kdv } = splitKdv(totalCents);
  return { taxRate: SUBSCRIPTION_KDV_RATE.toFixed(2), netAmount: fromCents(net), taxAmount: fromCents(kdv) };
}

/**
 * The buyer's columns of an invoice: the restaurant as it is at issue time (its name, address and the
 * tax office and number of billing settings). The PDF reads these, so editing the settings later
 * changes the next invoices, never an issued one.
 */
function buyerColumns(r: { name: string; address: string | null; taxOffice: string | null; taxNumber: string | null }) {
  return { buyerName: r.name, buyerAddress: r.address, buyerTaxOffice: r.taxOffice, buyerTaxNumber: r.taxNumber };
}

function invoiceNumber(now: Date) {
  const stamp = now.toISOString().slice(0, 10).replace(/-/g, "");
  return `SOF-${stamp}-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
}

/** The part of `amountCents` for the days of `invoice`'s period still ahead of `now`. */
function unusedShare(amountCents: number, invoice: Invoice, now: Date) {
  const span = invoice.periodEnd.getTime() - invoice.periodStart.getTime();
  const left = invoice.periodEnd.getTime() - now.getTime();
  return span > 0 && left > 0 ? Math.round((amountCents * left) / span) : 0;
}

/** The oldest unpaid due date, kept on the restaurant so the session knows it without a query. */
async function refreshPaymentDue(tx: Tx, restaurantId: number) {
  const oldest = await tx.invoice.findFirst({
    where: { restaurantId, status: "pending" },
    orderBy: { dueAt: "asc" },
    select: { dueAt: true },
  });
  await tx.restaurant.update({ where: { id: restaurantId }, data: { paymentDueAt: oldest?.dueAt ?? null } });
  return oldest?.dueAt ?? null;
}

/** Bills every period of a paid plan that ended by `now` (under the lock; a period is billed once). */
async function renewEndedPeriods(tx: Tx, restaurantId: number, now: Date) {
  const r = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
  if (r.subscriptionPlan === "free_trial" || r.subscriptionStatus !== "active" || !r.currentPeriodEnd) return;
  const plan = await tx.plan.findUnique({ where: { id: r.subscriptionPlan } });
  if (!plan) return;
  let periodStart = r.currentPeriodEnd;
  // Credit left over from a plan change (decision 058) pays for renewals first.
  let balance = cents(r.creditBalance);
  for (let i = 0; i < MAX_RENEWALS && periodStart.getTime() <= now.getTime(); i++) {
    const periodEnd = addMonths(periodStart, cycleMonths(r.billingCycle));
    const exists = await tx.invoice.findUnique({
      where: { restaurantId_periodStart: { restaurantId, periodStart } },
      select: { id: true },
    });
    if (!exists) {
      const price = cents(r.billingCycle === "yearly" ? plan.priceYearly : plan.priceMonthly);
      const applied = Math.min(balance, price);
      balance -= applied;
      await tx.invoice.create({
        data: {
          restaurantId,
          number: invoiceNumber(now),
          plan: r.subscriptionPlan,
          billingCycle: r.billingCycle,
          planPrice: fromCents(price),
          creditAmount: fromCents(applied),
          totalAmount: fromCents(price - applied),
          ...kdvColumns(price - applied),
          ...buyerColumns(r),
          status: price === applied ? "paid" : "pending",
          paidAt: price === applied ? now : null,
          periodStart,
          periodEnd,
          dueAt: new Date(periodStart.getTime() + INVOICE_DUE_DAYS * DAY_MS),
          createdAt: now,
        },
      });
    }
    periodStart = periodEnd;
  }
  await tx.restaurant.update({ where: { id: restaurantId }, data: { currentPeriodEnd: periodStart, creditBalance: fromCents(balance) } });
  await refreshPaymentDue(tx, restaurantId);
}

// ---------------------------------------------------------------------------
// Reading: usage, invoices, payment methods
// ---------------------------------------------------------------------------

interface PlanRow {
  id: string;
  name: string;
  maxTables: number | null;
  maxStaff: number | null;
  maxMenuItems: number | null;
}

const limitOf = (plan: PlanRow, resource: LimitedResource) =>
  resource === "tables" ? plan.maxTables : resource === "staff" ? plan.maxStaff : plan.maxMenuItems;

const RESOURCES: readonly LimitedResource[] = ["tables", "staff", "menu_items"];

/** What must go before the restaurant fits a plan: [{ resource, count }], empty when it fits. */
export function removalsFor(usage: Record<LimitedResource, number>, plan: PlanRow) {
  return RESOURCES.flatMap((resource) => {
    const limit = limitOf(plan, resource);
    return limit !== null && usage[resource] > limit ? [{ resource, count: usage[resource] - limit }] : [];
  });
}

/** "3 masa, 2 personel" */
export function describeRemovals(removals: { resource: LimitedResource; count: number }[]): string {
  return removals.map((r) => `${r.count} ${LIMIT_LABELS[r.resource]}`).join(", ");
}

const percentage = (used: number, limit: number | null) => (limit === null || limit <= 0 ? 0 : Math.round((used / limit) * 100));

/** GET /api/billing/usage and the billing tab: the plan, its limits and what is used of them. */
export async function getUsage(restaurantId: number, now = new Date()) {
  await bringBillingUpToDate(restaurantId, now);
  const r = await prisma.restaurant.findUnique({ where: { id: restaurantId } });
  if (!r) throw new BillingError(404, "Restoran bulunamadı.");
  const limitsPlanId = r.subscriptionPlan === "free_trial" ? TRIAL_LIMITS_PLAN : r.subscriptionPlan;
  const [plan, usage] = await Promise.all([prisma.plan.findUnique({ where: { id: limitsPlanId } }), usageCounts(restaurantId)]);
  const limits = {
    max_tables: plan?.maxTables ?? null,
    max_staff: plan?.maxStaff ?? null,
    max_menu_items: plan?.maxMenuItems ?? null,
  };
  const state = billingState(r, now);
  return {
    restaurant: {
      subscription_plan: r.subscriptionPlan,
      subscription_status: r.subscriptionStatus,
      billing_state: state,
      /** Suspended by the platform admin (paying does not lift that: decision 047). */
      suspended_by_admin: state === "suspended" && r.adminSuspendedAt !== null,
      billing_cycle: r.billingCycle,
      trial_end_date: r.subscriptionPlan === "free_trial" ? (r.trialEndsAt?.toISOString() ?? null) : null,
      current_period_end: r.currentPeriodEnd?.toISOString() ?? null,
      payment_due_at: r.paymentDueAt?.toISOString() ?? null,
      suspension_date: r.paymentDueAt && state !== "suspended" ? suspensionDateOf(r.paymentDueAt).toISOString() : null,
      /** Paid and not used yet after a plan change: comes off the next invoices (decision 058). */
      credit_balance: toMoney(r.creditBalance),
    },
    plan: {
      id: r.subscriptionPlan,
      name: PLAN_LABELS[r.subscriptionPlan] ?? r.subscriptionPlan,
      /** The plan whose limits apply (the trial runs with Pro's, decision 005). */
      limits_plan: limitsPlanId,
      usage,
      limits,
      usage_percentage: {
        tables: percentage(usage.tables, limits.max_tables),
        staff: percentage(usage.staff, limits.max_staff),
        menu_items: percentage(usage.menu_items, limits.max_menu_items),
      },
    },
  };
}
export type Usage = Awaited<ReturnType<typeof getUsage>>;

export function invoiceDto(i: Invoice) {
  return {
    id: i.id,
    number: i.number,
    created_at: i.createdAt.toISOString(),
    total_amount: toMoney(i.totalAmount),
    plan_price: toMoney(i.planPrice),
    credit_amount: toMoney(i.creditAmount),
    /** total_amount includes KDV (decision 062): net_amount + tax_amount = total_amount. */
    tax_rate: toMoney(i.taxRate),
    net_amount: toMoney(i.netAmount),
    tax_amount: toMoney(i.taxAmount),
    status: i.status,
    plan: i.plan,
    billing_cycle: i.billingCycle,
    period_start: i.periodStart.toISOString(),
    period_end: i.periodEnd.toISOString(),
    due_at: i.dueAt.toISOString(),
    paid_at: i.paidAt?.toISOString() ?? null,
    /** The transfer's description must carry this. */
    reference: i.number,
    pdf_url: `/app/invoices/${i.id}/pdf`,
  };
}
export type InvoiceDto = ReturnType<typeof invoiceDto>;

export async function listInvoices(restaurantId: number, limit: number): Promise<InvoiceDto[]> {
  await bringBillingUpToDate(restaurantId);
  const rows = await prisma.invoice.findMany({
    where: { restaurantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map(invoiceDto);
}

/** One invoice of this restaurant; another restaurant's is 404 like a missing one. */
export async function getInvoice(restaurantId: number, invoiceId: number) {
  const row = await prisma.invoice.findFirst({
    where: { id: invoiceId, restaurantId },
    include: {
      restaurant: { select: { name: true, address: true, phone: true, email: true, timezone: true, taxOffice: true, taxNumber: true } },
    },
  });
  if (!row) throw new BillingError(404, INVOICE_NOT_FOUND);
  return row;
}

/** The account invoices are paid to (env, with a development placeholder: decision 040). */
export function bankAccount() {
  const env = getEnv();
  return { iban: env.BILLING_IBAN, account_name: env.BILLING_ACCOUNT_NAME, bank_name: env.BILLING_BANK_NAME };
}

/** The seller on the invoice (env, with development placeholders: decision 062). */
export function sellerDetails() {
  const env = getEnv();
  return {
    name: env.BILLING_ACCOUNT_NAME,
    address: env.BILLING_SELLER_ADDRESS,
    tax_office: env.BILLING_TAX_OFFICE,
    tax_number: env.BILLING_TAX_NUMBER,
  };
}
export type SellerDetails = ReturnType<typeof sellerDetails>;

/** The buyer's tax office and number as the billing tab shows them. */
export async function getTaxDetails(restaurantId: number) {
  const r = await prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: { taxOffice: true, taxNumber: true } });
  return { tax_office: r.taxOffice, tax_number: r.taxNumber };
}

/** Saves them (checked by TaxDetailsFormSchema); both empty clears them. Setting a value: safe to repeat. */
export async function saveTaxDetails(restaurantId: number, input: { tax_office: string | null; tax_number: string | null }) {
  await prisma.restaurant.update({
    where: { id: restaurantId },
    data: { taxOffice: input.tax_office, taxNumber: input.tax_number },
  });
}
export type BankAccount = ReturnType<typeof bankAccount>;

/** Saved cards (by reference; none can be added without a card processor) and the bank transfer details. */
export async function listPaymentMethods(restaurantId: number) {
  const rows = await prisma.paymentMethod.findMany({
    where: { restaurantId },
    orderBy: [{ isDefault: "desc" }, { id: "asc" }],
  });
  return {
    payment_methods: rows.map((m) => ({
      id: m.id,
      brand: m.brand,
      last_four: m.lastFour,
      exp_month: m.expMonth,
      exp_year: m.expYear,
      is_default: m.isDefault,
    })),
    bank_transfer: bankAccount(),
  };
}

/** The plan page: every plan with whether the restaurant fits it, and the smallest that does. */
export async function plansForRestaurant(restaurantId: number) {
  const [r, plans, usage] = await Promise.all([
    prisma.restaurant.findUniqueOrThrow({
      where: { id: restaurantId },
      select: { subscriptionPlan: true, billingCycle: true, requestedPlanId: true },
    }),
    prisma.plan.findMany({ orderBy: { sortOrder: "asc" } }),
    usageCounts(restaurantId),
  ]);
  const rows = plans.map((p) => {
    const removals = removalsFor(usage, p);
    return {
      id: p.id as PaidPlanId,
      name: p.name,
      price_monthly: toMoney(p.priceMonthly),
      price_yearly: toMoney(p.priceYearly),
      features: Array.isArray(p.features) ? (p.features as string[]) : [],
      recommended: p.recommended,
      fits: removals.length === 0,
      remove: describeRemovals(removals),
    };
  });
  return {
    current: { plan: r.subscriptionPlan, billing_cycle: r.billingCycle },
    usage,
    plans: rows,
    /** The smallest plan (by price) the current usage fits. */
    suggested: rows.find((p) => p.fits)?.id ?? null,
  };
}

// ---------------------------------------------------------------------------
// Writing: the plan change and the received transfer
// ---------------------------------------------------------------------------

export const OVER_LIMIT = (plan: string, removals: string) => `${plan} planına geçmek için önce ${removals} kaldırın.`;
export const APPROVAL_OVER_LIMIT = (detail: string) => `Restoranın kullanımı bu plana sığmıyor: ${detail}`;

/**
 * The usage check of every move onto a plan (the owner's change, the trial upgrade, the platform
 * admin's change and an application's approval): 409 naming what must go first, with `remove`
 * per resource. `wrap` words the message for who reads it.
 */
async function refuseOverLimit(tx: Tx, restaurantId: number, plan: PlanRow, wrap: (detail: string) => string = (d) => d) {
  const removals = removalsFor(await usageCounts(restaurantId, tx), plan);
  if (removals.length === 0) return;
  throw new BillingError(409, wrap(OVER_LIMIT(plan.name, describeRemovals(removals))), {
    code: "over_limit",
    remove: Object.fromEntries(removals.map((x) => [x.resource, x.count])),
  });
}

export interface ChangePlanArgs {
  plan: PaidPlanId;
  /** Kept as it is when not given. */
  billingCycle?: BillingCycle;
  /** The form's or request's key: a repeat answers the first invoice. */
  changeKey?: string;
  /** /api/trial/upgrade and the trial banner: only from the trial. */
  fromTrialOnly?: boolean;
  /** Runs in the change's transaction, not on a replay (the platform admin's audit row). */
  onChanged?: (tx: Tx, change: { invoice: Invoice; from: SubscriptionPlan; fromCycle: BillingCycle }) => Promise<void>;
}

/** The refusals every owner's plan change and its confirmation share; the plan row and cycle it moves to. */
async function checkPlanChange(tx: Tx, r: Restaurant, args: Pick<ChangePlanArgs, "plan" | "billingCycle" | "fromTrialOnly">, now: Date) {
  if (args.fromTrialOnly && r.subscriptionPlan !== "free_trial") throw new BillingError(409, ALREADY_PAID_PLAN);
  const overdue = await tx.invoice.findFirst({
    where: { restaurantId: r.id, status: "pending", dueAt: { lt: now } },
    orderBy: { dueAt: "asc" },
  });
  if (overdue) throw new BillingError(409, OVERDUE(overdue.number), { code: "overdue", invoice_id: overdue.id });
  if (r.subscriptionStatus !== "active") throw new BillingError(409, NOT_ACTIVE);
  const cycle = args.billingCycle ?? r.billingCycle;
  if (r.subscriptionPlan === args.plan && r.billingCycle === cycle) {
    throw new BillingError(409, ALREADY_ON_PLAN(args.plan, cycle), { code: "same_plan" });
  }
  const plan = await tx.plan.findUnique({ where: { id: args.plan } });
  if (!plan) throw new BillingError(404, "Plan bulunamadı.");
  await refuseOverLimit(tx, r.id, plan);
  return { plan, cycle };
}

/**
 * What the plan change would bill if confirmed now, written nowhere: the confirmation step shows
 * it (issue 20). The same refusals and the same arithmetic as changePlan, so the figures agree.
 */
export async function quotePlanChange(
  restaurantId: number,
  args: Pick<ChangePlanArgs, "plan" | "billingCycle" | "fromTrialOnly">,
  now = new Date(),
) {
  return prisma.$transaction(async (tx) => {
    const r = await tx.restaurant.findUnique({ where: { id: restaurantId } });
    if (!r) throw new BillingError(404, "Restoran bulunamadı.");
    const { plan, cycle } = await checkPlanChange(tx, r, args, now);
    const charge = await chargeFor(tx, restaurantId, plan, cycle, now);
    const { net, kdv } = splitKdv(charge.total);
    return {
      plan: plan.id as PaidPlanId,
      plan_name: plan.name,
      billing_cycle: cycle,
      /** The plan's price for the period, KDV included. */
      price: charge.price / 100,
      /** Paid and not used yet, taken off (decision 058). */
      credit: charge.applied / 100,
      /** What the invoice will ask for, KDV included: net_amount + tax_amount. */
      total: charge.total / 100,
      net_amount: net / 100,
      tax_amount: kdv / 100,
      tax_rate: SUBSCRIPTION_KDV_RATE,
      due_at: charge.dueAt.toISOString(),
      period_end: addMonths(now, cycleMonths(cycle)).toISOString(),
      ends_trial: r.subscriptionPlan === "free_trial",
    };
  });
}
export type PlanChangeQuote = Awaited<ReturnType<typeof quotePlanChange>>;

/**
 * Changes the plan at once and writes its invoice (decision 040). Under the restaurant's row
 * lock: a repeat with the same key answers the first invoice; the same plan and period again is
 * 409; usage over the new plan's limits is 409 naming what to remove; an unpaid invoice of the
 * current period is replaced (cancelled), a paid one credits its unused days.
 */
export async function changePlan(restaurantId: number, args: ChangePlanArgs, nowArg?: Date) {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new BillingError(404, "Restoran bulunamadı.");
    // The clock is read once the lock is held: a change that waited for another must see that
    // one's invoice as the current period's (or it would leave both owed, or credit twice).
    const now = nowArg ?? new Date();
    // Periods ended and overdue invoices first (the session lookup no longer writes them).
    await advanceBillingClock(tx, restaurantId, now);
    if (args.changeKey) {
      const first = await tx.invoice.findUnique({
        where: { restaurantId_createKey: { restaurantId, createKey: args.changeKey } },
      });
      if (first) {
        const restaurant = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
        return { invoice: invoiceDto(first), restaurant, replayed: true };
      }
    }
    // Periods that ended are billed first, so the current period below is today's.
    await renewEndedPeriods(tx, restaurantId, now);
    const r = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
    const { plan, cycle } = await checkPlanChange(tx, r, args, now);

    const invoice = await startPeriod(tx, restaurantId, plan, cycle, now, args.changeKey ?? null);
    await tx.restaurant.update({
      where: { id: restaurantId },
      data: { subscriptionPlan: args.plan, subscriptionStatus: "active", billingCycle: cycle, currentPeriodEnd: invoice.periodEnd },
    });
    await refreshPaymentDue(tx, restaurantId);
    await args.onChanged?.(tx, { invoice, from: r.subscriptionPlan, fromCycle: r.billingCycle });
    const restaurant = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
    return { invoice: invoiceDto(invoice), restaurant, replayed: false };
  });
}

/**
 * Starts a period of `plan` at `now` and writes its invoice (under the restaurant's lock). What
 * the customer has paid for and not used yet comes off it (decision 058): the unused days of a
 * paid period at the value bought (its plan price, however it was paid), the unused part of the
 * credit an unpaid invoice carried (that invoice is replaced, cancelled), and the restaurant's
 * credit balance. Credit beyond the new price stays on the balance for the next invoices. The
 * caller moves the restaurant onto the plan and refreshes paymentDueAt.
 */
/** What a period of `plan` starting now costs after the credit, and until when it is payable (no writes). */
async function chargeFor(tx: Tx, restaurantId: number, plan: Plan, cycle: BillingCycle, now: Date) {
  // The invoice of the period running now, if any (the trial has none).
  const current = await tx.invoice.findFirst({
    where: { restaurantId, status: { in: ["pending", "paid"] }, periodStart: { lte: now }, periodEnd: { gt: now } },
    orderBy: { periodStart: "desc" },
  });
  const { creditBalance } = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: { creditBalance: true } });
  let dueAt = new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS);
  let credit = cents(creditBalance);
  if (current?.status === "pending") {
    // Not paid yet: replaced by the new plan's invoice, which keeps the old due date when
    // earlier (changing plan must not push a debt further out).
    if (current.dueAt.getTime() < dueAt.getTime()) dueAt = current.dueAt;
    credit += unusedShare(cents(current.creditAmount), current, now);
  } else if (current?.status === "paid") {
    credit += unusedShare(cents(current.planPrice), current, now);
  }
  const price = cents(cycle === "yearly" ? plan.priceYearly : plan.priceMonthly);
  const applied = Math.min(credit, price);
  return { current, credit, price, applied, total: price - applied, dueAt };
}

async function startPeriod(tx: Tx, restaurantId: number, plan: Plan, cycle: BillingCycle, now: Date, createKey: string | null) {
  const { current, credit, price, applied, total, dueAt } = await chargeFor(tx, restaurantId, plan, cycle, now);
  if (current?.status === "pending") {
    await tx.invoice.update({ where: { id: current.id }, data: { status: "cancelled", cancelledAt: now } });
  }
  const buyer = await tx.restaurant.update({
    where: { id: restaurantId },
    data: { creditBalance: fromCents(credit - applied) },
    select: { name: true, address: true, taxOffice: true, taxNumber: true },
  });
  return tx.invoice.create({
    data: {
      restaurantId,
      number: invoiceNumber(now),
      plan: plan.id as PaidPlanId,
      billingCycle: cycle,
      planPrice: fromCents(price),
      creditAmount: fromCents(applied),
      totalAmount: fromCents(total),
      ...kdvColumns(total),
      ...buyerColumns(buyer),
      // Nothing to pay (the credit covers it): settled as it is written.
      status: total === 0 ? "paid" : "pending",
      paidAt: total === 0 ? now : null,
      periodStart: now,
      periodEnd: addMonths(now, cycleMonths(cycle)),
      dueAt,
      createKey,
      createdAt: now,
    },
  });
}

export const APPROVAL_OVERDUE = (number: string) =>
  `Restoranın son ödeme tarihi geçmiş bir faturası var (${number}): önce havalenin alındığını işaretleyin.`;

export const APPROVAL_ADMIN_HOLD =
  "Bu üye platform yönetimi tarafından askıya alınmış: önce Üyeler sayfasından yeniden etkinleştirin, sonra onaylayın.";

/**
 * A premium application's approval (decision 048), inside the caller's transaction with the
 * restaurant's row already locked: the restaurant moves to `planId`, active, with a period that
 * starts now and its invoice; the trial ends. Unlike the owner's plan change this is the
 * platform's decision: it also reactivates a suspended or cancelled restaurant. Usage over the
 * plan's limits is refused (409 naming what to remove) like every other plan change (issue 20);
 * an overdue invoice is not wiped by it (409). Already on this plan and active: nothing new is billed.
 */
export async function activateApprovedPlan(tx: Tx, restaurantId: number, planId: PaidPlanId, createKey: string, now = new Date()) {
  await renewEndedPeriods(tx, restaurantId, now);
  const overdue = await tx.invoice.findFirst({
    where: { restaurantId, status: "pending", dueAt: { lt: now } },
    orderBy: { dueAt: "asc" },
  });
  if (overdue) throw new BillingError(409, APPROVAL_OVERDUE(overdue.number), { code: "overdue", invoice_id: overdue.id });
  const r = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
  // A platform admin's suspension (decision 047) is lifted on the member's page, on purpose, not by the way.
  if (r.adminSuspendedAt) throw new BillingError(409, APPROVAL_ADMIN_HOLD, { code: "admin_suspended" });
  const plan = await tx.plan.findUnique({ where: { id: planId } });
  if (!plan) throw new BillingError(404, "Plan bulunamadı.");
  if (r.subscriptionPlan === planId && r.subscriptionStatus === "active") return { invoice: null };
  // Like every other plan change: a restaurant over the plan's limits is told what to remove first.
  await refuseOverLimit(tx, restaurantId, plan, APPROVAL_OVER_LIMIT);
  // The trial is over once a plan is approved (a trial still running ends now).
  const trialEndsAt = r.trialEndsAt && r.trialEndsAt.getTime() > now.getTime() ? now : r.trialEndsAt;
  const invoice = await startPeriod(tx, restaurantId, plan, r.billingCycle, now, createKey);
  await tx.restaurant.update({
    where: { id: restaurantId },
    data: {
      subscriptionPlan: planId,
      subscriptionStatus: "active",
      currentPeriodEnd: invoice.periodEnd,
      trialEndsAt,
      cancelledAt: null,
      paymentSuspendedAt: null,
    },
  });
  await refreshPaymentDue(tx, restaurantId);
  return { invoice: invoiceDto(invoice) };
}

/**
 * The platform admin has seen the transfer arrive (`adminId`: the audit row names them; null for
 * scripts). Again is a no-op; a cancelled invoice is 409. When nothing else is overdue, a
 * suspension for not paying is lifted (a suspension for any other reason is not); a period that
 * ran out while suspended starts again now, so the locked-out months are not billed (decision 058).
 */
export async function markInvoicePaid(invoiceId: number, adminId: number | null = null, nowArg?: Date) {
  const found = await prisma.invoice.findUnique({ where: { id: invoiceId }, select: { restaurantId: true } });
  if (!found) throw new BillingError(404, INVOICE_NOT_FOUND);
  const restaurantId = found.restaurantId;
  return prisma.$transaction(async (tx) => {
    await lockRestaurant(tx, restaurantId);
    const now = nowArg ?? new Date();
    const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
    if (invoice.status === "cancelled") throw new BillingError(409, "İptal edilmiş bir fatura ödenmiş sayılamaz.");
    let paid = invoice;
    if (invoice.status !== "paid") {
      paid = await tx.invoice.update({ where: { id: invoiceId }, data: { status: "paid", paidAt: now } });
      if (adminId !== null) {
        await writeAudit(tx, {
          adminId,
          action: "invoice_paid",
          restaurantId,
          details: { invoice_id: invoice.id, invoice_number: invoice.number, amount: invoice.totalAmount.toFixed(2) },
        });
      }
    }
    const dueAt = await refreshPaymentDue(tx, restaurantId);
    const r = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
    const stillOverdue = dueAt !== null && suspensionDateOf(dueAt).getTime() <= now.getTime();
    if (r.subscriptionStatus === "suspended" && r.paymentSuspendedAt && !stillOverdue) {
      const lapsed = r.subscriptionPlan !== "free_trial" && r.currentPeriodEnd !== null && r.currentPeriodEnd.getTime() < now.getTime();
      // A suspension by the platform admin as well stays until an admin lifts it (decision 047).
      await tx.restaurant.update({
        where: { id: restaurantId },
        data: r.adminSuspendedAt
          ? { paymentSuspendedAt: null }
          : { subscriptionStatus: "active", paymentSuspendedAt: null, ...(lapsed ? { currentPeriodEnd: now } : {}) },
      });
    }
    const restaurant = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
    return { invoice: invoiceDto(paid), subscription_status: restaurant.subscriptionStatus, billing_state: billingState(restaurant, now) };
  });
}

/**
 * The plan the trial banner's one-tap upgrade moves to: the plan chosen at signup (Basic when none)
 * or, when the restaurant has outgrown it, the next self-service plan it fits.
 */
export async function trialUpgradePlanFor(restaurantId: number, requestedPlanId: string | null): Promise<SelfServicePlanId> {
  const first = upgradePlanFor(requestedPlanId);
  const candidates = SELF_SERVICE_UPGRADE_PLANS.slice(SELF_SERVICE_UPGRADE_PLANS.indexOf(first));
  const [plans, usage] = await Promise.all([prisma.plan.findMany({ where: { id: { in: [...candidates] } } }), usageCounts(restaurantId)]);
  return (
    candidates.find((id) => {
      const plan = plans.find((p) => p.id === id);
      return plan && removalsFor(usage, plan).length === 0;
    }) ?? first
  );
}
