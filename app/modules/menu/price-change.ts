// A price changed to ten times (or a tenth of) what it was is asked about before it is saved:
// the mistakes a Turkish keyboard invites ("72,50" read as 7250, "7.25" typed for 72,50, a
// dropped comma) are all factors of ten, and a wrong price reaches the public menu and the
// bill at once. Decision 061. No zod, no database: the page shows the question and its button.
import { DomainError } from "~/utils/domain-error";
import { formatMoney } from "~/utils/money";

/** The form field and JSON property that confirm such a change. */
export const CONFIRM_PRICE_FIELD = "confirm_price_change";

const POWERS = ["on", "yüz", "bin", "on bin", "yüz bin", "milyon", "on milyon", "yüz milyon", "milyar"];
/** "onda", "yüzde", "binde", "milyonda": the locative of the last word. */
const locative = (word: string) => `${word}${/(on|milyon)$/.test(word) ? "da" : "de"}`;

/** Exact kuruş of a two-decimal text or number ("72.50" → 7250n). */
function kurus(price: string | number): bigint {
  const [whole, fraction = ""] = (typeof price === "number" ? price.toFixed(2) : price).split(".");
  return BigInt(whole! + fraction.padEnd(2, "0").slice(0, 2));
}

/**
 * The question to ask when `next` is at least ten times `previous` or at most a tenth of it
 * ("Fiyat ₺7,25 → ₺72,50: on katı. Doğru mu?"), null when the change needs no confirmation.
 */
export function priceChangeQuestion(previous: string | number, next: string | number): string | null {
  const [a, b] = [kurus(previous), kurus(next)];
  if (a <= 0n || b <= 0n) return null;
  const up = b >= a * 10n;
  if (!up && b * 10n > a) return null;
  const [big, small] = up ? [b, a] : [a, b];
  let power = 0;
  while (power < POWERS.length && big >= small * 10n ** BigInt(power + 1)) power++;
  const word = POWERS[power - 1]!;
  const exact = big === small * 10n ** BigInt(power);
  const ratio = up
    ? exact
      ? `${word} katı`
      : `${word} katından fazla`
    : exact
      ? `${locative(word)} biri`
      : `${locative(word)} birinden az`;
  return `Fiyat ${formatMoney(Number(a) / 100)} → ${formatMoney(Number(b) / 100)}: ${ratio}. Doğru mu?`;
}

/** The API's detail adds how to confirm. */
export const apiPriceQuestion = (question: string) => `${question} Onaylamak için ${CONFIRM_PRICE_FIELD}: true gönderin.`;

/** The refusal: 409; pages show it on the confirm field (with the button), the API adds how to confirm. */
export class PriceChangeUnconfirmed extends DomainError {
  readonly field = CONFIRM_PRICE_FIELD;
  constructor(question: string, previous: string, next: string) {
    super(409, question, { old_price: Number(previous), new_price: Number(next), confirm_field: CONFIRM_PRICE_FIELD });
  }

  forApi(): DomainError {
    return new DomainError(409, apiPriceQuestion(this.message), this.extra);
  }
}

/** Throws PriceChangeUnconfirmed when `next` is ten times `previous` (or a tenth) and the change was not confirmed. */
export function requireConfirmedPrice(previous: string, next: string, confirmed: boolean): void {
  const question = confirmed ? null : priceChangeQuestion(previous, next);
  if (question) throw new PriceChangeUnconfirmed(question, previous, next);
}
