// The one source of Sofra's commercial numbers. The seed writes the plans to
// the database from here; every page reads prices and limits from the database
// or from these constants, never from literals of its own.

export const TRIAL_DAYS = 14;
/** Tables a new restaurant gets at signup, at most: never more than its plan allows (see starterTableCount). */
export const STARTER_TABLE_COUNT = 20;
/** A yearly plan costs this many months ("2 ay bedava"). */
export const YEARLY_MONTHS_CHARGED = 10;
export const YEARLY_FREE_MONTHS = 12 - YEARLY_MONTHS_CHARGED;

/** What a yearly price comes to per month, in kuruş as it is shown ("ayda ₺332,50" for ₺3.990). */
export function monthlyOfYearly(yearly: number): number {
  return Math.round((yearly * 100) / 12) / 100;
}
/** Data is kept this long after cancellation (pricing FAQ). */
export const DATA_RETENTION_DAYS = 30;
/** A trial may be extended one day at a time, up to this many days in all. */
export const MAX_TRIAL_EXTENSION_DAYS = 7;
/** The trial runs with the limits of this plan. */
export const TRIAL_LIMITS_PLAN = "pro" as const;

export const PAID_PLAN_IDS = ["basic", "pro", "enterprise"] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
/** Plans an owner can switch to from the trial banner and /api/trial/upgrade. */
export const SELF_SERVICE_UPGRADE_PLANS = ["basic", "pro"] as const;
export type SelfServicePlanId = (typeof SELF_SERVICE_UPGRADE_PLANS)[number];

/** The plan an upgrade from the trial banner or the premium gate moves to: the one chosen at signup if it can be, else Basic. */
export function upgradePlanFor(requestedPlanId: string | null): SelfServicePlanId {
  return (SELF_SERVICE_UPGRADE_PLANS as readonly string[]).includes(requestedPlanId ?? "")
    ? (requestedPlanId as SelfServicePlanId)
    : "basic";
}

export interface PlanDefinition {
  id: PaidPlanId;
  name: string;
  priceMonthly: number;
  maxTables: number | null;
  maxStaff: number | null;
  maxMenuItems: number | null;
  recommended: boolean;
  features: string[];
}

// Feature lines as the spec lists them per plan.
export const PLAN_DEFINITIONS: readonly PlanDefinition[] = [
  {
    id: "basic",
    name: "Basic",
    priceMonthly: 199,
    maxTables: 10,
    maxStaff: 5,
    maxMenuItems: 100,
    recommended: false,
    features: ["10 masa", "5 personel", "Temel raporlar", "E-posta desteği"],
  },
  {
    id: "pro",
    name: "Pro",
    priceMonthly: 399,
    maxTables: 25,
    maxStaff: 15,
    maxMenuItems: 500,
    recommended: true,
    features: ["25 masa", "15 personel", "Detaylı raporlar", "QR menü", "Telefon desteği"],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    priceMonthly: 799,
    maxTables: null,
    maxStaff: null,
    maxMenuItems: null,
    recommended: false,
    features: ["Sınırsız masa", "Sınırsız personel", "Detaylı raporlar", "QR menü", "API erişimi", "Öncelikli destek"],
  },
];

export const yearlyPrice = (monthly: number) => monthly * YEARLY_MONTHS_CHARGED;

export type BillingCycle = "monthly" | "yearly";
export const BILLING_CYCLES = ["monthly", "yearly"] as const satisfies readonly BillingCycle[];

/** The limits a plan sets; null is unlimited. Read from the plans table (or PLAN_DEFINITIONS, which seeds it). */
export interface PlanLimits {
  maxTables: number | null;
  maxStaff: number | null;
}

/** Tables a new restaurant gets: the starter set, cut to what its plan allows (Basic: 10). */
export function starterTableCount(maxTables: number | null | undefined): number {
  return maxTables == null ? STARTER_TABLE_COUNT : Math.min(STARTER_TABLE_COUNT, maxTables);
}

/** "Basic 10, Pro 20, Enterprise 20": the tables each plan starts with, for the landing page. */
export function starterTablesByPlan(plans: readonly { name: string; maxTables: number | null }[] = PLAN_DEFINITIONS): string {
  return plans.map((p) => `${p.name} ${starterTableCount(p.maxTables)}`).join(", ");
}

export function planDefinition(id: string): PlanDefinition | undefined {
  return PLAN_DEFINITIONS.find((p) => p.id === id);
}

/**
 * The features the trial includes, shown on /signup, with the figures of the
 * plan chosen on /pricing (the trial's own limits when none was chosen).
 */
export function trialBenefits(limits: PlanLimits = planDefinition(TRIAL_LIMITS_PLAN)!): string[] {
  return [
    `${starterTableCount(limits.maxTables)} masa hazır tanımlı (${limits.maxTables == null ? "sınırsız masa" : `${limits.maxTables} masaya kadar`})`,
    "Sipariş alma ve ödeme",
    "QR menü",
    "Günlük raporlar",
    limits.maxStaff == null ? "Sınırsız personel hesabı" : `${limits.maxStaff} personel hesabı`,
    "E-posta desteği",
    "Kredi kartı gerekmez",
  ];
}
