import { describe, expect, it } from "vitest";
import { decimalField } from "./decimal-field";

const quantity = decimalField("Miktar", { decimals: 1, max: 99_999_999.9 });
const price = decimalField("Fiyat", { decimals: 2, max: 99_999_999.99 });
const change = decimalField("Değişim", { decimals: 1, max: 99_999_999.9, signed: true });
const message = (schema: typeof quantity, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("decimalField", () => {
  it("takes form strings and JSON numbers exactly, as a string for Prisma's Decimal", () => {
    expect(quantity.parse("12.5")).toBe("12.5");
    expect(quantity.parse(" 3 ")).toBe("3");
    expect(price.parse(0.1)).toBe("0.1");
    expect(price.parse("18.75")).toBe("18.75");
    expect(price.parse("99999999.99")).toBe("99999999.99");
    expect(change.parse(-2.5)).toBe("-2.5");
  });

  it.each([
    [quantity, "-1", "Miktar negatif olamaz."],
    [quantity, "1.25", "Miktar en fazla 1 ondalık basamak içerebilir."],
    [quantity, "100000000", "Miktar en fazla 99.999.999,9 olabilir."],
    [price, "1.005", "Fiyat en fazla 2 ondalık basamak içerebilir."],
    [price, "1e3", "Fiyat bir sayı olmalıdır."],
    [price, "0x10", "Fiyat bir sayı olmalıdır."],
    [price, "12,5", "Fiyat bir sayı olmalıdır."],
    [price, Number.NaN, "Fiyat bir sayı olmalıdır."],
    [price, Number.POSITIVE_INFINITY, "Fiyat bir sayı olmalıdır."],
    [price, true, "Fiyat bir sayı olmalıdır."],
    [change, "-100000000", "Değişim en fazla 99.999.999,9 olabilir."],
  ] as const)("refuses %#: %j", (schema, value, expected) => {
    expect(message(schema, value)).toBe(expected);
  });
});
