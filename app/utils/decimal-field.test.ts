import { describe, expect, it } from "vitest";
import { decimalField } from "./decimal-field";

const quantity = decimalField("Miktar", { decimals: 1, max: 99_999_999.9 });
const price = decimalField("Fiyat", { decimals: 2, max: 99_999_999.99 });
const change = decimalField("Değişim", { decimals: 1, max: 99_999_999.9, signed: true });
const positive = decimalField("Değer", { decimals: 2, max: 1000, positive: true, money: true });
const message = (schema: typeof quantity, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("decimalField", () => {
  it("takes Turkish form text, English-style text and JSON numbers exactly, as a string for Prisma's Decimal", () => {
    expect(quantity.parse("12.5")).toBe("12.5");
    expect(quantity.parse("12,5")).toBe("12.5");
    expect(quantity.parse(" 3 ")).toBe("3.0");
    expect(price.parse(0.1)).toBe("0.10");
    expect(price.parse("18.75")).toBe("18.75");
    expect(price.parse("72,50")).toBe("72.50");
    expect(price.parse("1.250,00")).toBe("1250.00");
    expect(price.parse("99999999.99")).toBe("99999999.99");
    expect(change.parse(-2.5)).toBe("-2.5");
    expect(change.parse("-2,5")).toBe("-2.5");
    expect(positive.parse("0,01")).toBe("0.01");
  });

  it.each([
    [quantity, "-1", "Miktar negatif olamaz."],
    [quantity, "1,25", "Miktar en fazla 1 ondalık basamak içerebilir."],
    [quantity, "100000000", "Miktar en fazla 99.999.999,9 olabilir."],
    [quantity, undefined, "Miktar zorunludur."],
    [price, "0,005", "Fiyat en fazla 2 ondalık basamak içerebilir."],
    [price, "1e3", "Fiyat bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00)."],
    [price, "0x10", "Fiyat bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00)."],
    [price, "12,5,0", "Fiyat bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00)."],
    [price, Number.NaN, "Fiyat bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00)."],
    [price, Number.POSITIVE_INFINITY, "Fiyat bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00)."],
    [price, true, "Fiyat bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00)."],
    [change, "-100000000", "Değişim en fazla 99.999.999,9 olabilir."],
    [positive, "0", "Değer 0'dan büyük olmalıdır."],
    [positive, "0,005", "Değer en fazla 2 ondalık basamak içerebilir (kuruş)."],
    [positive, "1.000,01", "Değer en fazla ₺1.000,00 olabilir."],
  ] as const)("refuses %#: %j", (schema, value, expected) => {
    expect(message(schema, value)).toBe(expected);
  });
});
