// Money is DECIMAL in the database and a Prisma Decimal on the server; it
// becomes a number with two decimals only at the edge (JSON and display).

interface DecimalLike {
  toFixed(digits: number): string;
}

export function toMoney(value: DecimalLike | number): number {
  return Number(typeof value === "number" ? value.toFixed(2) : value.toFixed(2));
}

const lira = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" });
const wholeLira = new Intl.NumberFormat("tr-TR", {
  style: "currency",
  currency: "TRY",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "₺1.234,50" */
export function formatMoney(value: number): string {
  return lira.format(value);
}

/** "₺1.235", for table revenue and plan prices. */
export function formatWholeMoney(value: number): string {
  return wholeLira.format(value);
}

/** Adds amounts of two decimals in whole kuruş, so 0.10 + 0.20 is 0.30 (for figures shown before the server's own sum). */
export function sumMoney(values: number[]): number {
  return values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
}
