import { describe, expect, it, vi } from "vitest";
import { FEATURES } from "./features";

// trial.server.ts builds the Prisma client at import; trialStatus() itself is pure.
vi.mock("~/utils/db.server", () => ({ prisma: {} }));

const { trialEndFor, trialStatus } = await import("./trial.server");

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-03-10T12:00:00.000Z");
const CREATED = new Date("2026-03-01T12:00:00.000Z");

const trial = (trialEndsAt: Date | null) => ({
  subscriptionPlan: "free_trial" as const,
  subscriptionStatus: "active" as const,
  trialEndsAt,
  createdAt: CREATED,
});

const allFeatures = (value: boolean) => Object.fromEntries(FEATURES.map((f) => [f, value]));

describe("trialEndFor", () => {
  it("ends the trial exactly 14 days after the start", () => {
    const start = new Date("2026-01-31T23:30:00.000Z");
    expect(trialEndFor(start).toISOString()).toBe("2026-02-14T23:30:00.000Z");
    expect(trialEndFor(start).getTime() - start.getTime()).toBe(14 * DAY);
  });
});

describe("trialStatus", () => {
  it("reports a running trial with every feature open", () => {
    const end = new Date(NOW.getTime() + 5 * DAY);
    const status = trialStatus(trial(end), NOW);
    expect(status).toEqual({
      is_trial: true,
      trial_days_remaining: 5,
      trial_end_date: end.toISOString(),
      is_expired: false,
      upgrade_required: false,
      can_access_feature: allFeatures(true),
      subscription_plan: "free_trial",
      subscription_status: "active",
    });
  });

  it("rounds the days remaining up", () => {
    expect(trialStatus(trial(new Date(NOW.getTime() + 1)), NOW).trial_days_remaining).toBe(1);
    expect(trialStatus(trial(new Date(NOW.getTime() + DAY)), NOW).trial_days_remaining).toBe(1);
    expect(trialStatus(trial(new Date(NOW.getTime() + DAY + 1)), NOW).trial_days_remaining).toBe(2);
    expect(trialStatus(trial(new Date(NOW.getTime() + 13 * DAY + 60_000)), NOW).trial_days_remaining).toBe(14);
    expect(trialStatus(trial(trialEndFor(NOW)), NOW).trial_days_remaining).toBe(14);
  });

  it("is expired exactly at trialEndsAt", () => {
    const status = trialStatus(trial(new Date(NOW)), NOW);
    expect(status.is_expired).toBe(true);
    expect(status.upgrade_required).toBe(true);
    expect(status.trial_days_remaining).toBe(0);
    expect(status.can_access_feature).toEqual(allFeatures(false));
    // One millisecond earlier it was still running.
    const before = trialStatus(trial(new Date(NOW)), new Date(NOW.getTime() - 1));
    expect(before.is_expired).toBe(false);
    expect(before.trial_days_remaining).toBe(1);
    expect(before.can_access_feature.order_taking).toBe(true);
  });

  it("is expired after the end and never counts negative days", () => {
    const status = trialStatus(trial(new Date(NOW.getTime() - 3 * DAY)), NOW);
    expect(status.is_expired).toBe(true);
    expect(status.trial_days_remaining).toBe(0);
  });

  it("treats a trial without an end date as expired", () => {
    const status = trialStatus(trial(null), NOW);
    expect(status.is_expired).toBe(true);
    expect(status.trial_end_date).toBeNull();
    expect(status.trial_days_remaining).toBe(0);
    expect(status.upgrade_required).toBe(true);
  });

  it("is not a trial on a paid plan, even with an old trial end date", () => {
    for (const plan of ["pro", "enterprise"] as const) {
      const status = trialStatus({ ...trial(new Date(NOW.getTime() - 30 * DAY)), subscriptionPlan: plan }, NOW);
      expect(status.is_trial).toBe(false);
      expect(status.is_expired).toBe(false);
      expect(status.upgrade_required).toBe(false);
      expect(status.trial_days_remaining).toBe(0);
      expect(status.subscription_plan).toBe(plan);
      expect(status.can_access_feature).toEqual(allFeatures(true));
    }
  });

  it("does not count days on a paid plan whose old trial end is still ahead", () => {
    const status = trialStatus({ ...trial(new Date(NOW.getTime() + 3 * DAY)), subscriptionPlan: "pro" }, NOW);
    expect(status.is_trial).toBe(false);
    expect(status.trial_days_remaining).toBe(0);
  });

  it("gives the basic plan everything but full reports and the QR menu", () => {
    const status = trialStatus({ ...trial(null), subscriptionPlan: "basic" }, NOW);
    expect(status.is_trial).toBe(false);
    expect(status.upgrade_required).toBe(false);
    expect(status.can_access_feature).toEqual({ ...allFeatures(true), reports_full: false, qr_menu: false });
  });

  it("requires an upgrade and closes every feature when suspended", () => {
    for (const plan of ["free_trial", "basic", "pro", "enterprise"] as const) {
      const status = trialStatus(
        { ...trial(new Date(NOW.getTime() + 5 * DAY)), subscriptionPlan: plan, subscriptionStatus: "suspended" },
        NOW,
      );
      expect(status.upgrade_required).toBe(true);
      expect(status.subscription_status).toBe("suspended");
      expect(status.can_access_feature).toEqual(allFeatures(false));
    }
  });

  it("uses the current time when none is given", () => {
    const status = trialStatus(trial(new Date(Date.now() + 2 * DAY - 1000)));
    expect(status.trial_days_remaining).toBe(2);
    expect(status.is_expired).toBe(false);
  });
});
