import type { Restaurant } from "~/generated/prisma/client";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { prisma } from "~/utils/db.server";
import { CLOSED_NO_EXTENSION } from "./billing-rules";
import { BillingError, changePlan, effectiveBillingClock } from "./billing.server";
import { MAX_TRIAL_EXTENSION_DAYS, TRIAL_DAYS, type PaidPlanId } from "./catalog";
import { featureAccessMap, isTrialExpired, type AccessInput, type Feature } from "./features";

const DAY_MS = 24 * 60 * 60 * 1000;

export type TrialInput = AccessInput & Pick<Restaurant, "createdAt">;

export interface TrialStatus {
  is_trial: boolean;
  trial_days_remaining: number;
  trial_end_date: string | null;
  is_expired: boolean;
  upgrade_required: boolean;
  can_access_feature: Record<Feature, boolean>;
  subscription_plan: string;
  subscription_status: string;
}

export function trialEndFor(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

export function trialStatus(r: TrialInput, now = new Date()): TrialStatus {
  const isTrial = r.subscriptionPlan === "free_trial";
  const expired = isTrialExpired(r, now);
  const remainingMs = r.trialEndsAt ? r.trialEndsAt.getTime() - now.getTime() : 0;
  return {
    is_trial: isTrial,
    trial_days_remaining: isTrial && remainingMs > 0 ? Math.ceil(remainingMs / DAY_MS) : 0,
    trial_end_date: r.trialEndsAt ? r.trialEndsAt.toISOString() : null,
    is_expired: expired,
    upgrade_required: expired || r.subscriptionStatus !== "active",
    can_access_feature: featureAccessMap(r, now),
    subscription_plan: r.subscriptionPlan,
    subscription_status: r.subscriptionStatus,
  };
}

export { BillingError };

const restaurantForBilling = (restaurantId: number) =>
  prisma.restaurant.findUniqueOrThrow({
    where: { id: restaurantId },
    select: {
      id: true,
      subscriptionPlan: true,
      subscriptionStatus: true,
      trialEndsAt: true,
      createdAt: true,
      currentPeriodEnd: true,
      paymentDueAt: true,
    },
  });

export async function getTrialStatus(restaurantId: number, now = new Date()) {
  // The state in effect now, as the session lookup gates (an overdue suspension not yet written counts).
  return trialStatus(effectiveBillingClock(await restaurantForBilling(restaurantId), now), now);
}

/**
 * Whether the spec's one-day extension applies now (issue 20): on a trial that has not run out,
 * of an open account, with a day left under the cap. The banner offers it only then.
 */
export function canExtendTrial(r: TrialInput, now = new Date()): boolean {
  if (r.subscriptionPlan !== "free_trial" || r.subscriptionStatus !== "active" || !r.trialEndsAt) return false;
  if (isTrialExpired(r, now)) return false;
  const latestEnd = trialEndFor(r.createdAt).getTime() + MAX_TRIAL_EXTENSION_DAYS * DAY_MS;
  return r.trialEndsAt.getTime() + DAY_MS <= latestEnd;
}

/** One more day (or a few) of trial, only while the trial is running and the account is open. */
export async function extendTrial(restaurantId: number, days: number, now = new Date()) {
  return prisma.$transaction(async (tx) => {
    // Two extensions cannot both pass the cap check.
    if (!(await lockRestaurant(tx, restaurantId))) throw new BillingError(404, "Restoran bulunamadı.");
    const r = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
    // A suspended or cancelled account is closed: no extension opens it again (issue 20).
    if (r.subscriptionStatus !== "active") throw new BillingError(403, CLOSED_NO_EXTENSION(r.subscriptionStatus));
    if (r.subscriptionPlan !== "free_trial") {
      throw new BillingError(409, "Deneme süresi yalnızca deneme sürümündeyken uzatılabilir.");
    }
    if (isTrialExpired(r, now) || !r.trialEndsAt) {
      throw new BillingError(409, "Deneme süresi dolmuş; uzatılamaz. Lütfen bir plan seçin.");
    }
    const latestEnd = trialEndFor(r.createdAt).getTime() + MAX_TRIAL_EXTENSION_DAYS * DAY_MS;
    const newEnd = new Date(r.trialEndsAt.getTime() + days * DAY_MS);
    if (newEnd.getTime() > latestEnd) {
      throw new BillingError(409, `Deneme süresi toplamda en fazla ${MAX_TRIAL_EXTENSION_DAYS} gün uzatılabilir.`);
    }
    const updated = await tx.restaurant.update({ where: { id: restaurantId }, data: { trialEndsAt: newEnd } });
    return trialStatus(updated, now);
  });
}

/**
 * Moves a trial restaurant to a paid plan: the plan change of the billing tab (same rules, same
 * invoice, decision 040), refused with 409 once the restaurant is on a paid plan.
 */
export async function upgradeFromTrial(
  restaurantId: number,
  planId: PaidPlanId,
  billingCycle: "monthly" | "yearly",
  now?: Date,
  changeKey?: string,
) {
  const { restaurant } = await changePlan(restaurantId, { plan: planId, billingCycle, changeKey, fromTrialOnly: true }, now);
  return trialStatus(restaurant, now ?? new Date());
}
