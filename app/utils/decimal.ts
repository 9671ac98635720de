// Numbers a person types, the Turkish way, read exactly. One parser for every money and
// quantity field (menu price, stock levels and cost, discount value and minimum, settings
// percentages, salary), used by the Zod helper in decimal-field.ts on the server and by
// screens that compare what is typed (no zod here: the browser imports this file).
//
// The rule (decision 061), for text:
// - a comma is the decimal mark: "72,50", "1250,5";
// - a dot followed by groups of exactly three digits is the thousands separator:
//   "1.250" is 1250, "1.250,00" is 1250, "1.250.000" a million;
// - a single dot followed by one or two digits (or four and more) is a decimal point, as
//   keyboards without a comma and pasted English figures write it: "72.50", "72.5";
// - "1,250" (a comma then three digits, where the field keeps fewer decimals) is refused as
//   ambiguous: it is 1,25 to a Turk and 1250 to a spreadsheet. The message asks which.
// - anything else ("12,5,0", "1..2", "1,250.50", "abc", "1e3", ".5", "5,") is refused.
// JSON numbers are numbers: 72.505 is 72.505 (too many decimals), never 72505.
// Nothing is rounded: more decimals than the column keeps are refused, trailing zeros apart.

export interface DecimalRule {
  /** Decimals the column keeps (DECIMAL(10,2): 2). */
  decimals: number;
  /** The largest value allowed (its absolute value when signed). */
  max: number;
  /** A minus is allowed (a change of level). */
  signed?: boolean;
}

export type DecimalProblem =
  | { kind: "empty" }
  | { kind: "malformed" }
  | { kind: "negative" }
  | { kind: "decimals" }
  | { kind: "too_large" }
  /** "1,250": `thousands` is "1.250", `decimal` "1,25" (null when that reading has too many decimals). */
  | { kind: "ambiguous"; text: string; thousands: string; decimal: string | null };

export type DecimalParse = { ok: true; value: string } | { ok: false; problem: DecimalProblem };

const MAX_LENGTH = 40;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const WHOLE = /^\d+$/;
const COMMA_DECIMAL = /^(\d+),(\d+)$/;
const GROUPED = /^([1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d+))?$/;
const DOT_DECIMAL = /^(\d+)\.(\d+)$/;
/** A whole part that could be the first group of a grouped number ("1" of "1.250"). */
const FIRST_GROUP = /^[1-9]\d{0,2}$/;

const fail = (problem: DecimalProblem): { ok: false; problem: DecimalProblem } => ({ ok: false, problem });

/**
 * Reads `input` (form text, a JSON number or a JSON string) under `rule`. The value is exact
 * text for Prisma's Decimal with exactly `rule.decimals` places ("72.50", "-2.5", "1250.00").
 */
export function parseDecimalInput(input: unknown, rule: DecimalRule): DecimalParse {
  if (input === undefined || input === null) return fail({ kind: "empty" });
  let negative = false;
  let whole: string;
  let fraction: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return fail({ kind: "malformed" });
    // String() of a double is its shortest exact decimal; an exponent ("1e+21", "1e-7") is out of any column's range.
    const text = String(input);
    negative = text.startsWith("-");
    const m = PLAIN.exec(negative ? text.slice(1) : text);
    if (!m) return fail(Math.abs(input) >= 1 ? { kind: "too_large" } : { kind: "decimals" });
    whole = m[1]!;
    fraction = m[2] ?? "";
  } else if (typeof input === "string") {
    let text = input.trim();
    if (text === "") return fail({ kind: "empty" });
    if (text.length > MAX_LENGTH) return fail({ kind: "malformed" });
    if (text.startsWith("-")) {
      negative = true;
      text = text.slice(1);
    }
    const read = readTurkish(text, rule.decimals);
    if (!read.ok) return read;
    [whole, fraction] = [read.whole, read.fraction];
  } else {
    return fail({ kind: "malformed" });
  }

  // Zeros past the column's decimals change nothing ("7,500" is 7,50); any other digit would be rounded away.
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > rule.decimals) return fail({ kind: "decimals" });
  const scaled = BigInt(whole + significant.padEnd(rule.decimals, "0"));
  if (negative && scaled !== 0n && !rule.signed) return fail({ kind: "negative" });
  if (scaled > scaledMax(rule)) return fail({ kind: "too_large" });
  return { ok: true, value: fromScaled(negative ? -scaled : scaled, rule.decimals) };
}

