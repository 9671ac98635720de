import { describe, expect, it } from "vitest";
import type { TrialStatus } from "~/modules/billing/trial.server";
import { bannerTone, formatRemaining } from "./trial-banner";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRemaining", () => {
  it("shows whole days, rounded up, above 24 hours", () => {
    expect(formatRemaining(DAY + 1)).toBe("2 gün");
    expect(formatRemaining(2.5 * DAY)).toBe("3 gün");
    expect(formatRemaining(3 * DAY)).toBe("3 gün");
    expect(formatRemaining(14 * DAY)).toBe("14 gün");
    expect(formatRemaining(13 * DAY + HOUR)).toBe("14 gün");
  });

  it("shows hours and minutes under 24 hours", () => {
    expect(formatRemaining(5 * HOUR + 12 * MINUTE)).toBe("5 saat 12 dakika");
    expect(formatRemaining(5 * HOUR + 12 * MINUTE + 59_999)).toBe("5 saat 12 dakika");
    expect(formatRemaining(23 * HOUR + 59 * MINUTE)).toBe("23 saat 59 dakika");
    expect(formatRemaining(HOUR)).toBe("1 saat 0 dakika");
  });

  it("shows minutes only under an hour, at least 1", () => {
    expect(formatRemaining(42 * MINUTE)).toBe("42 dakika");
    expect(formatRemaining(59 * MINUTE + 59_000)).toBe("59 dakika");
    expect(formatRemaining(MINUTE)).toBe("1 dakika");
    expect(formatRemaining(30_000)).toBe("1 dakika");
    expect(formatRemaining(0)).toBe("1 dakika");
    expect(formatRemaining(-5 * MINUTE)).toBe("1 dakika");
  });
});

const NOW = Date.parse("2026-06-01T10:00:00.000Z");
const status = (overrides: Partial<TrialStatus>): TrialStatus => ({
  is_trial: true,
  trial_days_remaining: 1,
  trial_end_date: new Date(NOW + 3 * DAY).toISOString(),
  is_expired: false,
  upgrade_required: false,
  can_access_feature: {} as TrialStatus["can_access_feature"],
  subscription_plan: "free_trial",
  subscription_status: "active",
  ...overrides,
});

describe("bannerTone", () => {
  it("is expired when the status says so, whatever the dates", () => {
    expect(bannerTone(status({ is_expired: true }), NOW)).toBe("expired");
    expect(bannerTone(status({ is_expired: true, trial_end_date: null }), NOW)).toBe("expired");
  });

  it("warns in the last day", () => {
    expect(bannerTone(status({ trial_end_date: new Date(NOW + 23 * HOUR).toISOString() }), NOW)).toBe("warning");
    expect(bannerTone(status({ trial_end_date: new Date(NOW + DAY - 1).toISOString() }), NOW)).toBe("warning");
    expect(bannerTone(status({ trial_end_date: new Date(NOW + MINUTE).toISOString() }), NOW)).toBe("warning");
  });

  it("informs with a day or more left", () => {
    expect(bannerTone(status({ trial_end_date: new Date(NOW + DAY).toISOString() }), NOW)).toBe("info");
    expect(bannerTone(status({ trial_end_date: new Date(NOW + 25 * HOUR).toISOString() }), NOW)).toBe("info");
    expect(bannerTone(status({}), NOW)).toBe("info");
  });

  it("warns when there is no end date but the trial is not marked expired", () => {
    expect(bannerTone(status({ trial_end_date: null }), NOW)).toBe("warning");
  });
});
