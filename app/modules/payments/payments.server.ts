// Taking payment. An order is paid once: the order row is locked for the
// transaction and payments.orderId is unique, so of two concurrent payments
// one succeeds and the other gets 409, unless both carry the same pay key (a
// double tap on "Onayla", a retry after a lost answer): the repeat is answered
// as the first was and takes nothing twice.
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { Prisma } from "~/generated/prisma/client";
import type { PaymentType } from "~/generated/prisma/enums";
import type { Actor } from "~/modules/auth/actor";
import { redeemDiscount } from "~/modules/discounts/discounts.server";
import { queuePaymentPush } from "~/modules/notifications/alerts.server";
import { PAYMENT_METHOD_LABELS } from "./methods";
import { prisma } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";

export const ALREADY_PAID = "Bu sipariş zaten ödendi.";
export const ORDER_NOT_FOUND = "Sipariş bulunamadı.";

export interface PaymentResult {
  order_id: number;
  /** What was charged: the order's total less the discount (as amount_charged). */
  amount: number;
  /** The order's total before the discount. */
  order_total: number;
  /** The discount code applied (upper-case), or null. */
  discount_code: string | null;
  /** What the code took off (0 without one). */
  discount_amount: number;
  amount_charged: number;
  method: PaymentType;
  table_number: number;
  /** True when this was the table's last unpaid order and the (occupied) table is now empty. */
  table_freed: boolean;
  paid_at: string;
  /** True when this answered a repeat of the payment with the same key. */
  replayed?: boolean;
}

/** A pay key: what the confirmation form and API clients send (letters, digits, - and _). */
export const PAY_KEY_PATTERN = CLIENT_KEY;

