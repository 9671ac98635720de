// The table's bill (issue 22): every line of every open order on the table, with its KDV (the
// category's rate; prices include KDV), the service charge (settings, a percentage of the lines;
// its own line, never hidden in prices), what is paid and what remains. Computed in DECIMAL on
// the server, to the kuruş. What parts paid (decision 086) charged is read from their payments;
// what remains is each order's remaining lines with the service charge on them, rounded per order,
// as the next payment charges it (split.ts): paid + remaining is the total.
import { Prisma } from "~/generated/prisma/client";
import { findTable } from "~/modules/tables/tables.server";
import { prisma } from "~/utils/db.server";
import { toMoney } from "~/utils/money";
import { readChosen, type ChosenOption } from "~/utils/chosen-options";
import { paidWithText } from "./meal-cards";
import { dueOf, remainingServiceOf, serviceChargeOf, type OrderAccount } from "./split";

export { serviceChargeOf };

export interface BillLine {
  order_item_id: number;
  order_id: number;
  name: string;
  quantity: number;
  /** Units already paid (a line's part paid on its own). */
  paid_quantity: number;
  unit_price: number;
  /** What the line costs: 0 for ikram. */
  amount: number;
  complimentary: boolean;
  note: string | null;
  options: ChosenOption[];
  kdv_rate: number;
}

export interface BillDto {
  table_number: number;
  table_label: string | null;
  waiter_name: string | null;
  customer_count: number;
  order_ids: number[];
  lines: BillLine[];
  /** The lines' total, before the service charge. */
  subtotal: number;
  /** What discount codes took off the parts paid so far. */
  discount: number;
  /** The service charge's percentage (settings) and amount. */
  service_charge_rate: number;
  service_charge: number;
  /** KDV included in the total, per rate (the service charge at the restaurant's own rate). */
  tax: { rate: number; base: number; amount: number }[];
  total: number;
  paid: number;
  remaining: number;
  /** The payments taken on this bill so far (a part each), oldest first. */
  payments: { id: number; method: string; meal_card: string | null; paid_with: string; amount: number; tip: number; paid_at: string }[];
}

type DecimalValue = Prisma.Decimal | string | number;
const D = (v: DecimalValue) => new Prisma.Decimal(v);
/** To the kuruş, half away from zero (as a cashier rounds). */
const kurus = (v: Prisma.Decimal) => v.toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);

/** KDV inside an amount that includes it: amount × rate / (100 + rate). */
export function includedKdv(amount: DecimalValue, rate: DecimalValue): Prisma.Decimal {
  return kurus(D(amount).mul(rate).div(D(rate).add(100)));
}

