// Hesap bölme (issue 22, decision 086): how a payment of part of a table's bill settles the table's
// open orders, in DECIMAL to the kuruş. Pure (no database): split.server.ts applies it under the
// table's lock, payments.server.ts for one order, bill.server.ts to show what remains.
//
// An order's bill is its lines (L) less the discounts its payments took (D), plus the service
// charge on that, rounded once per order: SC(L − D). Payments settle lines (P of L) and charge a
// part of the service charge (S); what remains is the lines not settled and the service charge not
// yet charged. So however the bill is cut, paid + remaining is always the bill's total, and the
// part that closes an order takes the rounding remainder. A part of an order paid by an amount
// charges exactly that amount: its lines are the amount without the service charge, rounded, and
// the service charge the rest.
import { Prisma } from "~/generated/prisma/client";

type DecimalValue = Prisma.Decimal | string | number;
const D = (v: DecimalValue) => new Prisma.Decimal(v);
const ZERO = D(0);
const KURUS = D("0.01");
/** To the kuruş, half away from zero (as a cashier rounds). */
const kurus = (v: Prisma.Decimal) => v.toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
const atLeastZero = (v: Prisma.Decimal) => (v.lt(0) ? ZERO : v);

/** The service charge on an amount of lines at this percentage (one order's). */
export function serviceChargeOf(lines: DecimalValue, rate: DecimalValue): Prisma.Decimal {
  return kurus(D(lines).mul(rate).div(100));
}

/** An open order as a payment sees it: its lines and what its payments so far settled and charged. */
export interface OrderAccount {
  orderId: number;
  /** totalAmount: the lines. */
  lines: Prisma.Decimal;
  /** paidLines: of the lines, what payments settled. */
  paidLines: Prisma.Decimal;
  /** The service charge its payments charged. */
  paidService: Prisma.Decimal;
  /** What codes took off in its payments. */
  discounts: Prisma.Decimal;
}

export const remainingLinesOf = (o: OrderAccount) => o.lines.sub(o.paidLines);

/** The service charge not yet charged: the order's own (on its lines after discounts) less what payments charged. */
export function remainingServiceOf(o: OrderAccount, rate: DecimalValue, moreDiscount: DecimalValue = 0): Prisma.Decimal {
  return atLeastZero(serviceChargeOf(o.lines.sub(o.discounts).sub(moreDiscount), rate).sub(o.paidService));
}

/** What the order still owes. */
export function dueOf(o: OrderAccount, rate: DecimalValue): Prisma.Decimal {
  return remainingLinesOf(o).add(remainingServiceOf(o, rate));
}

/** What the order's bill comes to, paid or not: its lines less discounts, with its service charge. */
export function billOf(o: OrderAccount, rate: DecimalValue): Prisma.Decimal {
  const net = o.lines.sub(o.discounts);
  return net.add(serviceChargeOf(net, rate));
}

/** What a payment does to one order. */
export interface Settlement {
  orderId: number;
  /** Of the order's lines, what this settles (before the discount). */
  lines: Prisma.Decimal;
  discount: Prisma.Decimal;
  serviceCharge: Prisma.Decimal;
  /** Charged: lines − discount + service charge. */
  amount: Prisma.Decimal;
  /** The order has nothing left after it. */
  closes: boolean;
}

/** Settles all that remains of an order, a code's discount `discount` off its lines. */
export function closeOrder(o: OrderAccount, rate: DecimalValue, discount: DecimalValue = 0): Settlement {
  const lines = remainingLinesOf(o);
  const off = D(discount);
  const serviceCharge = remainingServiceOf(o, rate, off);
  return { orderId: o.orderId, lines, discount: off, serviceCharge, amount: lines.sub(off).add(serviceCharge), closes: true };
}

/**
 * An amount of money over the orders, in their order: each order it covers is settled whole; the
 * one it reaches into is settled in part, charging exactly what is left of the amount. The amount
 * must not exceed what the orders owe (the caller refuses that with 409).
 */
export function settleMoney(orders: OrderAccount[], amount: DecimalValue, rate: DecimalValue): Settlement[] {
  let left = D(amount);
  const out: Settlement[] = [];
  for (const o of orders) {
    if (left.lte(0)) break;
    const due = dueOf(o, rate);
    if (left.gte(due)) {
      out.push(closeOrder(o, rate));
      left = left.sub(due);
      continue;
    }
    // A part: the lines inside the amount (without its service charge), never all of them (a
    // kuruş stays open: an order is closed only by what it owes in full), and never more service
    // charge than the order has left to charge.
    const open = remainingLinesOf(o);
    let lines = kurus(left.mul(100).div(D(rate).add(100)));
    if (lines.gte(open)) lines = atLeastZero(open.sub(KURUS));
    let serviceCharge = left.sub(lines);
    const serviceLeft = remainingServiceOf(o, rate);
    if (serviceCharge.gt(serviceLeft)) {
      serviceCharge = serviceLeft;
      lines = left.sub(serviceLeft);
    }
    out.push({ orderId: o.orderId, lines, discount: ZERO, serviceCharge, amount: left, closes: false });
    left = ZERO;
  }
  return out;
}

/**
 * Lines chosen by the guest (their value per order) with a code's discount: the discount is
 * spread over the orders in their order, the service charge is on what each order's part costs
 * after it (the part that closes an order charges what its service charge has left).
 */
export function settleLines(
  parts: { order: OrderAccount; lines: Prisma.Decimal; closes: boolean }[],
  discount: DecimalValue,
  rate: DecimalValue,
): Settlement[] {
  let left = D(discount);
  return parts.map(({ order, lines, closes }) => {
    const off = Prisma.Decimal.min(left, closes ? remainingLinesOf(order) : lines);
    left = left.sub(off);
    if (closes) return closeOrder(order, rate, off);
    const serviceCharge = Prisma.Decimal.min(serviceChargeOf(lines.sub(off), rate), remainingServiceOf(order, rate, off));
    return { orderId: order.orderId, lines, discount: off, serviceCharge, amount: lines.sub(off).add(serviceCharge), closes: false };
  });
}

/**
 * One of `count` equal shares of the bill's total, `pay` of them: each share is the total divided
 * and rounded down to the kuruş, and the payment that leaves less than a share open takes all of
 * what remains, so the shares add up to the total exactly. Null when a share would be nothing.
 */
export function shareAmount(total: DecimalValue, remaining: DecimalValue, count: number, pay: number): Prisma.Decimal | null {
  const share = D(total).div(count).toDecimalPlaces(2, Prisma.Decimal.ROUND_DOWN);
  if (share.lte(0)) return null;
  const wanted = share.mul(pay);
  const rest = D(remaining);
  return rest.sub(wanted).lt(share) ? rest : wanted;
}

/** Sum of a list of decimals. */
export const sumOf = (values: Prisma.Decimal[]) => values.reduce((a, b) => a.add(b), ZERO);

/** An order's account after a settlement (what the next part of the same payment would see). */
export function afterSettlement(o: OrderAccount, s: Settlement): OrderAccount {
  return {
    ...o,
    paidLines: s.closes ? o.lines : o.paidLines.add(s.lines),
    paidService: o.paidService.add(s.serviceCharge),
    discounts: o.discounts.add(s.discount),
  };
}
