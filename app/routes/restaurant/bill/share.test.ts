import { describe, expect, it } from "vitest";
import { serviceChargeOf, shareAmount } from "~/modules/payments/split";
import { chosenLinesTotal, sharePreview } from "./share";

describe("sharePreview", () => {
  it("splits ₺1.000,00 three ways: two shares of ₺333,33, the last takes ₺333,34", () => {
    expect(sharePreview(1000, 1000, 3, 1)).toEqual({ share: 333.33, charge: 333.33, last: false });
    expect(sharePreview(1000, 666.67, 3, 1)).toEqual({ share: 333.33, charge: 333.33, last: false });
    expect(sharePreview(1000, 333.34, 3, 1)).toEqual({ share: 333.33, charge: 333.34, last: true });
    expect(sharePreview(1000, 1000, 3, 2)).toEqual({ share: 333.33, charge: 666.66, last: false });
    expect(sharePreview(1000, 1000, 3, 3)).toEqual({ share: 333.33, charge: 1000, last: true });
  });

  it("is nothing when a share would be nothing, or the counts are not whole", () => {
    expect(sharePreview(0.01, 0.01, 2, 1)).toBeNull();
    expect(sharePreview(100, 100, 1, 1)).toBeNull();
    expect(sharePreview(100, 100, 2.5, 1)).toBeNull();
    expect(sharePreview(100, 100, 3, 0)).toBeNull();
  });

  it("agrees with split.ts's shareAmount", () => {
    for (const [total, remaining, count, pay] of [
      [1139.5, 1139.5, 3, 1],
      [1139.5, 759.67, 3, 1],
      [1139.5, 379.84, 3, 1],
      [0.05, 0.05, 4, 1],
      [99.99, 12.34, 7, 2],
      [418, 418, 50, 49],
    ] as const) {
      const server = shareAmount(total, remaining, count, pay);
      expect(sharePreview(total, remaining, count, pay)?.charge ?? null).toBe(server === null ? null : Number(server.toFixed(2)));
    }
  });
});

describe("chosenLinesTotal", () => {
  it("adds the service charge per order, rounded half up", () => {
    // Two ₺0,05 orders at 10 %: ₺0,01 service each (not ₺0,01 on ₺0,10).
    const lines = [
      { order_id: 1, amount: 0.05, quantity: 1, units: 1 },
      { order_id: 2, amount: 0.05, quantity: 1, units: 1 },
    ];
    expect(chosenLinesTotal(lines, 10)).toBe(0.12);
    expect(chosenLinesTotal(lines, 10)).toBe(Number(serviceChargeOf("0.05", 10).add("0.05").mul(2).toFixed(2)));
  });

  it("takes a line's units at its unit value, to the kuruş", () => {
    expect(chosenLinesTotal([{ order_id: 1, amount: 100, quantity: 3, units: 1 }], 0)).toBe(33.33);
    expect(chosenLinesTotal([{ order_id: 1, amount: 100, quantity: 3, units: 2 }], 0)).toBe(66.67);
    expect(chosenLinesTotal([{ order_id: 1, amount: 760, quantity: 2, units: 0 }], 10)).toBe(0);
    expect(chosenLinesTotal([{ order_id: 1, amount: 760, quantity: 2, units: 1 }], 12.5)).toBe(427.5);
  });
});
