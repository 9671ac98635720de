// Staff PINs for a shared tablet (decision 071): 4–6 digits, no trivial ones.
// No zod and no server code here: the staff form's browser checks use the same figures.
export const MIN_PIN_LENGTH = 4;
export const MAX_PIN_LENGTH = 6;
/** For the PIN field's `pattern` attribute. */
export const PIN_PATTERN = `[0-9]{${MIN_PIN_LENGTH},${MAX_PIN_LENGTH}}`;

/** The attributes of every PIN field (the PIN pad, the staff form): digits, hidden, never remembered. */
export const PIN_INPUT = {
  type: "password",
  inputMode: "numeric",
  autoComplete: "off",
  pattern: PIN_PATTERN,
  maxLength: MAX_PIN_LENGTH,
} as const;

export const PIN_FORMAT_MESSAGE = "PIN 4–6 haneli bir sayı olmalı.";
export const PIN_TRIVIAL_MESSAGE = "Bu PIN tahmin etmesi çok kolay. Lütfen başka bir PIN seçin.";
export const PIN_TAKEN_MESSAGE = "Bu PIN başka bir personel tarafından kullanılıyor.";
export const PIN_WRONG_MESSAGE = "PIN hatalı.";

const DIGITS = new RegExp(`^${PIN_PATTERN}$`);

/**
 * A PIN nobody should pick: one digit repeated (0000, 111111) or a run up or down
 * (1234, 987654, 0123). These are the first guesses on a stolen tablet.
 */
export function isTrivialPin(pin: string): boolean {
  if (!DIGITS.test(pin)) return false;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  return steps.every((step) => step === 0) || steps.every((step) => step === 1) || steps.every((step) => step === -1);
}

/** The Turkish message for a PIN that may not be set, or null when it may. */
export function pinProblem(pin: string): string | null {
  if (!DIGITS.test(pin)) return PIN_FORMAT_MESSAGE;
  if (isTrivialPin(pin)) return PIN_TRIVIAL_MESSAGE;
  return null;
}

/**
 * A session on the restaurant's shared tablet ends after this long without a person's request
 * (decision 071): checked by the server on every request, and by a timer on the page with JavaScript.
 */
export const SHARED_TABLET_IDLE_MS = 2 * 60 * 1000;
export const SHARED_TABLET_IDLE_NOTICE = "Hareketsiz kalındığı için oturum kapandı. Devam etmek için PIN girin.";
export const DEVICE_NAME_MAX_LENGTH = 60;
