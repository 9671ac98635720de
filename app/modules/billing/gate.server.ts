import { roleAllows } from "~/modules/auth/roles";
import type { RestaurantAuth } from "~/modules/auth/sessions.server";
import { applicationStatus } from "./applications.server";
import { trialUpgradePlanFor } from "./billing.server";
import { planDefinition, upgradePlanFor } from "./catalog";
import { canAccessFeature, type Feature } from "./features";
import { listPlans } from "./plans.server";
import { GENERIC_GATE_COPY, PREMIUM_GATE_COPY } from "./premium-gate";
import { trialStatus } from "./trial.server";

/** What the premium gate modal needs, or null when the feature is open. */
export async function premiumGate(auth: RestaurantAuth, feature: Feature, now = new Date()) {
  if (canAccessFeature(auth.restaurant, feature, now)) return null;
  const trial = trialStatus(auth.restaurant, now);
  // Suspended or cancelled (by the platform admin or for an unpaid invoice): no upgrade or
  // application opens it, so the gate says why instead of offering them (decision 047).
  const closed = auth.restaurant.subscriptionStatus === "active" ? null : auth.restaurant.subscriptionStatus;
  const canUpgrade = !closed && auth.mode === "manager" && auth.restaurant.subscriptionPlan === "free_trial";
  // The same plan as the trial banner's button on the same screen (issue 20: the gate said Basic
  // and the upgrade billed Pro): the signup's plan, or the next one the restaurant fits.
  const [application, plans, upgradePlanId] = await Promise.all([
    applicationStatus(auth.restaurant.id),
    listPlans(),
    canUpgrade ? trialUpgradePlanFor(auth.restaurant.id, auth.restaurant.requestedPlanId) : upgradePlanFor(auth.restaurant.requestedPlanId),
  ]);
  const upgradePlan = planDefinition(upgradePlanId)!;
  return {
    feature,
    copy: PREMIUM_GATE_COPY[feature] ?? GENERIC_GATE_COPY,
    expired: trial.is_expired || trial.upgrade_required,
    application: application.application,
    closed,
    canUpgrade,
    // Waiters, cashiers and the kitchen cannot apply (403): they are told to ask their manager.
    mayApply: !closed && roleAllows(auth, "manager_account"),
    upgrade: { plan: upgradePlan.id, planName: upgradePlan.name, cycle: auth.restaurant.billingCycle },
    plans: plans.filter((p) => p.id !== "basic").slice(0, 2),
  };
}

export type PremiumGateData = NonNullable<Awaited<ReturnType<typeof premiumGate>>>;
