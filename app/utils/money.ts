// Money is DECIMAL in the database and a Prisma Decimal on the server; it
// becomes a number with two decimals only at the edge (JSON and display).

interface DecimalLike {
  toFixed(digits: number): string;
}

export function toMoney(value: DecimalLike | number): number {
  return Number(typeof value === "number" ? value.toFixed(2) : value.toFixed(2));
}

const lira = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" });
const axisLira = new Intl.NumberFormat("tr-TR", {
  style: "currency",
  currency: "TRY",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "₺1.234,50" */
export function formatMoney(value: number): string {
  return lira.format(value);
}

/**
 * "₺1.235": only for a chart's scale label, where the figure is approximate by nature and the SVG is
 * narrow. Every price and amount a person reads is formatMoney, kuruş included (decision 061 addendum).
 */
export function formatChartAxisMoney(value: number): string {
  return axisLira.format(value);
}

/** Adds amounts of two decimals in whole kuruş, so 0.10 + 0.20 is 0.30 (for figures shown before the server's own sum). */
export function sumMoney(values: number[]): number {
  return values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
}
