import type { PaymentType } from "~/generated/prisma/enums";

/** meal_card needs the card's name too (meal-cards.ts, decision 083). */
export const PAYMENT_METHODS = ["cash", "card", "meal_card"] as const;
export const PAYMENT_METHOD_LABELS: Record<PaymentType, string> = {
  cash: "Nakit",
  card: "Kart",
  meal_card: "Yemek kartı",
  // Hesaba yaz (decision 087): only a table payment charges an account (split.server.ts).
  house_account: "Cari hesap",
};
