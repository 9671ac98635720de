// Plan limits on what a restaurant may add: tables, staff accounts, menu items.
// The limits come from the plans table (the one source the public site shows);
// the trial runs with TRIAL_LIMITS_PLAN's. The check runs under the restaurant's
// row lock, so two concurrent additions cannot both take the last free place.
import { DomainError } from "~/utils/domain-error";
import { prisma, type Db, type Tx } from "~/utils/db.server";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { TRIAL_LIMITS_PLAN } from "./catalog";

export type LimitedResource = "tables" | "staff" | "menu_items";

export const LIMIT_LABELS: Record<LimitedResource, string> = {
  tables: "masa",
  staff: "personel",
  menu_items: "menü ürünü",
};

/** Where an owner over a limit is sent to change plan: the plan page inside the app. */
export const PLAN_CHANGE_URL = "/app/plans";

export interface PlanLimit {
  planId: string;
  planName: string;
  limit: number | null;
  used: number;
}

async function countUsed(tx: Tx | Db, restaurantId: number, resource: LimitedResource): Promise<number> {
  switch (resource) {
    case "tables":
      // A table archived when its configuration was deleted (decision 030) no longer holds a place.
      return tx.restaurantTable.count({ where: { restaurantId, archivedAt: null } });
    case "staff":
      // The owner is not staff; deleted (inactive) accounts no longer hold a place.
      return tx.user.count({ where: { restaurantId, isOwner: false, isActive: true } });
    case "menu_items":
      return tx.menuItem.count({ where: { restaurantId } });
  }
}

/** What the restaurant uses of each limited resource. */
export async function usageCounts(restaurantId: number, tx: Tx | Db = prisma): Promise<Record<LimitedResource, number>> {
  // One after another: inside a transaction they share one connection anyway.
  const tables = await countUsed(tx, restaurantId, "tables");
  const staff = await countUsed(tx, restaurantId, "staff");
  const menu_items = await countUsed(tx, restaurantId, "menu_items");
  return { tables, staff, menu_items };
}

/** The restaurant's limit for a resource and how much of it is used (no lock: for display). */
export async function planLimit(restaurantId: number, resource: LimitedResource, tx: Tx | Db = prisma): Promise<PlanLimit> {
  const restaurant = await tx.restaurant.findUnique({
    where: { id: restaurantId },
    select: { subscriptionPlan: true },
  });
  if (!restaurant) throw new DomainError(404, "Restoran bulunamadı.");
  const planId = restaurant.subscriptionPlan === "free_trial" ? TRIAL_LIMITS_PLAN : restaurant.subscriptionPlan;
  const plan = await tx.plan.findUnique({
    where: { id: planId },
    select: { name: true, maxTables: true, maxStaff: true, maxMenuItems: true },
  });
  const limit = !plan ? null : resource === "tables" ? plan.maxTables : resource === "staff" ? plan.maxStaff : plan.maxMenuItems;
  return { planId, planName: plan?.name ?? planId, limit, used: await countUsed(tx, restaurantId, resource) };
}

/**
 * Refuses (403, naming the plan and its limit) adding `adding` more of a resource
 * beyond the plan's limit. Call inside the transaction that then creates the rows:
 * it takes the restaurant's row lock first.
 */
export async function assertWithinPlanLimit(tx: Tx, restaurantId: number, resource: LimitedResource, adding = 1): Promise<void> {
  if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
  const { planId, planName, limit, used } = await planLimit(restaurantId, resource, tx);
  if (limit === null || used + adding <= limit) return;
  throw new DomainError(
    403,
    `${planName} planında en fazla ${limit} ${LIMIT_LABELS[resource]} eklenebilir. Daha fazlası için planınızı yükseltin.`,
    { code: "plan_limit", plan: planId, limit, used, upgrade_url: PLAN_CHANGE_URL },
  );
}
