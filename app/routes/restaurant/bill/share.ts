// What the "Eşit böl" form shows before it posts: the same rule as split.ts's shareAmount (each
// share is the bill's total ÷ count rounded down to the kuruş; the payment that would leave less
// than a share open takes all that remains), in whole kuruş so the browser needs no decimal library.

const kurus = (lira: number) => Math.round(lira * 100);

/**
 * One share and what paying `pay` of them charges now, in lira (`last`: it is all that remains, the
 * rounding remainder included); null when a share would be nothing.
 */
export function sharePreview(
  total: number,
  remaining: number,
  count: number,
  pay: number,
): { share: number; charge: number; last: boolean } | null {
  if (!Number.isInteger(count) || !Number.isInteger(pay) || count < 2 || pay < 1) return null;
  const share = Math.floor(kurus(total) / count);
  if (share <= 0) return null;
  const left = kurus(remaining);
  const wanted = share * pay;
  const last = left - wanted < share;
  return { share: share / 100, charge: (last ? left : wanted) / 100, last };
}

/**
 * What chosen lines come to with the service charge, as payTable charges them: per order, the
 * lines' value (each line's unit value × units, to the kuruş) and the service charge on it,
 * rounded half up per order.
 */
export function chosenLinesTotal(
  lines: { order_id: number; amount: number; quantity: number; units: number }[],
  serviceRate: number,
): number {
  const perOrder = new Map<number, number>();
  for (const l of lines) {
    if (l.units <= 0 || l.quantity <= 0) continue;
    const value = Math.round((kurus(l.amount) * l.units) / l.quantity);
    perOrder.set(l.order_id, (perOrder.get(l.order_id) ?? 0) + value);
  }
  let total = 0;
  for (const value of perOrder.values()) total += value + Math.round((value * Math.round(serviceRate * 100)) / 10000);
  return total / 100;
}
