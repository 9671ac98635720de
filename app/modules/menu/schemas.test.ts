import { describe, expect, it } from "vitest";
import { priceField } from "./schemas";
import { PRICE_DECIMALS, PRICE_NOT_NUMBER, PRICE_NOT_POSITIVE, PRICE_REQUIRED, PRICE_TOO_HIGH } from "./rules";

const parse = (input: unknown) => {
  const r = priceField.safeParse(input);
  return r.success ? r.data : r.error.issues[0]!.message;
};

describe("priceField", () => {
  it("gives exact two-decimal text for the DECIMAL column, from Turkish text and JSON numbers", () => {
    expect(parse(12)).toBe("12.00");
    expect(parse(12.5)).toBe("12.50");
    expect(parse("12,5")).toBe("12.50");
    expect(parse("72,50")).toBe("72.50");
    expect(parse("1.250,00")).toBe("1250.00");
    expect(parse(" 0012.30 ")).toBe("12.30");
    // A dot before three digits is the thousands separator (decision 061).
    expect(parse("7.000")).toBe("7000.00");
    expect(parse(0.01)).toBe("0.01");
    expect(parse("99999.99")).toBe("99999.99");
    expect(parse("99.999,99")).toBe("99999.99");
  });

  it("refuses what is not a positive decimal of at most two places and ₺99.999,99", () => {
    expect(parse(undefined)).toBe(PRICE_REQUIRED);
    expect(parse("  ")).toBe(PRICE_REQUIRED);
    for (const bad of ["1e3", "0x10", "+5", "1 000", "12.", ".5", "abc", "12,5,0", "1..2", true, [], Number.NaN, Number.POSITIVE_INFINITY])
      expect(parse(bad), String(bad)).toBe(PRICE_NOT_NUMBER);
    for (const bad of [0, "0", "0.00", "0,00", -1, "-1", "-0.5", "-72,50"]) expect(parse(bad), String(bad)).toBe(PRICE_NOT_POSITIVE);
    for (const bad of [100000, "100.000", "123456"]) expect(parse(bad), String(bad)).toBe(PRICE_TOO_HIGH);
    for (const bad of [12.345, "12.3456", "0,001", "0.125"]) expect(parse(bad), String(bad)).toBe(PRICE_DECIMALS);
    expect(parse("1,250")).toBe(
      "Fiyat “1,250” belirsiz: binlik ise 1.250, ondalık ise 1,25 yazın (binlik ayırıcı nokta, ondalık ayırıcı virgüldür).",
    );
  });
});
