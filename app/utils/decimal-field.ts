// The Zod side of decimal.ts: every money or quantity field of the modules' schemas reads
// what a person types the Turkish way ("72,50", "1.250,00") and what a JSON client sends
// (a number, or a string in either form), exactly, as a string for Prisma's Decimal.
import { z } from "zod";
import { decimalMessage, parseDecimalInput, type DecimalProblem, type DecimalRule } from "./decimal";

export interface DecimalFieldOptions extends DecimalRule {
  /** Zero is refused too (a price). */
  positive?: boolean;
  /** The maximum and the decimals are said as money ("₺99.999,99", "kuruş"). */
  money?: boolean;
  /** A module's own wording for some problems (kept where the spec or screens fix it). */
  messages?: Partial<Record<DecimalProblem["kind"] | "not_positive", string>>;
}

/**
 * A decimal typed into a form or sent as JSON: exact text with `decimals` places ("72.50").
 * Empty is refused ("<label> zorunludur."); a field where empty means 0 wraps it in a preprocess.
 */
export function decimalField(label: string, options: DecimalFieldOptions) {
  const { positive = false, money = false, messages = {} } = options;
  return z.unknown().transform((input, ctx) => {
    const read = parseDecimalInput(input, options);
    if (!read.ok) {
      ctx.addIssue({ code: "custom", message: messages[read.problem.kind] ?? decimalMessage(label, read.problem, options, { money }) });
      return z.NEVER;
    }
    if (positive && /^[0.]+$/.test(read.value)) {
      ctx.addIssue({ code: "custom", message: messages.not_positive ?? `${label} 0'dan büyük olmalıdır.` });
      return z.NEVER;
    }
    return read.value;
  });
}
