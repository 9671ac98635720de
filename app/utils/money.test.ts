import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatChartAxisMoney, formatMoney, toMoney } from "./money";

describe("toMoney", () => {
  it("rounds numbers to two decimals", () => {
    expect(toMoney(3.14159)).toBe(3.14);
    expect(toMoney(2)).toBe(2);
    expect(toMoney(199.999)).toBe(200);
    expect(toMoney(0.1 + 0.2)).toBe(0.3);
  });

  it("reads decimal objects through toFixed(2)", () => {
    const asked: number[] = [];
    const decimal = {
      toFixed(digits: number) {
        asked.push(digits);
        return "1234.50";
      },
    };
    expect(toMoney(decimal)).toBe(1234.5);
    expect(asked).toEqual([2]);
  });
});

describe("formatMoney", () => {
  it("writes Turkish lira with a dot for thousands and a comma for decimals", () => {
    const text = formatMoney(1234.5);
    expect(text).toContain("₺");
    expect(text).toContain("1.234,50");
    expect(text).toMatch(/,\d{2}$/);
  });

  it("always shows two decimals", () => {
    expect(formatMoney(12)).toContain("12,00");
    expect(formatMoney(0)).toContain("0,00");
  });

  it("writes plan prices with kuruş too: ₺399,00", () => {
    expect(formatMoney(399)).toBe("₺399,00");
    expect(formatMoney(3990)).toBe("₺3.990,00");
  });
});

describe("formatChartAxisMoney", () => {
  it("rounds to whole lira for a chart's scale", () => {
    const text = formatChartAxisMoney(1234.5);
    expect(text).toContain("₺");
    expect(text).not.toContain(",");
    expect(text).toMatch(/1\.23[45]$/);
  });

  it("is used by chart scales only: every other price or amount shows kuruş (decision 061 addendum)", () => {
    const appDir = path.resolve(import.meta.dirname, "..");
    const users = readdirSync(appDir, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts") && !f.startsWith("generated"))
      .filter((f) => readFileSync(path.join(appDir, f), "utf8").includes("formatChartAxisMoney("))
      .map((f) => f.split(path.sep).join("/"));
    expect(users.sort()).toEqual(["routes/restaurant/detailed-reports/charts.tsx", "utils/money.ts"]);
  });
});
