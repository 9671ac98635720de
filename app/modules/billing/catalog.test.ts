import { describe, expect, it } from "vitest";
import {
  PAID_PLAN_IDS,
  PLAN_DEFINITIONS,
  SELF_SERVICE_UPGRADE_PLANS,
  upgradePlanFor,
  STARTER_TABLE_COUNT,
  TRIAL_DAYS,
  TRIAL_LIMITS_PLAN,
  YEARLY_FREE_MONTHS,
  YEARLY_MONTHS_CHARGED,
  planDefinition,
  trialBenefits,
  starterTableCount,
  starterTablesByPlan,
  yearlyPrice,
  monthlyOfYearly,
} from "./catalog";

describe("plan catalog", () => {
  it("has Basic, Pro and Enterprise in that order", () => {
    expect(PLAN_DEFINITIONS.map((p) => p.id)).toEqual(["basic", "pro", "enterprise"]);
    expect(PLAN_DEFINITIONS.map((p) => p.name)).toEqual(["Basic", "Pro", "Enterprise"]);
    expect([...PAID_PLAN_IDS]).toEqual(PLAN_DEFINITIONS.map((p) => p.id));
  });

  it("prices and limits Basic as the spec says", () => {
    expect(planDefinition("basic")).toMatchObject({ priceMonthly: 199, maxTables: 10, maxStaff: 5, recommended: false });
  });

  it("prices and limits Pro as the spec says, and recommends it", () => {
    expect(planDefinition("pro")).toMatchObject({ priceMonthly: 399, maxTables: 25, maxStaff: 15, recommended: true });
  });

  it("makes Enterprise unlimited (null limits)", () => {
    const enterprise = planDefinition("enterprise")!;
    expect(enterprise.priceMonthly).toBe(799);
    expect(enterprise.maxTables).toBeNull();
    expect(enterprise.maxStaff).toBeNull();
    expect(enterprise.maxMenuItems).toBeNull();
    expect(enterprise.recommended).toBe(false);
  });

  it("recommends exactly one plan", () => {
    expect(PLAN_DEFINITIONS.filter((p) => p.recommended)).toHaveLength(1);
  });

  it("states the table and staff limits in each plan's feature lines", () => {
    for (const p of PLAN_DEFINITIONS) {
      expect(p.features.length).toBeGreaterThan(0);
      if (p.maxTables !== null) expect(p.features).toContain(`${p.maxTables} masa`);
      if (p.maxStaff !== null) expect(p.features).toContain(`${p.maxStaff} personel`);
    }
    expect(planDefinition("enterprise")!.features).toContain("Sınırsız masa");
    expect(planDefinition("pro")!.features).toContain("QR menü");
    expect(planDefinition("basic")!.features).not.toContain("QR menü");
  });

  it("returns undefined for an unknown plan", () => {
    expect(planDefinition("free_trial")).toBeUndefined();
    expect(planDefinition("gold")).toBeUndefined();
  });

  it("only offers Basic and Pro as self-service upgrades", () => {
    expect([...SELF_SERVICE_UPGRADE_PLANS]).toEqual(["basic", "pro"]);
  });
});

describe("yearly pricing", () => {
  it("charges 10 months for a year: 2 months free", () => {
    expect(YEARLY_MONTHS_CHARGED).toBe(10);
    expect(YEARLY_FREE_MONTHS).toBe(2);
    expect(yearlyPrice(199)).toBe(1990);
    expect(yearlyPrice(399)).toBe(3990);
    expect(yearlyPrice(799)).toBe(7990);
    for (const p of PLAN_DEFINITIONS) expect(yearlyPrice(p.priceMonthly)).toBe(p.priceMonthly * 10);
  });

  it("a yearly price per month is rounded to the kuruş, not the lira", () => {
    expect(monthlyOfYearly(1990)).toBe(165.83);
    expect(monthlyOfYearly(3990)).toBe(332.5);
    expect(monthlyOfYearly(7990)).toBe(665.83);
  });
});

describe("trial", () => {
  it("lasts 14 days and starts with 20 tables", () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(STARTER_TABLE_COUNT).toBe(20);
  });

  it("runs with Pro's limits, which hold the starter tables", () => {
    expect(TRIAL_LIMITS_PLAN).toBe("pro");
    expect(planDefinition(TRIAL_LIMITS_PLAN)!.maxTables!).toBeGreaterThanOrEqual(STARTER_TABLE_COUNT);
  });

  it("lists benefits that mention the starter tables and the trial plan's limits", () => {
    const benefits = trialBenefits();
    expect(benefits[0]).toBe("20 masa hazır tanımlı (25 masaya kadar)");
    expect(benefits).toContain("15 personel hesabı");
  });

  it("lists the chosen plan's figures: Basic starts with 10 of its 10 tables and 5 staff", () => {
    const basic = planDefinition("basic")!;
    const benefits = trialBenefits(basic);
    expect(benefits[0]).toBe("10 masa hazır tanımlı (10 masaya kadar)");
    expect(benefits).toContain("5 personel hesabı");
    expect(benefits.join(" ")).not.toMatch(/25 masa|15 personel|20 masa/);
    const enterprise = trialBenefits(planDefinition("enterprise")!);
    expect(enterprise[0]).toBe("20 masa hazır tanımlı (sınırsız masa)");
    expect(enterprise).toContain("Sınırsız personel hesabı");
  });

  it("never starts a restaurant with more tables than its plan allows", () => {
    expect(starterTableCount(10)).toBe(10);
    expect(starterTableCount(25)).toBe(STARTER_TABLE_COUNT);
    expect(starterTableCount(null)).toBe(STARTER_TABLE_COUNT);
    expect(starterTablesByPlan()).toBe("Basic 10, Pro 20, Enterprise 20");
  });

  it("keeps the other benefits", () => {
    const benefits = trialBenefits();
    expect(benefits.some((b) => b.includes(`${STARTER_TABLE_COUNT} masa`))).toBe(true);
    expect(benefits).toContain("15 personel hesabı");
    expect(benefits).toContain("QR menü");
    expect(benefits).toContain("Kredi kartı gerekmez");
  });
});

describe("upgradePlanFor", () => {
  it("moves to the plan chosen at signup when it is self-service, else Basic", () => {
    expect(upgradePlanFor("pro")).toBe("pro");
    expect(upgradePlanFor("basic")).toBe("basic");
    expect(upgradePlanFor("enterprise")).toBe("basic");
    expect(upgradePlanFor(null)).toBe("basic");
    expect(upgradePlanFor("free_trial")).toBe("basic");
  });
});
