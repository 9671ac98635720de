import { describe, expect, it } from "vitest";
import { stockLevel, STOCK_LEVEL_LABELS } from "./rules";

describe("stockLevel (spec section 4)", () => {
  it("low at or below the minimum, high at or above the maximum, otherwise normal", () => {
    expect(stockLevel(5, 5, 10)).toBe("low");
    expect(stockLevel(4.9, 5, 10)).toBe("low");
    expect(stockLevel(5.1, 5, 10)).toBe("normal");
    expect(stockLevel(10, 5, 10)).toBe("high");
    expect(stockLevel(11, 5, 10)).toBe("high");
  });

  it("a new item (all 0) is low: the low check comes first", () => {
    expect(stockLevel(0, 0, 0)).toBe("low");
  });

  it("labels Az / Normal / Fazla", () => {
    expect(STOCK_LEVEL_LABELS).toEqual({ low: "Az", normal: "Normal", high: "Fazla" });
  });
});