/** The table's open bill (an empty one when nothing is open); another restaurant's table is not found (404). */
export async function tableBill(restaurantId: number, tableNumber: number): Promise<BillDto> {
  const table = await findTable(restaurantId, tableNumber);
  const [restaurant, label, seated] = await Promise.all([
    prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: { serviceCharge: true, taxRate: true } }),
    prisma.tableConfiguration.findFirst({ where: { tableId: table.id }, select: { displayName: true } }),
    prisma.$queryRaw<
      {
        id: number;
        orderId: number;
        menuItemName: string;
        quantity: number;
        unitPrice: Prisma.Decimal;
        totalPrice: Prisma.Decimal;
        complimentary: number | boolean;
        note: string | null;
        options: string | null;
        kdvRate: Prisma.Decimal | null;
        paidQuantity: number;
        orderTotal: Prisma.Decimal;
        paidLines: Prisma.Decimal;
        orderStatus: string;
      }[]
    >`
      SELECT i.id, i.orderId, i.menuItemName, i.quantity, i.unitPrice, i.totalPrice, i.complimentary, i.note, i.options, c.kdvRate,
        i.paidQuantity, o.totalAmount AS orderTotal, o.paidLines, o.status AS orderStatus
      FROM orders o
      JOIN order_items i ON i.orderId = o.id
      LEFT JOIN menu_items m ON m.id = i.menuItemId
      LEFT JOIN menu_categories c ON c.restaurantId = m.restaurantId AND c.\`key\` = m.category
      WHERE o.restaurantId = ${restaurantId} AND o.tableId = ${table.id}
        AND (o.status = 'active' OR (o.status = 'paid' AND o.paidAt >= (SELECT seatedAt FROM tables WHERE id = ${table.id})))
      ORDER BY o.id, i.id`,
  ]);
  // The seating's bill: its open orders and those its parts paid off; none open, no bill (decision 086).
  const lines = seated.some((l) => l.orderStatus === "active") ? seated : [];
  const rateOf = (l: (typeof lines)[number]) => D(l.kdvRate ?? restaurant.taxRate);
  const subtotal = lines.reduce((sum, l) => sum.add(l.totalPrice), D(0));
  const orderIds = [...new Set(lines.map((l) => l.orderId))];
  const payments = orderIds.length
    ? await prisma.$queryRaw<
        {
          id: number;
          orderId: number;
          billPaymentId: number | null;
          method: string;
          mealCard: string | null;
          amount: Prisma.Decimal;
          serviceCharge: Prisma.Decimal;
          discountAmount: Prisma.Decimal;
          tip: Prisma.Decimal;
          paidAt: Date;
        }[]
      >`
        SELECT id, orderId, billPaymentId, method, mealCard, amount, serviceCharge, discountAmount, tip, paidAt FROM payments
        WHERE restaurantId = ${restaurantId} AND orderId IN (${Prisma.join(orderIds)}) ORDER BY id`
    : [];
  // Each open order as payments see it (split.ts): what remains is what each owes, rounded per
  // order; what is paid is what the parts charged (decision 086).
  const sum = (values: Prisma.Decimal[]) => values.reduce((a, b) => a.add(b), D(0));
  const accounts: OrderAccount[] = orderIds.map((id) => {
    const line = lines.find((l) => l.orderId === id)!;
    const own = payments.filter((p) => p.orderId === id);
    return {
      orderId: id,
      lines: D(line.orderTotal),
      paidLines: D(line.paidLines),
      paidService: sum(own.map((p) => D(p.serviceCharge))),
      discounts: sum(own.map((p) => D(p.discountAmount))),
    };
  });
  const rate = restaurant.serviceCharge;
  const remaining = sum(accounts.map((a) => dueOf(a, rate)));
  const paid = sum(payments.map((p) => D(p.amount)));
  const discount = sum(accounts.map((a) => a.discounts));
  const serviceCharge = sum(accounts.map((a) => a.paidService.add(remainingServiceOf(a, rate))));
  const bases = new Map<string, Prisma.Decimal>();
  for (const l of lines) bases.set(rateOf(l).toFixed(2), (bases.get(rateOf(l).toFixed(2)) ?? D(0)).add(l.totalPrice));
  const tax = kdvPerRate(bases, discount, serviceCharge, restaurant.taxRate);
  const total = subtotal.sub(discount).add(serviceCharge);
  // One entry per payment taken (a table payment's parts over several orders are one).
  const taken = new Map<string, BillDto["payments"][number]>();
  for (const p of payments) {
    const key = p.billPaymentId === null ? `p${p.id}` : `b${p.billPaymentId}`;
    const was = taken.get(key);
    taken.set(key, {
      id: p.billPaymentId ?? p.id,
      method: p.method,
      meal_card: p.mealCard,
      paid_with: paidWithText(p.method as "cash" | "card" | "meal_card", p.mealCard),
      amount: toMoney(D(was?.amount ?? 0).add(p.amount)),
      tip: toMoney(D(was?.tip ?? 0).add(p.tip)),
      paid_at: (was?.paid_at ?? p.paidAt.toISOString()) as string,
    });
  }
  return {
    table_number: table.number,
    table_label: label?.displayName ?? null,
    waiter_name: table.waiterName ?? null,
    customer_count: table.customerCount ?? 0,
    order_ids: orderIds,
    lines: lines.map((l) => ({
      order_item_id: l.id,
      order_id: l.orderId,
      name: l.menuItemName,
      quantity: l.quantity,
      // An order paid off in this seating: every unit of it.
      paid_quantity: l.orderStatus === "paid" ? l.quantity : l.paidQuantity,
      unit_price: toMoney(l.unitPrice),
      amount: toMoney(l.totalPrice),
      complimentary: Boolean(l.complimentary),
      note: l.note,
      options: readChosen(l.options),
      kdv_rate: Number(rateOf(l).toFixed(2)),
    })),
    subtotal: toMoney(subtotal),
    discount: toMoney(discount),
    service_charge_rate: toMoney(restaurant.serviceCharge),
    service_charge: toMoney(serviceCharge),
    tax,
    total: toMoney(total),
    paid: toMoney(paid),
    remaining: toMoney(remaining),
    payments: [...taken.values()],
  };
}

/** The printed adisyon: the bill and the settings' receipt footer. */
export async function adisyonOf(restaurantId: number, tableNumber: number) {
  const [bill, settings] = await Promise.all([
    tableBill(restaurantId, tableNumber),
    prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: { receiptFooter: true } }),
  ]);
  return { bill, footer: settings.receiptFooter };
}

/**
 * KDV included per rate: the lines' amounts per rate (rounded once per rate), the discounts taken
 * off the rates in proportion, the service charge at the restaurant's own rate.
 */
export function kdvPerRate(
  linesByRate: Map<string, Prisma.Decimal>,
  discount: Prisma.Decimal,
  serviceCharge: Prisma.Decimal,
  ownRate: DecimalValue,
) {
  const bases = new Map(linesByRate);
  takeOffInProportion(bases, discount);
  if (serviceCharge.gt(0)) {
    const own = D(ownRate).toFixed(2);
    bases.set(own, (bases.get(own) ?? D(0)).add(serviceCharge));
  }
  return [...bases]
    .filter(([, base]) => base.gt(0))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([rate, base]) => ({ rate: Number(rate), base: toMoney(base), amount: toMoney(includedKdv(base, rate)) }));
}

/** Takes an amount off the bases in proportion to them, to the kuruş (the largest base takes the rest). */
function takeOffInProportion(bases: Map<string, Prisma.Decimal>, amount: Prisma.Decimal) {
  const whole = [...bases.values()].reduce((a, b) => a.add(b), D(0));
  if (amount.lte(0) || whole.lte(0)) return;
  const sorted = [...bases].sort(([, a], [, b]) => b.comparedTo(a));
  let left = amount;
  for (const [rate, base] of sorted.slice(1)) {
    const share = kurus(amount.mul(base).div(whole));
    bases.set(rate, base.sub(share));
    left = left.sub(share);
  }
  const [rate, base] = sorted[0]!;
  bases.set(rate, base.sub(left));
}
