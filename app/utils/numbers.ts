// Parsing whole numbers typed into paths, queries and forms. No zod here: the
// route components use it, and it must not pull a validation library into the browser.

/**
 * Numbers in paths, queries and forms are plain decimals (an optional minus,
 * digits, an optional fraction): no plus sign, spaces, exponent or hex, which
 * `Number()` would take (`Number("0x10")` is 16, `Number(" 1")` is 1). Anything
 * else becomes NaN, which the number schema then refuses in Turkish; a minus or
 * a fraction reaches the schema, so its own message ("tam sayı", "en az") shows.
 */
export function strictNumberInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return /^-?\d{1,20}(\.\d{1,20})?$/.test(value) ? Number(value) : Number.NaN;
}

/** A positive whole number from a form field or query value, or null. */
export function positiveIntOrNull(value: unknown): number | null {
  const n = strictNumberInput(value);
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
}
