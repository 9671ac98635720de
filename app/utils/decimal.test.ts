import { describe, expect, it } from "vitest";
import { decimalInputNumber, decimalMessage, formatDecimalInput, parseDecimalInput, type DecimalRule } from "./decimal";

const MONEY: DecimalRule = { decimals: 2, max: 99_999_999.99 };
const QUANTITY: DecimalRule = { decimals: 1, max: 99_999_999.9 };
const CHANGE: DecimalRule = { decimals: 1, max: 99_999_999.9, signed: true };
const PERCENT: DecimalRule = { decimals: 2, max: 100 };

const value = (input: unknown, rule = MONEY) => {
  const read = parseDecimalInput(input, rule);
  return read.ok ? read.value : `refused: ${read.problem.kind}`;
};

describe("parseDecimalInput: what a Turkish person types", () => {
  it.each([
    ["72,50", "72.50"],
    ["72,5", "72.50"],
    ["1250,5", "1250.50"],
    ["1.250,00", "1250.00"],
    ["1.250,5", "1250.50"],
    ["1.250", "1250.00"],
    ["12.500", "12500.00"],
    ["1.250.000", "1250000.00"],
    ["1.250.000,75", "1250000.75"],
    ["99.999.999,99", "99999999.99"],
    ["72.50", "72.50"],
    ["72.5", "72.50"],
    ["0.5", "0.50"],
    ["0,5", "0.50"],
    ["1250", "1250.00"],
    ["0", "0.00"],
    ["007", "7.00"],
    [" 72,50 ", "72.50"],
    ["\u00a072,50\t", "72.50"],
    // Zeros past the column's decimals change nothing.
    ["7,5000", "7.50"],
    ["0,500", "0.50"],
    ["12.5000", "12.50"],
    ["1.250,000", "1250.00"],
  ])("money %j is %s", (input, expected) => {
    expect(value(input)).toBe(expected);
  });

  it.each([
    ["12,5", "12.5"],
    ["12.5", "12.5"],
    ["1.250,5", "1250.5"],
    ["3", "3.0"],
    ["0,50", "0.5"],
  ])("a quantity (one decimal) %j is %s", (input, expected) => {
    expect(value(input, QUANTITY)).toBe(expected);
  });

  it("a signed field takes a minus; zero has none", () => {
    expect(value("-2,5", CHANGE)).toBe("-2.5");
    expect(value("-1.250", CHANGE)).toBe("-1250.0");
    expect(value(-2.5, CHANGE)).toBe("-2.5");
    expect(value("-0", CHANGE)).toBe("0.0");
    expect(value("-0")).toBe("0.00");
  });

  it("JSON numbers are numbers: their dot is always the decimal point", () => {
    expect(value(72.5)).toBe("72.50");
    expect(value(1250)).toBe("1250.00");
    expect(value(0.1)).toBe("0.10");
    expect(value(99_999_999.99)).toBe("99999999.99");
    // 72.505 as a number is 72,505 (too many decimals), never 72505.
    expect(value(72.505)).toBe("refused: decimals");
    expect(value(1.25)).toBe("1.25");
    expect(value(0.1 + 0.2)).toBe("refused: decimals");
    expect(value(1e-7)).toBe("refused: decimals");
    expect(value(1e21)).toBe("refused: too_large");
    expect(value(-5)).toBe("refused: negative");
    expect(value(Number.NaN)).toBe("refused: malformed");
    expect(value(Number.POSITIVE_INFINITY)).toBe("refused: malformed");
  });

  it.each([
    "12,5,0",
    "1..2",
    "abc",
    "1e3",
    "0x10",
    "+5",
    ".5",
    ",5",
    "5,",
    "5.",
    "1 250",
    "1,250.50",
    "1,250,000",
    "1.25,00",
    "1.250.5",
    "12.50,00",
    "1.2.3",
    "--5",
    "5-",
    "−5",
    "Infinity",
    "NaN",
    "٧٢",
    "72,50 ₺",
    "1".repeat(41),
  ])("refuses %j as malformed", (input) => {
    expect(value(input)).toBe("refused: malformed");
  });

  it.each([true, false, [], {}, [72.5]])("refuses %j (not a number or text) as malformed", (input) => {
    expect(value(input)).toBe("refused: malformed");
  });

  it.each([undefined, null, "", "   "])("%j is empty", (input) => {
    expect(value(input)).toBe("refused: empty");
  });

  it.each([
    ["12,345", MONEY],
    ["72.5051", MONEY],
    ["0,001", MONEY],
    ["0.125", MONEY],
    ["1234.567", MONEY],
    ["12,55", QUANTITY],
    ["12.25", QUANTITY],
  ] as const)("%j has too many decimals", (input, rule) => {
    // "12,345" is ambiguous for money only when its whole part could be a thousands group: 12 could.
    const read = parseDecimalInput(input, rule);
    expect(read.ok).toBe(false);
    expect(read.ok ? null : read.problem.kind).toMatch(/^(decimals|ambiguous)$/);
  });

  it("a comma before three digits is ambiguous where the field keeps fewer decimals", () => {
    expect(parseDecimalInput("1,250", MONEY)).toEqual({
      ok: false,
      problem: { kind: "ambiguous", text: "1,250", thousands: "1.250", decimal: "1,25" },
    });
    expect(parseDecimalInput("12,345", MONEY)).toMatchObject({ problem: { kind: "ambiguous", thousands: "12.345", decimal: null } });
    expect(parseDecimalInput("100,000", MONEY)).toMatchObject({ problem: { kind: "ambiguous", thousands: "100.000", decimal: "100" } });
    expect(parseDecimalInput("7,500", MONEY)).toMatchObject({ problem: { kind: "ambiguous", thousands: "7.500", decimal: "7,50" } });
    expect(parseDecimalInput("1,250", QUANTITY)).toMatchObject({ problem: { kind: "ambiguous", decimal: null } });
    expect(parseDecimalInput("1,200", QUANTITY)).toMatchObject({ problem: { kind: "ambiguous", decimal: "1,2" } });
    // Not a thousands group (a leading zero, four digits): just too many decimals.
    expect(parseDecimalInput("0,250", MONEY)).toEqual({ ok: true, value: "0.25" });
    expect(parseDecimalInput("1234,567", MONEY)).toMatchObject({ problem: { kind: "decimals" } });
    // A field that keeps three decimals reads it as Turkish: 1,25.
    expect(parseDecimalInput("1,250", { decimals: 3, max: 1000 })).toEqual({ ok: true, value: "1.250" });
  });

  it("refuses negatives where not allowed and values past the maximum", () => {
    expect(value("-72,50")).toBe("refused: negative");
    expect(value("-1", QUANTITY)).toBe("refused: negative");
    expect(value("100.000.000")).toBe("refused: too_large");
    expect(value("99.999.999,99")).toBe("99999999.99");
    expect(value("100.000.000,00")).toBe("refused: too_large");
    expect(value("100000000", QUANTITY)).toBe("refused: too_large");
    expect(value("-100000000", CHANGE)).toBe("refused: too_large");
    expect(value("100,01", PERCENT)).toBe("refused: too_large");
    expect(value("100", PERCENT)).toBe("100.00");
    expect(value("18,5", PERCENT)).toBe("18.50");
    expect(value("9".repeat(30))).toBe("refused: too_large");
  });
});

