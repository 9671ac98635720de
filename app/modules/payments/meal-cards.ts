// Meal cards (yemek kartı) as payment methods (issue 22, decision 083): the names a restaurant
// accepts, how a name is tidied and matched, and how a payment's method is named on screens,
// receipts, reports and exports. No zod and no server code: the pages import it.
import type { PaymentType } from "~/generated/prisma/enums";
import { PAYMENT_METHOD_LABELS } from "./methods";

/** The cards the settings offer as boxes to tick, spelled as stored and shown. */
export const KNOWN_MEAL_CARDS = ["Pluxee (Sodexo)", "Multinet", "Setcard", "Edenred (Ticket Restaurant)", "Metropol"] as const;
/** payments.mealCard is VARCHAR(40). */
export const MEAL_CARD_NAME_MAX = 40;
/** Other cards the owner may type besides the known ones. */
export const OTHER_MEAL_CARDS_MAX = 5;

export const MEAL_CARD_NAME_REQUIRED = "Yemek kartıyla ödemede kartın adı gereklidir.";
export const mealCardNotAccepted = (name: string) => `“${name}” bu işletmenin kabul ettiği yemek kartları arasında değil.`;

/** Spaces collapsed and trimmed: "  Multinet  Gold " → "Multinet Gold". */
export const tidyMealCardName = (name: string) => name.replace(/\s+/g, " ").trim();
/** Names are matched without regard to case, the Turkish way ("İ"/"i", "I"/"ı"). */
export const mealCardKey = (name: string) => tidyMealCardName(name).toLocaleLowerCase("tr");

const KNOWN_BY_KEY = new Map<string, string>(KNOWN_MEAL_CARDS.map((name) => [mealCardKey(name), name]));
export const isKnownMealCard = (name: string) => KNOWN_BY_KEY.has(mealCardKey(name));

/**
 * The list a save stores: names tidied, empty ones dropped, a known card spelled as listed
 * ("multinet" → "Multinet"), each card once; the known ones first in their order, then the others
 * as typed.
 */
export function normaliseMealCards(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const known: string[] = [];
  const others: string[] = [];
  for (const raw of names) {
    const name = tidyMealCardName(raw);
    const key = mealCardKey(name);
    if (!name || seen.has(key)) continue;
    seen.add(key);
    const listed = KNOWN_BY_KEY.get(key);
    if (listed) known.push(listed);
    else others.push(name);
  }
  return [...KNOWN_MEAL_CARDS.filter((k) => known.includes(k)), ...others];
}

/** restaurants.mealCards as read (Prisma gives the array, raw SQL the JSON text): the names, or none. */
export function mealCardsOf(value: unknown): string[] {
  let list = value;
  if (typeof list === "string") {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((n): n is string => typeof n === "string" && n.length > 0) : [];
}

/** Reports and exports: "Nakit", "Kart", "Yemek kartı · Multinet". */
export function paymentMethodLabel(method: PaymentType, mealCard: string | null | undefined): string {
  return method === "meal_card" && mealCard ? `${PAYMENT_METHOD_LABELS.meal_card} · ${mealCard}` : PAYMENT_METHOD_LABELS[method];
}

/** What "… ile alındı" says a payment was taken with: "nakit", "kart", or the card's own name ("Multinet"). */
export function paidWithText(method: PaymentType, mealCard: string | null | undefined): string {
  return method === "meal_card" && mealCard ? mealCard : PAYMENT_METHOD_LABELS[method].toLocaleLowerCase("tr");
}
