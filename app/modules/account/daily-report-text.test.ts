import { describe, expect, it } from "vitest";
import type { DailyReport } from "~/modules/reports/daily.server";
import { dailyReportKey, dailyReportText, lastEndedDay } from "./daily-report-text";

describe("lastEndedDay", () => {
  it("is yesterday in the restaurant's zone, not in UTC", () => {
    // 22:30 UTC on the 23rd is 01:30 on the 24th in Istanbul (UTC+3): the 23rd has just ended there.
    const day = lastEndedDay(new Date("2026-11-23T22:30:00Z"), "Europe/Istanbul");
    expect(day.date).toBe("2026-11-23");
    expect(day.start.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    expect(day.end.toISOString()).toBe("2026-11-23T21:00:00.000Z");
    // The same instant in New York (UTC-5) is 17:30 on the 23rd: the 22nd is the last ended day.
    expect(lastEndedDay(new Date("2026-11-23T22:30:00Z"), "America/New_York").date).toBe("2026-11-22");
  });

  it("right after local midnight the day before has ended", () => {
    expect(lastEndedDay(new Date("2026-11-23T21:00:00.001Z"), "Europe/Istanbul").date).toBe("2026-11-23");
    expect(lastEndedDay(new Date("2026-11-23T20:59:59.999Z"), "Europe/Istanbul").date).toBe("2026-11-22");
  });
});

describe("dailyReportText", () => {
  const report: DailyReport = {
    date: "2026-11-23",
    total_revenue: 1250.5,
    total_orders: 3,
    cash_revenue: 250.5,
    cash_orders: 1,
    card_revenue: 800,
    card_orders: 1,
    meal_card_revenue: 200,
    meal_card_orders: 1,
    meal_cards: [{ name: "Multinet", label: "Yemek kartı · Multinet", revenue: 200, orders: 1 }],
    house_account_revenue: 0,
    house_account_orders: 0,
    avg_order_value: 416.83,
    table_performance: [{ _id: 4, revenue: 1000, orders: 2 }],
    waiter_performance: [{ _id: "Elif Kaya", user_id: 7, orders: 3, revenue: 1250.5 }],
    void_count: 1,
    void_amount: 40,
    complimentary_count: 0,
    complimentary_amount: 0,
    discount_count: 0,
    discount_amount: 0,
    service_charge_total: 0,
    tips_total: 0,
    tips_by_waiter: [],
  };

  it("carries the day's figures in Turkish lira", () => {
    const text = dailyReportText("Demo Lokanta", "23 Kasım 2026", report).replace(/\u00a0/g, " ");
    expect(text).toContain("Demo Lokanta — 23 Kasım 2026 günlük raporu");
    expect(text).toContain("Toplam ciro: ₺1.250,50");
    expect(text).toContain("Sipariş sayısı: 3");
    expect(text).toContain("Kart: ₺800,00 (1 sipariş)");
    // Each meal card apart (decision 083).
    expect(text).toContain("Yemek kartı · Multinet: ₺200,00 (1 sipariş)");
    expect(text).toContain("İptaller: 1 (₺40,00)");
    expect(text).toContain("- Elif Kaya: 3 sipariş, ₺1.250,50");
    expect(text).toContain("- Masa 4: 2 sipariş, ₺1.000,00");
  });

  it("keys a job by restaurant and day", () => {
    expect(dailyReportKey(12, "2026-11-23")).toBe("daily-report:12:2026-11-23");
  });
});
