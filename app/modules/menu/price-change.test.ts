import { describe, expect, it } from "vitest";
import { priceChangeQuestion } from "./price-change";

describe("priceChangeQuestion", () => {
  it("asks when the new price is ten times the old one or more, saying by how much", () => {
    expect(priceChangeQuestion("7.25", "72.50")).toBe("Fiyat ₺7,25 → ₺72,50: on katı. Doğru mu?");
    expect(priceChangeQuestion("72.50", "7250.00")).toBe("Fiyat ₺72,50 → ₺7.250,00: yüz katı. Doğru mu?");
    expect(priceChangeQuestion("7.25", "80.00")).toBe("Fiyat ₺7,25 → ₺80,00: on katından fazla. Doğru mu?");
    expect(priceChangeQuestion("1.25", "1250.00")).toBe("Fiyat ₺1,25 → ₺1.250,00: bin katı. Doğru mu?");
    expect(priceChangeQuestion(0.01, 99999.99)).toBe("Fiyat ₺0,01 → ₺99.999,99: milyon katından fazla. Doğru mu?");
  });

  it("asks when the new price is a tenth of the old one or less", () => {
    expect(priceChangeQuestion("72.50", "7.25")).toBe("Fiyat ₺72,50 → ₺7,25: onda biri. Doğru mu?");
    expect(priceChangeQuestion("72.50", "0.72")).toBe("Fiyat ₺72,50 → ₺0,72: yüzde birinden az. Doğru mu?");
    expect(priceChangeQuestion("1250.00", "1.25")).toBe("Fiyat ₺1.250,00 → ₺1,25: binde biri. Doğru mu?");
    expect(priceChangeQuestion("100000.00", "1.00")).toBe("Fiyat ₺100.000,00 → ₺1,00: yüz binde biri. Doğru mu?");
  });

  it("does not ask below ten times either way", () => {
    for (const [a, b] of [
      ["7.25", "72.49"],
      ["72.50", "7.26"],
      ["72.50", "72.50"],
      ["72.50", "85.00"],
      ["10.00", "99.99"],
      [72.5, 100],
    ] as const)
      expect(priceChangeQuestion(a, b), `${a} → ${b}`).toBeNull();
  });
});
