import { z } from "zod";
import { strictNumberInput } from "./numbers";

export { strictNumberInput };

/** The first issue's message, for a single Turkish `detail`. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Geçersiz veri.";
}

/** Messages grouped by field path ("" for the whole object). */
export function issuesByField(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

// Field builders shared by forms and the JSON API. Both send strings from forms
// (Conform turns empty inputs into undefined) and typed values from JSON, so
// each builder says in Turkish what was expected and what was wrong.

const kindOf = (input: unknown) => (input === undefined || input === null ? "missing" : typeof input);

export function requiredText(label: string, { min = 1, max = 255 }: { min?: number; max?: number } = {}) {
  return z
    .string({
      error: (issue) => (kindOf(issue.input) === "missing" ? `${label} zorunludur.` : `${label} metin olmalıdır.`),
    })
    .trim()
    .min(Math.max(min, 1), min > 1 ? `${label} en az ${min} karakter olmalıdır.` : `${label} zorunludur.`)
    .max(max, `${label} en fazla ${max} karakter olabilir.`);
}

export function optionalText(label: string, { max = 255 }: { max?: number } = {}) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v === null ? undefined : v),
    z
      .string({ error: `${label} metin olmalıdır.` })
      .trim()
      .max(max, `${label} en fazla ${max} karakter olabilir.`)
      .optional(),
  );
}

export function emailField(label = "E-posta") {
  return z
    .string({
      error: (issue) => (kindOf(issue.input) === "missing" ? `${label} zorunludur.` : `${label} metin olmalıdır.`),
    })
    .trim()
    .toLowerCase()
    .min(1, `${label} zorunludur.`)
    .max(191, `${label} en fazla 191 karakter olabilir.`)
    .pipe(z.email("Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com)."));
}

/** Passwords are never trimmed: spaces are part of a password. */
export function passwordField(label = "Şifre", { min = 6, max = 128 }: { min?: number; max?: number } = {}) {
  return z
    .string({
      error: (issue) => (kindOf(issue.input) === "missing" ? `${label} zorunludur.` : `${label} metin olmalıdır.`),
    })
    .min(1, { error: `${label} zorunludur.`, abort: true })
    .min(min, `${label} en az ${min} karakter olmalıdır.`)
    .max(max, `${label} en fazla ${max} karakter olabilir.`);
}

export function enumField<const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  { defaultValue }: { defaultValue?: T[number] } = {},
) {
  const base = z.enum(values, {
    error: (issue) =>
      kindOf(issue.input) === "missing" ? `${label} zorunludur.` : `${label} şunlardan biri olmalıdır: ${values.join(", ")}.`,
  });
  return defaultValue === undefined ? base : base.default(defaultValue as never);
}

/**
 * A row id from a form or JSON ("12" or 12): a positive whole number that fits an INT column; the
 * one message for anything else (an id that is not one is "not found" to the user).
 */
export function idField(message: string) {
  return z.preprocess(strictNumberInput, z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));
}
