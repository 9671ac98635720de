// The payment screen's first post: what the confirmation dialog shows, read from the database
// (method, amount and count), before the second post pays.
import { previewDiscount } from "~/modules/discounts/discounts.server";
import { countOrders, listOpenOrders } from "~/modules/orders/orders.server";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";
import type { PAYMENT_METHODS } from "~/modules/payments/methods";
import { checkMealCard, ORDER_NOT_FOUND, previewCharges, requireTenderedCovers } from "~/modules/payments/payments.server";
import { DomainError } from "~/utils/domain-error";
import { sumMoney } from "~/utils/money";

export interface PaymentConfirmation {
  method: (typeof PAYMENT_METHODS)[number];
  /** With method meal_card: the card, spelled as the settings do. */
  mealCard: string | null;
  /** "Nakit", "Kart", "Yemek kartı · Multinet": named here so the page ships no labels (its script budget). */
  methodLabel: string;
  orderIds: number[];
  subtotal: number;
  discount: { code: string; amount: number } | null;
  /** The settings' service charge on each order's lines after the code, rounded per order (decision 085). */
  serviceCharge: number;
  /** What will be charged: lines − discount + service charge (the tip comes on top, apart). */
  amount: number;
  count: number;
  payKey: string;
}

/** The chosen orders still open on the table, with the discount code checked (its use is counted only when paid). */
export async function paymentConfirmation(
  restaurantId: number,
  {
    table,
    method,
    mealCard,
    orderIds,
    discountCode,
  }: Pick<PaymentConfirmation, "method" | "mealCard" | "orderIds"> & { table: number; discountCode: string | null },
): Promise<PaymentConfirmation> {
  const chosen = (await listOpenOrders(restaurantId, table)).filter((o) => orderIds.includes(o.id));
  if (chosen.length === 0) {
    // Another restaurant's order (or none at all) does not exist here; one of ours was paid meanwhile.
    const ours = await countOrders(restaurantId, orderIds);
    throw ours === 0 ? new DomainError(404, ORDER_NOT_FOUND) : new DomainError(409, "Seçilen siparişler artık açık değil.");
  }
  // A card the settings do not (or no longer) accept is refused before the dialog shows it.
  const card = method === "meal_card" ? await checkMealCard(restaurantId, mealCard) : null;
  // What the orders' lines still owe (a part may have been paid at the table, decision 086).
  const owed = await previewCharges(
    restaurantId,
    chosen.map((o) => o.id),
    null,
  );
  const subtotal = owed.lines;
  // The code is checked now: the dialog shows what will be charged.
  const discount = discountCode ? await previewDiscount(restaurantId, discountCode, subtotal) : null;
  const off = discount ? Number(discount.amount.toFixed(2)) : 0;
  // A code goes with one order only (the action refuses it with several): the service charge is on
  // its lines less the code's amount, as payOrder charges it.
  const { serviceCharge } = discount ? await previewCharges(restaurantId, [chosen[0]!.id], discount.amount) : owed;
  return {
    method,
    mealCard: card,
    methodLabel: paymentMethodLabel(method, card),
    orderIds: chosen.map((o) => o.id),
    subtotal,
    discount: discount ? { code: discount.code, amount: off } : null,
    serviceCharge,
    amount: sumMoney([subtotal, -off, serviceCharge]),
    count: chosen.length,
    payKey: crypto.randomUUID(),
  };
}

/** Cash handed over for several orders at once must cover them all and the tip: 400 before any is paid. */
export async function checkTendered(
  restaurantId: number,
  chosen: Parameters<typeof paymentConfirmation>[1],
  tendered: string,
  tip: string | null,
): Promise<void> {
  requireTenderedCovers(tendered, (await paymentConfirmation(restaurantId, chosen)).amount, tip);
}
