// Taking payment. An order is paid once: the order row is locked for the
// transaction and payments.orderId is unique, so of two concurrent payments
// one succeeds and the other gets 409.
import { Prisma } from "~/generated/prisma/client";
import type { PaymentType } from "~/generated/prisma/enums";
import type { Actor } from "~/modules/auth/actor";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";

export const PAYMENT_METHODS = ["cash", "card"] as const;
export const PAYMENT_METHOD_LABELS: Record<PaymentType, string> = { cash: "Nakit", card: "Kart" };

export const ALREADY_PAID = "Bu sipariş zaten ödendi.";
export const ORDER_NOT_FOUND = "Sipariş bulunamadı.";

export interface PaymentResult {
  order_id: number;
  amount: number;
  method: PaymentType;
  table_number: number;
  /** True when this was the table's last unpaid order and the table is now empty. */
  table_freed: boolean;
  paid_at: string;
}

const isPaymentClash = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

export async function payOrder(actor: Actor, orderId: number, method: PaymentType, now = new Date()): Promise<PaymentResult> {
  // The table's lock comes first, as for every write to its orders (see lockTable); an
  // order's table never changes, so it is looked up before.
  const target = await prisma.order.findFirst({ where: { id: orderId, restaurantId: actor.restaurantId }, select: { tableId: true } });
  if (!target) throw new DomainError(404, ORDER_NOT_FOUND);
  try {
    return await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM tables WHERE id = ${target.tableId} FOR UPDATE`;
      const [order] = await tx.$queryRaw<{ id: number; status: string; tableId: number; tableNumber: number; totalAmount: Prisma.Decimal }[]>`
        SELECT id, status, tableId, tableNumber, totalAmount FROM orders
        WHERE id = ${orderId} AND restaurantId = ${actor.restaurantId} FOR UPDATE`;
      if (!order) throw new DomainError(404, ORDER_NOT_FOUND);
      if (order.status === "paid") throw new DomainError(409, ALREADY_PAID);
      if (order.status !== "active") throw new DomainError(409, "Bu sipariş iptal edilmiş; ödenemez.");

      await tx.payment.create({
        data: {
          restaurantId: actor.restaurantId,
          orderId: order.id,
          amount: order.totalAmount,
          method,
          takenById: actor.userId,
          takenByName: actor.name,
          paidAt: now,
        },
      });
      await tx.order.update({ where: { id: order.id }, data: { status: "paid", paidAt: now } });
      const stillOpen = await tx.order.count({
        where: { restaurantId: actor.restaurantId, tableId: order.tableId, status: "active" },
      });
      if (stillOpen === 0) {
        await tx.restaurantTable.update({
          where: { id: order.tableId },
          data: { status: "empty", waiterName: null, customerCount: 0 },
        });
      }
      return {
        order_id: order.id,
        amount: toMoney(new Prisma.Decimal(order.totalAmount)),
        method,
        table_number: order.tableNumber,
        table_freed: stillOpen === 0,
        paid_at: now.toISOString(),
      };
    });
  } catch (error) {
    if (isPaymentClash(error)) throw new DomainError(409, ALREADY_PAID);
    throw error;
  }
}

export interface BatchPaymentOutcome {
  paid: PaymentResult[];
  failed: { order_id: number; detail: string }[];
}

/** Pays several orders, one transaction each, and reports which ones failed. */
export async function payOrders(actor: Actor, orderIds: number[], method: PaymentType): Promise<BatchPaymentOutcome> {
  const outcome: BatchPaymentOutcome = { paid: [], failed: [] };
  for (const id of [...new Set(orderIds)]) {
    try {
      outcome.paid.push(await payOrder(actor, id, method));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome.failed.push({ order_id: id, detail: error.message });
    }
  }
  return outcome;
}
