import type { PaymentType } from "~/generated/prisma/enums";

export const PAYMENT_METHODS = ["cash", "card"] as const;
export const PAYMENT_METHOD_LABELS: Record<PaymentType, string> = { cash: "Nakit", card: "Kart" };