type Read = { ok: true; whole: string; fraction: string } | { ok: false; problem: DecimalProblem };

function readTurkish(text: string, decimals: number): Read {
  let m: RegExpExecArray | null;
  if (WHOLE.test(text)) return { ok: true, whole: text, fraction: "" };
  if ((m = GROUPED.exec(text))) return { ok: true, whole: m[1]!.replaceAll(".", ""), fraction: m[2] ?? "" };
  if ((m = COMMA_DECIMAL.exec(text))) {
    const [, whole, fraction] = m as unknown as [string, string, string];
    if (fraction.length === 3 && decimals < 3 && FIRST_GROUP.test(whole)) {
      const short = fraction.replace(/0+$/, "");
      return fail({
        kind: "ambiguous",
        text,
        thousands: `${whole}.${fraction}`,
        decimal: short.length <= decimals ? (short ? `${whole},${short.padEnd(Math.min(2, decimals), "0")}` : whole) : null,
      });
    }
    return { ok: true, whole, fraction };
  }
  if ((m = DOT_DECIMAL.exec(text))) return { ok: true, whole: m[1]!, fraction: m[2]! };
  return fail({ kind: "malformed" });
}

function scaledMax(rule: DecimalRule): bigint {
  return BigInt(Math.round(rule.max * 10 ** rule.decimals));
}

function fromScaled(scaled: bigint, decimals: number): string {
  const sign = scaled < 0n ? "-" : "";
  const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(decimals + 1, "0");
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

const grouped = (max: number, decimals: number) =>
  max.toLocaleString("tr-TR", { minimumFractionDigits: 0, maximumFractionDigits: decimals });

const EXAMPLES: Record<number, string> = { 0: "1.250", 1: "12,5 ya da 1.250,5", 2: "72,50 ya da 1.250,00" };

/** The Turkish message for a refused value of the field `label`. `money` writes the maximum as "₺99.999,99". */
export function decimalMessage(label: string, problem: DecimalProblem, rule: DecimalRule, { money = false } = {}): string {
  switch (problem.kind) {
    case "empty":
      return `${label} zorunludur.`;
    case "malformed":
      return `${label} bir sayı olmalıdır (örnek: ${EXAMPLES[rule.decimals] ?? EXAMPLES[2]}).`;
    case "negative":
      return `${label} negatif olamaz.`;
    case "decimals":
      return rule.decimals === 0
        ? `${label} tam sayı olmalıdır.`
        : `${label} en fazla ${rule.decimals} ondalık basamak içerebilir${money ? " (kuruş)" : ""}.`;
    case "too_large":
      return `${label} en fazla ${money ? formatLira(rule.max) : grouped(rule.max, rule.decimals)} olabilir.`;
    case "ambiguous":
      return problem.decimal
        ? `${label} “${problem.text}” belirsiz: binlik ise ${problem.thousands}, ondalık ise ${problem.decimal} yazın (binlik ayırıcı nokta, ondalık ayırıcı virgüldür).`
        : `${label} “${problem.text}” belirsiz: binlik ise ${problem.thousands} yazın (binlik ayırıcı nokta, ondalık ayırıcı virgüldür; en fazla ${rule.decimals} ondalık basamak).`;
  }
}

const lira = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY" });
const formatLira = (value: number) => lira.format(value);

/**
 * A stored value as the edit form shows it, the Turkish way ("72,50", "1.250,00", "12,5"),
 * which parseDecimalInput reads back to the same value. `minDecimals` 2 for money, 0 for
 * quantities and percentages ("10", "18,5").
 */
export function formatDecimalInput(
  value: number | string | { toString(): string } | null | undefined,
  { decimals, minDecimals = 0 }: { decimals: number; minDecimals?: number },
): string {
  if (value === null || value === undefined || value === "") return "";
  const n = typeof value === "number" ? value : Number(String(value));
  if (!Number.isFinite(n)) return String(value);
  return n.toLocaleString("tr-TR", { minimumFractionDigits: minDecimals, maximumFractionDigits: decimals });
}

/** A typed value as a number for comparing on the screen (null when the server would refuse it). */
export function decimalInputNumber(input: unknown, rule: DecimalRule): number | null {
  const read = parseDecimalInput(input, rule);
  return read.ok ? Number(read.value) : null;
}
