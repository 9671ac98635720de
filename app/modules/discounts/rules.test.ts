import { describe, expect, it } from "vitest";
import { crossFieldIssues, discountState, formatDiscountValue, usagePercent } from "./rules";

const base = { is_active: true, start_date: "2026-11-01", end_date: "2026-11-30", usage_limit: 3, used_count: 0 };

describe("discountState", () => {
  it("is active within its days, both included", () => {
    for (const today of ["2026-11-01", "2026-11-15", "2026-11-30"]) expect(discountState(base, today)).toBe("active");
  });
  it("switched off first, then not started, expired, used up", () => {
    expect(discountState({ ...base, is_active: false, used_count: 3 }, "2026-12-05")).toBe("inactive");
    expect(discountState(base, "2026-10-31")).toBe("scheduled");
    expect(discountState(base, "2026-12-01")).toBe("expired");
    expect(discountState({ ...base, used_count: 3 }, "2026-11-10")).toBe("exhausted");
    expect(discountState({ ...base, usage_limit: null, used_count: 999 }, "2026-11-10")).toBe("active");
  });
});

describe("usagePercent", () => {
  it("used ÷ limit, rounded, capped at 100; none without a limit", () => {
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(5, 4)).toBe(100);
    expect(usagePercent(0, 10)).toBe(0);
    expect(usagePercent(7, null)).toBeNull();
  });
});

describe("crossFieldIssues", () => {
  it("caps the value by type and wants start ≤ end", () => {
    expect(crossFieldIssues({ type: "percentage", value: "100", start_date: "2026-11-01", end_date: "2026-11-01" })).toEqual([]);
    expect(crossFieldIssues({ type: "fixed", value: 1000, start_date: "2026-11-01", end_date: "2026-11-02" })).toEqual([]);
    expect(crossFieldIssues({ type: "percentage", value: "100.01", start_date: "2026-11-02", end_date: "2026-11-01" })).toEqual([
      { path: "value", message: "Yüzde indirim en fazla 100 olabilir." },
      { path: "end_date", message: "Bitiş tarihi başlangıç tarihinden önce olamaz." },
    ]);
    expect(crossFieldIssues({ type: "fixed", value: "1000.01", start_date: "2026-11-01", end_date: "2026-11-01" })).toEqual([
      { path: "value", message: "Sabit indirim en fazla ₺1.000,00 olabilir." },
    ]);
  });
});

describe("formatDiscountValue", () => {
  it("a percentage as %n, a fixed amount in lira", () => {
    const lira = (n: number) => `₺${n.toFixed(2)}`;
    expect(formatDiscountValue("percentage", 12.5, lira)).toBe("%12,5");
    expect(formatDiscountValue("fixed", 40, lira)).toBe("₺40.00");
  });
});
