// CSV for Excel as it is set up in Turkey: UTF-8 with a BOM (or Excel guesses the encoding),
// `;` between fields (Turkish Excel's list separator, since `,` is the decimal mark), decimal
// commas, and local date-times. Text that a spreadsheet would run as a formula (=, +, -, @) is
// prefixed with an apostrophe: an export must not be a way to plant formulas on the owner's PC.

export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | Date | { toFixed(digits: number): string } | null | undefined;

/** A text field: quoted when it holds `;`, quotes or line breaks; a leading = + - @ is defused. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One field. Numbers and decimals use a decimal comma; `timeZone` renders dates locally. */
export function csvField(value: CsvValue, timeZone: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Evet" : "Hayır";
  if (typeof value === "number") return String(value).replace(".", ",");
  if (value instanceof Date) return csvDateTime(value, timeZone);
  if (typeof value === "string") return csvText(value);
  // Prisma's Decimal: exact, two places.
  return value.toFixed(2).replace(".", ",");
}

export function csvLine(values: CsvValue[], timeZone: string): string {
  return values.map((v) => csvField(v, timeZone)).join(CSV_SEPARATOR) + "\r\n";
}

/** "2026-11-23 14:05:09" in the restaurant's time zone (sortable, and Excel reads it as a date). */
export function csvDateTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(date);
}