/** Pays one order (SQL for the same reason as orders.server.ts: it is a hot write). */
export async function payOrder(
  actor: Actor,
  orderId: number,
  method: PaymentType,
  {
    payKey = null,
    discountCode = null,
    now = new Date(),
  }: { payKey?: string | null; /** Upper-case, as stored. */ discountCode?: string | null; now?: Date } = {},
): Promise<PaymentResult> {
  // The table's lock comes first, as for every write to its orders (see lockTable);
  // an order's table never changes, so it is looked up before.
  const [target] = await prisma.$queryRaw<{ tableId: number }[]>`
    SELECT tableId FROM orders WHERE id = ${orderId} AND restaurantId = ${actor.restaurantId}`;
  if (!target) throw new DomainError(404, ORDER_NOT_FOUND);
  try {
    return await prisma.$transaction(async (tx) => {
      const [table] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM tables WHERE id = ${target.tableId} FOR UPDATE`;
      const [order] = await tx.$queryRaw<
        { id: number; status: string; tableId: number; tableNumber: number; totalAmount: Prisma.Decimal }[]
      >`
        SELECT id, status, tableId, tableNumber, totalAmount FROM orders
        WHERE id = ${orderId} AND restaurantId = ${actor.restaurantId} FOR UPDATE`;
      if (!order) throw new DomainError(404, ORDER_NOT_FOUND);
      if (order.status === "paid") {
        // A repeat answers the first payment as it was; it checks and counts no code again.
        const [paid] = payKey
          ? await tx.$queryRaw<
              {
                amount: Prisma.Decimal;
                method: PaymentType;
                paidAt: Date;
                payKey: string | null;
                discountCode: string | null;
                discountAmount: Prisma.Decimal;
              }[]
            >`
              SELECT amount, method, paidAt, payKey, discountCode, discountAmount FROM payments WHERE orderId = ${order.id}`
          : [];
        if (!paid || paid.payKey !== payKey) throw new DomainError(409, ALREADY_PAID);
        return {
          order_id: order.id,
          amount: toMoney(paid.amount),
          order_total: toMoney(new Prisma.Decimal(paid.amount).add(paid.discountAmount)),
          discount_code: paid.discountCode,
          discount_amount: toMoney(paid.discountAmount),
          amount_charged: toMoney(paid.amount),
          method: paid.method,
          table_number: order.tableNumber,
          table_freed: false,
          paid_at: paid.paidAt.toISOString(),
          replayed: true,
        };
      }
      if (order.status !== "active") throw new DomainError(409, "Bu sipariş iptal edilmiş; ödenemez.");

      const total = new Prisma.Decimal(order.totalAmount);
      // The code is checked and its use counted here, after the order's lock: a refused code
      // (or one used up meanwhile) rolls the payment back.
      const discount = discountCode ? await redeemDiscount(tx, actor.restaurantId, discountCode, total, now) : null;
      const discountAmount = discount?.amount ?? new Prisma.Decimal(0);
      const amount = total.sub(discountAmount);
      await tx.$executeRaw`
        INSERT INTO payments (restaurantId, orderId, amount, method, takenById, takenByName, paidAt, payKey, discountId, discountCode, discountAmount)
        VALUES (${actor.restaurantId}, ${order.id}, ${amount}, ${method}, ${actor.userId}, ${actor.name}, ${now}, ${payKey},
          ${discount?.discountId ?? null}, ${discount?.code ?? null}, ${discountAmount})`;
      await tx.$executeRaw`UPDATE orders SET status = 'paid', paidAt = ${now}, updatedAt = ${now} WHERE id = ${order.id}`;
      // A repeat (same pay key) answered above and never gets here: one push per payment (decision 065).
      await queuePaymentPush(tx, actor.restaurantId, {
        orderId: order.id,
        tableNumber: order.tableNumber,
        amount,
        methodLabel: PAYMENT_METHOD_LABELS[method],
        takenBy: actor.name,
        discountCode: discount?.code ?? null,
      });
      const [open] = await tx.$queryRaw<{ n: bigint }[]>`
        SELECT COUNT(*) AS n FROM orders WHERE restaurantId = ${actor.restaurantId} AND tableId = ${order.tableId} AND status = 'active'`;
      // Only a table in service is freed: one being cleaned or out of order keeps that status.
      const freed = Number(open!.n) === 0 && table?.status === "occupied";
      if (freed) {
        await tx.$executeRaw`
          UPDATE tables SET status = 'empty', waiterName = NULL, customerCount = 0, updatedAt = ${now} WHERE id = ${order.tableId}`;
      }
      return {
        order_id: order.id,
        amount: toMoney(amount),
        order_total: toMoney(total),
        discount_code: discount?.code ?? null,
        discount_amount: toMoney(discountAmount),
        amount_charged: toMoney(amount),
        method,
        table_number: order.tableNumber,
        table_freed: freed,
        paid_at: now.toISOString(),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, "payments_orderId_key")) throw new DomainError(409, ALREADY_PAID);
    throw error;
  }
}

export interface BatchPaymentOutcome {
  paid: PaymentResult[];
  failed: { order_id: number; detail: string; status: DomainError["status"] }[];
}

/** Pays several orders, one transaction each, and reports which ones failed. */
export async function payOrders(
  actor: Actor,
  orderIds: number[],
  method: PaymentType,
  payKey: string | null = null,
  discountCode: string | null = null,
): Promise<BatchPaymentOutcome> {
  const outcome: BatchPaymentOutcome = { paid: [], failed: [] };
  for (const id of [...new Set(orderIds)]) {
    try {
      outcome.paid.push(await payOrder(actor, id, method, { payKey, discountCode }));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome.failed.push({ order_id: id, detail: error.message, status: error.status });
    }
  }
  return outcome;
}

/** The most orders one payment screen pays at once (and so the most a receipt URL names). */
export const MAX_RECEIPT_ORDERS = 50;

export interface PaymentReceipt {
  amount: number;
  /** What discount codes took off these payments, and which codes. */
  discount: number;
  codes: string[];
  methods: PaymentType[];
  count: number;
  table: number;
  /** The table is free now (its last order was paid). */
  freed: boolean;
  /** The settings' "Fiş alt yazısı" (a thank-you, opening hours…), printed under the receipt; null when none. */
  footer: string | null;
}

/**
 * The payments screen's "ÖDEME BAŞARILI" for the orders its URL names: the figures come
 * from this restaurant's payments of those orders, so a typed URL cannot show an amount
 * that was never taken. Null when none of them was paid here.
 */
export async function paymentReceipt(restaurantId: number, orderIds: number[]): Promise<PaymentReceipt | null> {
  const ids = [...new Set(orderIds)].slice(0, MAX_RECEIPT_ORDERS);
  if (ids.length === 0) return null;
  const payments = await prisma.payment.findMany({
    where: { restaurantId, orderId: { in: ids } },
    select: {
      amount: true,
      method: true,
      discountAmount: true,
      discountCode: true,
      order: { select: { tableNumber: true, table: { select: { status: true } } } },
    },
  });
  if (payments.length === 0) return null;
  const restaurant = await prisma.restaurant.findUnique({ where: { id: restaurantId }, select: { receiptFooter: true } });
  const amount = payments.reduce((sum, p) => sum.add(p.amount), new Prisma.Decimal(0));
  const first = payments[0]!.order;
  return {
    amount: toMoney(amount),
    discount: toMoney(payments.reduce((sum, p) => sum.add(p.discountAmount), new Prisma.Decimal(0))),
    codes: [...new Set(payments.flatMap((p) => (p.discountCode ? [p.discountCode] : [])))],
    methods: [...new Set(payments.map((p) => p.method))],
    count: payments.length,
    table: first.tableNumber,
    freed: first.table.status === "empty",
    footer: restaurant?.receiptFooter?.trim() || null,
  };
}
