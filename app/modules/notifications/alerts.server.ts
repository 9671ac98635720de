// Sofra's own notices to one restaurant (decision 065): a stock item that fell to its minimum
// (inbox and e-mail to the managers), a new order and a payment (web push to the owner's and
// managers' browsers). Each is decided inside the transaction of the write it is about, and
// leaves through the jobs table with a unique key in that same transaction: the notice exists
// exactly when the write committed, and a retry, a replay or a race sends nothing twice.
import type { Prisma } from "~/generated/prisma/client";
import { enqueueJobs } from "~/modules/jobs/jobs.server";
import { pushConfig } from "~/modules/push/push.server";
import type { SqlTx, Tx } from "~/utils/db.server";
import { formatDecimalInput } from "~/utils/decimal";
import { formatMoney, toMoney } from "~/utils/money";
import { PUSH_JOB, type PushPayload } from "./delivery.server";
import { DELIVERY_JOB, type DeliveryPayload } from "./notifications.server";

const quantity = (value: Prisma.Decimal | number) => formatDecimalInput(toMoney(value), { decimals: 2 });

/** 'Düşük stok: Domates (4,5 kg, en az 5)': the inbox title and the e-mail's subject. */
export function lowStockTitle(item: {
  name: string;
  unit: string;
  currentStock: Prisma.Decimal | number;
  minStock: Prisma.Decimal | number;
}) {
  return `Düşük stok: ${item.name} (${quantity(item.currentStock)} ${item.unit}, en az ${quantity(item.minStock)})`;
}

export interface CrossedItem {
  id: number;
  name: string;
  unit: string;
  currentStock: Prisma.Decimal;
  minStock: Prisma.Decimal;
  /** The item's version after the write that crossed: one alert per write, whatever retries it. */
  version: number;
}

/**
 * The item went from above its minimum to at or below it in this transaction (the caller holds
 * the item's row lock, so of two decrements that race only the first sees the crossing). With
 * the restaurant's "Düşük stok uyarıları" on, records a managers-only notice for it and enqueues
 * its delivery (inbox row; e-mail to the owner when "E-posta bildirimleri" is on, decided by the
 * delivery as for every notice). Going back above the minimum re-arms it: the next crossing is
 * another write, another version, another alert.
 */
export async function raiseLowStockAlert(tx: Tx, restaurantId: number, item: CrossedItem): Promise<void> {
  const [settings] = await tx.$queryRaw<{ lowStockAlerts: number | boolean }[]>`
    SELECT lowStockAlerts FROM restaurants WHERE id = ${restaurantId}`;
  if (!settings?.lowStockAlerts) return;
  const key = `lowstock:${item.id}:${item.version}`;
  const notice = await tx.notification.create({
    data: {
      title: lowStockTitle(item),
      message: `${item.name} stokta ${quantity(item.currentStock)} ${item.unit} kaldı; en az ${quantity(item.minStock)} ${item.unit} olmalı. Stok yönetimi ekranından güncelleyebilirsiniz.`,
      type: "warning",
      status: "pending",
      sendEmail: true,
      sendPush: false,
      recipientCount: 1,
      sendKey: key,
      restaurantId,
      managersOnly: true,
    },
    select: { id: true },
  });
  const payload: DeliveryPayload = { notificationId: notice.id, restaurantIds: [restaurantId] };
  await enqueueJobs([{ kind: DELIVERY_JOB, payload, uniqueKey: key }], tx);
}

type PushSwitch = "notifyOrders" | "notifyPayments";

/**
 * Whether a push about `what` goes to the restaurant at all: push configured on this server, the
 * restaurant's switch for it and "Anlık (push) bildirimler" on, and a browser to send to. One
 * small read, so an order of a restaurant without push adds no job row.
 */
async function wantsPush(tx: SqlTx, restaurantId: number, what: PushSwitch): Promise<boolean> {
  if (!pushConfig()) return false;
  type Flag = number | bigint | boolean;
  const [row] = await tx.$queryRaw<{ push: Flag; orders: Flag; payments: Flag; devices: Flag }[]>`
    SELECT r.pushNotifications AS push, r.notifyOrders AS orders, r.notifyPayments AS payments,
      EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.restaurantId = r.id) AS devices
    FROM restaurants r WHERE r.id = ${restaurantId}`;
  if (!row) return false;
  const on = (flag: Flag) => Boolean(Number(flag));
  return on(row.push) && on(row.devices) && on(what === "notifyOrders" ? row.orders : row.payments);
}

async function enqueuePush(tx: SqlTx, payload: PushPayload, uniqueKey: string) {
  await enqueueJobs([{ kind: PUSH_JOB, payload, uniqueKey }], tx);
}

/** Whether the restaurant's devices hear of new orders (asked ahead by the order path, with its other reads). */
export const wantsOrderPush = (tx: SqlTx, restaurantId: number) => wantsPush(tx, restaurantId, "notifyOrders");

/** 'Yeni sipariş: Masa 5 · ₺240,00', with the items in the body; once per order (`push:order:{id}`). */
export async function queueOrderPush(
  tx: SqlTx,
  restaurantId: number,
  order: { id: number; tableNumber: number; total: Prisma.Decimal; waiterName: string; lines: { name: string; quantity: number }[] },
  wanted: Promise<boolean> | boolean = wantsOrderPush(tx, restaurantId),
): Promise<void> {
  if (!(await wanted)) return;
  const items = order.lines.map((l) => `${l.quantity}× ${l.name}`).join(", ");
  await enqueuePush(
    tx,
    {
      restaurantId,
      title: `Yeni sipariş: Masa ${order.tableNumber} · ${formatMoney(toMoney(order.total))}`,
      body: `${items} (${order.waiterName})`,
      url: "/app/kitchen",
      tag: `order-${order.id}`,
    },
    `push:order:${order.id}`,
  );
}

/** 'Ödeme alındı: Masa 5 · ₺240,00 nakit'; once per paid order (`push:payment:{orderId}`: an order is paid once). */
export async function queuePaymentPush(
  tx: SqlTx,
  restaurantId: number,
  payment: {
    orderId: number;
    tableNumber: number;
    amount: Prisma.Decimal;
    /** What it was paid with as a sentence says it ("nakit", "kart", a meal card's name such as "Multinet"): passed in by the payments module (no import back). */
    paidWith: string;
    takenBy: string;
    discountCode: string | null;
  },
): Promise<void> {
  if (!(await wantsPush(tx, restaurantId, "notifyPayments"))) return;
  await enqueuePush(
    tx,
    {
      restaurantId,
      title: `Ödeme alındı: Masa ${payment.tableNumber} · ${formatMoney(toMoney(payment.amount))} ${payment.paidWith}`,
      body: `Sipariş #${payment.orderId}, alan: ${payment.takenBy}${payment.discountCode ? ` (indirim kodu ${payment.discountCode})` : ""}`,
      url: "/app/payments",
      tag: `payment-${payment.orderId}`,
    },
    `push:payment:${payment.orderId}`,
  );
}
