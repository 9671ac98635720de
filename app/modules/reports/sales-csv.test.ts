import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { decimalComma } from "./sales-csv";

// The worker formats money without Prisma; before it the CSV used Prisma's Decimal (decimal.js).
const before = (value: string) => new Prisma.Decimal(value).toFixed(2).replace(".", ",");

describe("decimalComma", () => {
  it("is Prisma.Decimal's toFixed(2) with a comma, for DECIMAL strings as the driver gives them and for longer ones", () => {
    for (const v of ["0", "0.00", "1234.50", "-12.30", "99999999.99", "0.005", "0.004", "-0.005", "-0.001", "12", "12.5", ".5", "5."])
      expect(decimalComma(v), v).toBe(before(v));
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), fc.integer({ min: 0, max: 5 }), (units, places) => {
        const digits = (units < 0n ? -units : units).toString().padStart(places + 1, "0");
        const text = `${units < 0n ? "-" : ""}${places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits}`;
        expect(decimalComma(text)).toBe(before(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("null is zero; anything else but a decimal is an error, not a wrong figure", () => {
    expect(decimalComma(null)).toBe("0,00");
    for (const bad of ["", "abc", "1e3", "1,5", "--1"]) expect(() => decimalComma(bad)).toThrow();
  });
});
