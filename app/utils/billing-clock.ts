// The part of the billing clock (decision 040) that the session lookup reads without writing:
// pure, so it lives below every module. auth's session lookup gates on it and billing builds its
// clock on it, and auth stays below billing in the module order (decision 074, eslint.config.js).
import type { SubscriptionPlan, SubscriptionStatus } from "~/generated/prisma/enums";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Past its due date an unpaid invoice makes the subscription past due; this many days later it is suspended. */
export const SUSPEND_AFTER_DAYS = 14;

export interface BillingClockInput {
  id: number;
  subscriptionPlan: SubscriptionPlan;
  subscriptionStatus: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  paymentDueAt: Date | null;
}

export function suspensionDateOf(paymentDueAt: Date): Date {
  return new Date(paymentDueAt.getTime() + SUSPEND_AFTER_DAYS * DAY_MS);
}

export function needsSuspension(r: BillingClockInput, now: Date) {
  return r.subscriptionStatus === "active" && r.paymentDueAt !== null && suspensionDateOf(r.paymentDueAt).getTime() <= now.getTime();
}

/**
 * The subscription's state for gating at `now`, without writing (the session lookup): an invoice
 * long overdue suspends at once, even before the job or a billing screen records it.
 */
export function effectiveBillingClock<R extends BillingClockInput>(r: R, now = new Date()): R {
  return needsSuspension(r, now) ? { ...r, subscriptionStatus: "suspended" } : r;
}
