// A decimal typed into a form or sent as JSON, checked exactly (no float rounding) and kept
// as a string for Prisma's Decimal. Used by stock and the settings' percentages.
import { z } from "zod";
import { strictNumberInput } from "./numbers";

const trMax = (n: number) => n.toLocaleString("tr-TR", { maximumFractionDigits: 2 });

/**
 * A non-negative decimal with at most `decimals` places that fits DECIMAL(10,2), as a string
 * (exact, for Prisma's Decimal). Forms send strings, JSON numbers or strings; no exponent,
 * hex, comma or spaces. `signed` allows a minus (a change of level).
 */
export function decimalField(label: string, { decimals, max, signed = false }: { decimals: 1 | 2; max: number; signed?: boolean }) {
  const pattern = decimals === 1 ? /^-?\d{1,8}(\.\d)?$/ : /^-?\d{1,8}(\.\d{1,2})?$/;
  return z.preprocess(
    (v) => (typeof v === "number" ? (Number.isFinite(v) ? String(v) : "NaN") : typeof v === "string" ? v.trim() : v),
    z
      .string({ error: `${label} bir sayı olmalıdır.` })
      .superRefine((text, ctx) => {
        const n = strictNumberInput(text);
        if (typeof n !== "number" || Number.isNaN(n)) return void ctx.addIssue({ code: "custom", message: `${label} bir sayı olmalıdır.` });
        if (!signed && n < 0) return void ctx.addIssue({ code: "custom", message: `${label} negatif olamaz.` });
        if (Math.abs(n) > max) return void ctx.addIssue({ code: "custom", message: `${label} en fazla ${trMax(max)} olabilir.` });
        if (!pattern.test(text)) ctx.addIssue({ code: "custom", message: `${label} en fazla ${decimals} ondalık basamak içerebilir.` });
      })
      .transform((text) => String(Number(text))),
  );
}
