import { describe, expect, it } from "vitest";
import { FEATURE_LABELS, FEATURES, canAccessFeature, featureAccessMap, isFeature, isTrialExpired, type AccessInput } from "./features";

const NOW = new Date("2026-05-01T09:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

const input = (overrides: Partial<AccessInput> = {}): AccessInput => ({
  subscriptionPlan: "free_trial",
  subscriptionStatus: "active",
  trialEndsAt: later(60_000),
  ...overrides,
});

describe("isFeature", () => {
  it("accepts the known features only", () => {
    for (const f of FEATURES) expect(isFeature(f)).toBe(true);
    expect(isFeature("qr_menu")).toBe(true);
    expect(isFeature("QR_MENU")).toBe(false);
    expect(isFeature("")).toBe(false);
    expect(isFeature("api_access")).toBe(false);
    expect(isFeature("toString")).toBe(false);
  });

  it("has a Turkish label for every feature", () => {
    expect(Object.keys(FEATURE_LABELS).sort()).toEqual([...FEATURES].sort());
    expect(FEATURE_LABELS.qr_menu).toBe("QR menü");
  });
});

describe("isTrialExpired", () => {
  it("is false while the trial end is in the future", () => {
    expect(isTrialExpired(input({ trialEndsAt: later(1) }), NOW)).toBe(false);
  });
  it("is true at and after the trial end", () => {
    expect(isTrialExpired(input({ trialEndsAt: later(0) }), NOW)).toBe(true);
    expect(isTrialExpired(input({ trialEndsAt: later(-1) }), NOW)).toBe(true);
  });
  it("is true for a trial without an end date", () => {
    expect(isTrialExpired(input({ trialEndsAt: null }), NOW)).toBe(true);
  });
  it("is never true on a paid plan", () => {
    for (const plan of ["basic", "pro", "enterprise"] as const) {
      expect(isTrialExpired(input({ subscriptionPlan: plan, trialEndsAt: later(-1) }), NOW)).toBe(false);
      expect(isTrialExpired(input({ subscriptionPlan: plan, trialEndsAt: null }), NOW)).toBe(false);
    }
  });
});

describe("canAccessFeature", () => {
  it("opens everything during an active trial", () => {
    for (const f of FEATURES) expect(canAccessFeature(input(), f, NOW)).toBe(true);
  });
  it("closes everything once the trial has expired", () => {
    for (const f of FEATURES) expect(canAccessFeature(input({ trialEndsAt: later(0) }), f, NOW)).toBe(false);
  });
  it("keeps full reports and the QR menu for Pro and above", () => {
    const basic = input({ subscriptionPlan: "basic", trialEndsAt: null });
    expect(canAccessFeature(basic, "reports_full", NOW)).toBe(false);
    expect(canAccessFeature(basic, "qr_menu", NOW)).toBe(false);
    expect(canAccessFeature(basic, "reports_daily", NOW)).toBe(true);
    expect(canAccessFeature(basic, "order_taking", NOW)).toBe(true);
    for (const plan of ["pro", "enterprise"] as const) {
      expect(canAccessFeature(input({ subscriptionPlan: plan }), "reports_full", NOW)).toBe(true);
      expect(canAccessFeature(input({ subscriptionPlan: plan }), "qr_menu", NOW)).toBe(true);
    }
  });
  it("closes everything unless the subscription is active", () => {
    for (const status of ["inactive", "suspended", "cancelled"] as const) {
      for (const plan of ["free_trial", "basic", "pro", "enterprise"] as const) {
        for (const f of FEATURES) {
          expect(canAccessFeature(input({ subscriptionPlan: plan, subscriptionStatus: status }), f, NOW)).toBe(false);
        }
      }
    }
  });
});

describe("featureAccessMap", () => {
  it("has one entry per feature", () => {
    const map = featureAccessMap(input(), NOW);
    expect(Object.keys(map)).toEqual([...FEATURES]);
    expect(Object.values(map).every((v) => v === true)).toBe(true);
  });
  it("matches canAccessFeature for every plan and status", () => {
    for (const plan of ["free_trial", "basic", "pro", "enterprise"] as const) {
      for (const status of ["active", "suspended"] as const) {
        const r = input({ subscriptionPlan: plan, subscriptionStatus: status });
        const map = featureAccessMap(r, NOW);
        for (const f of FEATURES) expect(map[f]).toBe(canAccessFeature(r, f, NOW));
      }
    }
  });
  it("closes exactly the two Pro features on Basic", () => {
    const map = featureAccessMap(input({ subscriptionPlan: "basic" }), NOW);
    expect(
      Object.entries(map)
        .filter(([, v]) => !v)
        .map(([k]) => k)
        .sort(),
    ).toEqual(["qr_menu", "reports_full"]);
  });
});
