import { describe, expect, it } from "vitest";
import { businessDay, closeText, type DayFigures } from "./rules";

// The business day (decision 088): a night until the start hour belongs to the day before.

const TZ = "Europe/Istanbul"; // UTC+3 all year

describe("businessDay", () => {
  it("03:00 local with the day starting at 05:00 is the day before; 05:00 starts the day", () => {
    expect(businessDay(new Date("2026-11-27T00:00:00Z"), TZ, 5)).toEqual({
      date: "2026-11-26",
      start: new Date("2026-11-26T02:00:00Z"),
      end: new Date("2026-11-27T02:00:00Z"),
    });
    expect(businessDay(new Date("2026-11-27T02:00:00Z"), TZ, 5).date).toBe("2026-11-27");
    expect(businessDay(new Date("2026-11-27T20:59:59Z"), TZ, 5).date).toBe("2026-11-27");
  });

  it("with the day starting at midnight it is the calendar day", () => {
    expect(businessDay(new Date("2026-11-26T21:00:00Z"), TZ, 0)).toMatchObject({
      date: "2026-11-27",
      start: new Date("2026-11-26T21:00:00Z"),
    });
    expect(businessDay(new Date("2026-11-26T20:59:00Z"), TZ, 0).date).toBe("2026-11-26");
  });

  it("crosses a month and a year", () => {
    expect(businessDay(new Date("2027-01-01T01:00:00Z"), TZ, 5).date).toBe("2026-12-31");
  });
});

describe("closeText", () => {
  it("names the day, the methods, the cash count and what came from earlier days", () => {
    const f = {
      business_date: "2026-11-27",
      revenue: 1000,
      by_method: [{ method: "cash", meal_card: null, label: "Nakit", amount: 1000, count: 2 }],
      payments_count: 2,
      orders_closed: 2,
      covers: 4,
      average_per_cover: 250,
      service_charge_total: 0,
      discount_total: 0,
      void_total: 0,
      complimentary_total: 0,
      kdv: [{ rate: 10, base: 1000, amount: 90.91 }],
      tips_total: 0,
      tips_by_waiter: [],
      account_receipts: [],
      cash: { expected: 1000, counted: 990, difference: -10 },
      without_fiscal: { count: 2, order_ids: [1, 2] },
      earlier: { count: 1, amount: 100 },
    } as unknown as DayFigures;
    const text = closeText("Lokanta", f, "Ayşe", null);
    expect(text).toContain("Gün sonu 27.11.2026");
    expect(text).toContain("Nakit: ₺1.000,00 (2)");
    expect(text).toContain("fark -₺10,00");
    expect(text).toContain("Önceki günlerden sayılan: 1 ödeme");
  });
});