describe("decimalMessage", () => {
  const message = (input: unknown, rule = MONEY, money = false, label = "Tutar") => {
    const read = parseDecimalInput(input, rule);
    if (read.ok) throw new Error(`accepted ${String(input)}`);
    return decimalMessage(label, read.problem, rule, { money });
  };

  it("says in Turkish what was wrong", () => {
    expect(message("")).toBe("Tutar zorunludur.");
    expect(message("abc")).toBe("Tutar bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00).");
    expect(message("12,5,0", QUANTITY, false, "Miktar")).toBe("Miktar bir sayı olmalıdır (örnek: 12,5 ya da 1.250,5).");
    expect(message("-5")).toBe("Tutar negatif olamaz.");
    expect(message("0,125")).toBe("Tutar en fazla 2 ondalık basamak içerebilir.");
    expect(message("0,125", MONEY, true)).toBe("Tutar en fazla 2 ondalık basamak içerebilir (kuruş).");
    expect(message("100.000.000")).toBe("Tutar en fazla 99.999.999,99 olabilir.");
    expect(message("100.000.000", MONEY, true)).toBe("Tutar en fazla ₺99.999.999,99 olabilir.");
    expect(message("101", PERCENT, false, "Vergi oranı")).toBe("Vergi oranı en fazla 100 olabilir.");
    expect(message("1,250")).toBe(
      "Tutar “1,250” belirsiz: binlik ise 1.250, ondalık ise 1,25 yazın (binlik ayırıcı nokta, ondalık ayırıcı virgüldür).",
    );
    expect(message("1,255", QUANTITY, false, "Miktar")).toBe(
      "Miktar “1,255” belirsiz: binlik ise 1.255 yazın (binlik ayırıcı nokta, ondalık ayırıcı virgüldür; en fazla 1 ondalık basamak).",
    );
  });
});

describe("formatDecimalInput", () => {
  it("writes a stored value the Turkish way, as the edit forms show it", () => {
    expect(formatDecimalInput(72.5, { decimals: 2, minDecimals: 2 })).toBe("72,50");
    expect(formatDecimalInput("1250.00", { decimals: 2, minDecimals: 2 })).toBe("1.250,00");
    expect(formatDecimalInput(12.5, { decimals: 1 })).toBe("12,5");
    expect(formatDecimalInput(10, { decimals: 2 })).toBe("10");
    expect(formatDecimalInput(null, { decimals: 2 })).toBe("");
  });

  it("reads back to the same value", () => {
    for (const n of [0, 0.01, 7.25, 72.5, 999.99, 1250, 12500.5, 99_999_999.99]) {
      const shown = formatDecimalInput(n, { decimals: 2, minDecimals: 2 });
      expect(decimalInputNumber(shown, MONEY), shown).toBe(n);
    }
    for (const n of [0, 0.5, 12.5, 1000, 1250.5, 99_999_999.9]) {
      const shown = formatDecimalInput(n, { decimals: 1 });
      expect(decimalInputNumber(shown, QUANTITY), shown).toBe(n);
    }
  });
});
