// Taking payment for an order: what it still owes (all of it, or what parts paid at the table left:
// split.server.ts, decision 086). The table and the order row are locked for the transaction, so of
// two concurrent payments one succeeds and the other gets 409, unless both carry the same pay key
// (a double tap on "Onayla", a retry after a lost answer): the repeat is answered as the first was
// and takes nothing twice.
import { CLIENT_KEY } from "~/utils/idempotency-key";
import { Prisma } from "~/generated/prisma/client";
import type { PaymentType } from "~/generated/prisma/enums";
import type { Actor } from "~/modules/auth/actor";
import { redeemDiscount } from "~/modules/discounts/discounts.server";
import { publishEvents, recordEvent, type LiveEvent } from "~/modules/live/events.server";
import { queuePaymentPush } from "~/modules/notifications/alerts.server";
import { closeOrder, remainingLinesOf, type OrderAccount } from "./split";
import { TENDERED_CASH_ONLY, TENDERED_TOO_LOW, type FiscalReference } from "./schemas";
import { MEAL_CARD_NAME_REQUIRED, mealCardKey, mealCardNotAccepted, mealCardsOf, paidWithText, tidyMealCardName } from "./meal-cards";
import { prisma, type SqlTx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";

export const ALREADY_PAID = "Bu sipariş zaten ödendi.";
export const ORDER_NOT_FOUND = "Sipariş bulunamadı.";

export interface PaymentResult {
  order_id: number;
  /** What was charged (as amount_charged): the order's total less the discount, plus the service charge. */
  amount: number;
  /** The service charge charged: the settings' percentage of the lines after the discount (decision 085). */
  service_charge: number;
  /** Bahşiş, credited to the order's waiter; not part of amount. */
  tip: number;
  /** Cash handed over (cash only), or null. */
  tendered: number | null;
  /** Para üstü: tendered − amount − tip (null without tendered). */
  change: number | null;
  /** The order's total before the discount. */
  order_total: number;
  /** The discount code applied (upper-case), or null. */
  discount_code: string | null;
  /** What the code took off (0 without one). */
  discount_amount: number;
  amount_charged: number;
  method: PaymentType;
  /** With method meal_card: the card's name as the settings spell it ("Multinet"); otherwise null. */
  meal_card: string | null;
  table_number: number;
  /** True when this was the table's last unpaid order and the (occupied) table is now empty. */
  table_freed: boolean;
  paid_at: string;
  /** True when this answered a repeat of the payment with the same key. */
  replayed?: boolean;
}

/** A pay key: what the confirmation form and API clients send (letters, digits, - and _). */
export const PAY_KEY_PATTERN = CLIENT_KEY;

/** The order moved to another table between the lookup and the lock (a table move): look again. */
class OrderMoved extends Error {}

interface PayOptions {
  payKey?: string | null;
  /** Upper-case, as stored. */
  discountCode?: string | null;
  /** With method meal_card: the card's name, one the restaurant accepts (matched regardless of case). */
  mealCard?: string | null;
  /** Bahşiş (exact DECIMAL text or a Decimal): recorded beside the payment, not in its amount. */
  tip?: Prisma.Decimal | string | number | null;
  /**
   * Cash handed over (cash only): at least amount + tip, else 400. "exact" records exactly that
   * (one order of several paid with one sum of cash: the change goes on the last; see payOrders).
   */
  tendered?: Prisma.Decimal | string | number | "exact" | null;
  now?: Date;
}

const D = (v: Prisma.Decimal | string | number) => new Prisma.Decimal(v);

/** The open orders as payments see them: their lines, and what their payments settled and charged. */
export async function orderAccounts(
  db: SqlTx,
  orders: { id: number; totalAmount: Prisma.Decimal; paidLines: Prisma.Decimal }[],
): Promise<OrderAccount[]> {
  const paid = orders.length
    ? await db.$queryRaw<{ orderId: number; service: Prisma.Decimal; discounts: Prisma.Decimal }[]>`
        SELECT orderId, SUM(serviceCharge) AS service, SUM(discountAmount) AS discounts FROM payments
        WHERE orderId IN (${Prisma.join(orders.map((o) => o.id))}) GROUP BY orderId`
    : [];
  return orders.map((o) => {
    const p = paid.find((x) => x.orderId === o.id);
    return {
      orderId: o.id,
      lines: D(o.totalAmount),
      paidLines: D(o.paidLines),
      paidService: D(p?.service ?? 0),
      discounts: D(p?.discounts ?? 0),
    };
  });
}

/** The meal cards the restaurant accepts (settings), in the settings' order. */
export async function acceptedMealCards(restaurantId: number): Promise<string[]> {
  const [row] = await prisma.$queryRaw<{ mealCards: unknown }[]>`SELECT mealCards FROM restaurants WHERE id = ${restaurantId}`;
  return mealCardsOf(row?.mealCards);
}

/**
 * What a confirmation shows before paying these open orders whole, as payOrder will charge each:
 * what its lines still owe (all of them, or what parts paid at the table left, decision 086), a
 * code's amount off (one order only), and the service charge left on it, rounded per order.
 */
export async function previewCharges(
  restaurantId: number,
  orderIds: number[],
  discount: Prisma.Decimal | null,
): Promise<{ lines: number; serviceCharge: number; amount: number }> {
  const [rows, [settings]] = await Promise.all([
    prisma.order.findMany({ where: { restaurantId, id: { in: orderIds } }, select: { id: true, totalAmount: true, paidLines: true } }),
    prisma.$queryRaw<{ serviceCharge: Prisma.Decimal }[]>`SELECT serviceCharge FROM restaurants WHERE id = ${restaurantId}`,
  ]);
  const charges = (await orderAccounts(prisma, rows)).map((a) =>
    closeOrder(a, settings?.serviceCharge ?? 0, rows.length === 1 && discount ? discount : 0),
  );
  const sum = (pick: (c: (typeof charges)[number]) => Prisma.Decimal) => toMoney(charges.reduce((acc, c) => acc.add(pick(c)), D(0)));
  return { lines: sum((c) => c.lines), serviceCharge: sum((c) => c.serviceCharge), amount: sum((c) => c.amount) };
}

/** Cash handed over must cover what is charged and the tip (400 otherwise). */
export function requireTenderedCovers(tendered: string, amount: number, tip: string | null): void {
  if (new Prisma.Decimal(tendered).lt(new Prisma.Decimal(amount.toFixed(2)).add(tip ?? 0))) throw new DomainError(400, TENDERED_TOO_LOW);
}

/**
 * The accepted card a name stands for, spelled as the settings have it: 400 without a name or
 * for a card the restaurant does not accept.
 */
async function acceptedMealCard(db: Prisma.TransactionClient, restaurantId: number, name: string | null | undefined) {
  const wanted = tidyMealCardName(name ?? "");
  if (!wanted) throw new DomainError(400, MEAL_CARD_NAME_REQUIRED);
  const [row] = await db.$queryRaw<{ mealCards: unknown }[]>`SELECT mealCards FROM restaurants WHERE id = ${restaurantId}`;
  const card = mealCardsOf(row?.mealCards).find((c) => mealCardKey(c) === mealCardKey(wanted));
  if (!card) throw new DomainError(400, mealCardNotAccepted(wanted));
  return card;
}

/** Checks a meal card before the confirmation shows it (the payment checks it again when it pays). */
export async function checkMealCard(restaurantId: number, name: string | null | undefined): Promise<string> {
  return acceptedMealCard(prisma, restaurantId, name);
}

/**
 * Pays one order (SQL for the same reason as orders.server.ts: it is a hot write). An order can
 * move to another table (masa taşıma) between looking up its table and locking it: then it looks
 * again, a few times.
 */
export async function payOrder(actor: Actor, orderId: number, method: PaymentType, options: PayOptions = {}): Promise<PaymentResult> {
  // Refused before anything is read: card and meal-card payments have no change.
  if (options.tendered != null && method !== "cash") throw new DomainError(400, TENDERED_CASH_ONLY);
  for (let attempt = 1; ; attempt++) {
    try {
      return await payOrderOnce(actor, orderId, method, options);
    } catch (error) {
      if (!(error instanceof OrderMoved) || attempt >= 5) throw error;
    }
  }
}

async function payOrderOnce(
  actor: Actor,
  orderId: number,
  method: PaymentType,
  { payKey = null, discountCode = null, mealCard = null, tip = null, tendered = null, now = new Date() }: PayOptions = {},
): Promise<PaymentResult> {
  // The table's lock comes first, as for every write to its orders (see lockTable), so it is
  // looked up before; the order's row, locked after it, must still be on that table.
  const [target] = await prisma.$queryRaw<{ tableId: number }[]>`
    SELECT tableId FROM orders WHERE id = ${orderId} AND restaurantId = ${actor.restaurantId}`;
  if (!target) throw new DomainError(404, ORDER_NOT_FOUND);
  // Set by the transaction that pays; published once it has committed.
  let events: LiveEvent[] = [];
  const result = await prisma.$transaction(async (tx) => {
    const [table] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM tables WHERE id = ${target.tableId} FOR UPDATE`;
    const [order] = await tx.$queryRaw<
      { id: number; status: string; tableId: number; tableNumber: number; totalAmount: Prisma.Decimal; paidLines: Prisma.Decimal }[]
    >`
      SELECT id, status, tableId, tableNumber, totalAmount, paidLines FROM orders
      WHERE id = ${orderId} AND restaurantId = ${actor.restaurantId} FOR UPDATE`;
    if (!order) throw new DomainError(404, ORDER_NOT_FOUND);
    if (order.tableId !== target.tableId) throw new OrderMoved();
    if (order.status === "paid") {
      // A repeat answers the first payment as it was; it checks and counts no code again.
      const [paid] = payKey
        ? await tx.$queryRaw<
            {
              amount: Prisma.Decimal;
              method: PaymentType;
              mealCard: string | null;
              paidAt: Date;
              payKey: string | null;
              discountCode: string | null;
              discountAmount: Prisma.Decimal;
              serviceCharge: Prisma.Decimal;
              tip: Prisma.Decimal;
              tendered: Prisma.Decimal | null;
              linesAmount: Prisma.Decimal;
            }[]
          >`
            SELECT amount, method, mealCard, paidAt, payKey, discountCode, discountAmount, serviceCharge, tip, tendered, linesAmount
            FROM payments WHERE orderId = ${order.id} AND payKey = ${payKey} AND closesOrder = 1`
        : [];
      if (!paid) throw new DomainError(409, ALREADY_PAID);
      return {
        order_id: order.id,
        amount: toMoney(paid.amount),
        ...extrasOf(paid),
        order_total: toMoney(paid.linesAmount),
        discount_code: paid.discountCode,
        discount_amount: toMoney(paid.discountAmount),
        amount_charged: toMoney(paid.amount),
        method: paid.method,
        meal_card: paid.mealCard,
        table_number: order.tableNumber,
        table_freed: false,
        paid_at: paid.paidAt.toISOString(),
        replayed: true,
      };
    }
    if (order.status !== "active") throw new DomainError(409, "Bu sipariş iptal edilmiş; ödenemez.");
    // Checked after the order (another restaurant's order stays 404): the card is copied as the settings spell it.
    const card = method === "meal_card" ? await acceptedMealCard(tx, actor.restaurantId, mealCard) : null;

    // What the order still owes: all its lines, or what parts paid at the table left (decision 086).
    const [account] = await orderAccounts(tx, [order]);
    const total = remainingLinesOf(account!);
    // The code is checked and its use counted here, after the order's lock: a refused code
    // (or one used up meanwhile) rolls the payment back.
    const discount = discountCode ? await redeemDiscount(tx, actor.restaurantId, discountCode, total, now) : null;
    const discountAmount = discount?.amount ?? new Prisma.Decimal(0);
    // The service charge on what the lines are charged (after the code), rounded per order, as
    // the table's bill adds it up (decisions 085, 086). Read in the transaction: the settings of now.
    const [settings] = await tx.$queryRaw<{ serviceCharge: Prisma.Decimal }[]>`
      SELECT serviceCharge FROM restaurants WHERE id = ${actor.restaurantId}`;
    const { serviceCharge, amount } = closeOrder(account!, settings?.serviceCharge ?? 0, discountAmount);
    const tipAmount = new Prisma.Decimal(tip ?? 0);
    const cash = tendered === "exact" ? amount.add(tipAmount) : tendered === null ? null : new Prisma.Decimal(tendered);
    if (cash && cash.lt(amount.add(tipAmount))) throw new DomainError(400, TENDERED_TOO_LOW);
    await tx.$executeRaw`
      INSERT INTO payments (restaurantId, orderId, amount, method, mealCard, takenById, takenByName, paidAt, payKey, discountId, discountCode, discountAmount,
        serviceCharge, tip, tendered, linesAmount, closesOrder)
      VALUES (${actor.restaurantId}, ${order.id}, ${amount}, ${method}, ${card}, ${actor.userId}, ${actor.name}, ${now}, ${payKey},
        ${discount?.discountId ?? null}, ${discount?.code ?? null}, ${discountAmount}, ${serviceCharge}, ${tipAmount}, ${cash}, ${total}, 1)`;
    await tx.$executeRaw`
      UPDATE orders SET status = 'paid', paidAt = ${now}, paidLines = totalAmount, updatedAt = ${now} WHERE id = ${order.id}`;
    // A repeat (same pay key) answered above and never gets here: one push per payment (decision 065).
    await queuePaymentPush(tx, actor.restaurantId, {
      orderId: order.id,
      tableNumber: order.tableNumber,
      amount,
      paidWith: paidWithText(method, card),
      takenBy: actor.name,
      discountCode: discount?.code ?? null,
    });
    const [open] = await tx.$queryRaw<{ n: bigint }[]>`
      SELECT COUNT(*) AS n FROM orders WHERE restaurantId = ${actor.restaurantId} AND tableId = ${order.tableId} AND status = 'active'`;
    // Only a table in service is freed: one being cleaned or out of order keeps that status.
    const freed = Number(open!.n) === 0 && table?.status === "occupied";
    if (freed) {
      await tx.$executeRaw`
        UPDATE tables SET status = 'empty', waiterName = NULL, customerCount = 0, seatedAt = NULL, updatedAt = ${now} WHERE id = ${order.tableId}`;
    }
    // Last, after the rows above are locked (decision 078). The amount goes only to who takes
    // payments; the floor learns that the table is free.
    events = [
      await recordEvent(
        tx,
        actor.restaurantId,
        "order.paid",
        {
          order_id: order.id,
          table_number: order.tableNumber,
          amount: toMoney(amount),
          method,
          meal_card: card,
          // The sentence a screen may show: "Multinet ile alındı".
          paid_with: paidWithText(method, card),
          table_freed: freed,
        },
        "payments",
      ),
    ];
    if (freed) {
      events.push(
        await recordEvent(
          tx,
          actor.restaurantId,
          "table.updated",
          { table_id: order.tableId, number: order.tableNumber, status: "empty", payment: true },
          "floor",
        ),
      );
    }
    return {
      order_id: order.id,
      amount: toMoney(amount),
      ...extrasOf({ amount, serviceCharge, tip: tipAmount, tendered: cash }),
      order_total: toMoney(total),
      discount_code: discount?.code ?? null,
      discount_amount: toMoney(discountAmount),
      amount_charged: toMoney(amount),
      method,
      meal_card: card,
      table_number: order.tableNumber,
      table_freed: freed,
      paid_at: now.toISOString(),
    };
  });
  publishEvents(events);
  return result;
}

/** The answer's service charge, tip, tendered and change, from what was stored. */
function extrasOf(p: { amount: Prisma.Decimal; serviceCharge: Prisma.Decimal; tip: Prisma.Decimal; tendered: Prisma.Decimal | null }) {
  const tendered = p.tendered === null ? null : new Prisma.Decimal(p.tendered);
  return {
    service_charge: toMoney(p.serviceCharge),
    tip: toMoney(p.tip),
    tendered: tendered === null ? null : toMoney(tendered),
    change: tendered === null ? null : toMoney(tendered.sub(p.amount).sub(p.tip)),
  };
}

export interface BatchPaymentOutcome {
  paid: PaymentResult[];
  failed: { order_id: number; detail: string; status: DomainError["status"] }[];
}

/**
 * Pays several orders, one transaction each, and reports which ones failed. One tip and one sum of
 * cash are for them all: the tip and the change go on the last order's payment; the others record
 * their exact cash (the caller checks the sum covers them all first; see the payments screen).
 */
export async function payOrders(
  actor: Actor,
  orderIds: number[],
  method: PaymentType,
  payKey: string | null = null,
  discountCode: string | null = null,
  mealCard: string | null = null,
  { tip = null, tendered = null }: { tip?: string | null; tendered?: string | null } = {},
): Promise<BatchPaymentOutcome> {
  const outcome: BatchPaymentOutcome = { paid: [], failed: [] };
  const ids = [...new Set(orderIds)];
  let cashLeft = tendered === null ? null : new Prisma.Decimal(tendered);
  for (const [index, id] of ids.entries()) {
    const last = index === ids.length - 1;
    try {
      const paid = await payOrder(actor, id, method, {
        payKey,
        discountCode,
        mealCard,
        tip: last ? tip : null,
        tendered: cashLeft === null ? null : last ? cashLeft : "exact",
      });
      if (cashLeft !== null && !last) cashLeft = cashLeft.sub(paid.tendered ?? 0);
      outcome.paid.push(paid);
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
  /** Of the amount, the service charge (decision 085). */
  serviceCharge: number;
  /** Bahşiş, apart from the amount. */
  tip: number;
  /** Para üstü for cash handed over (null when none was entered). */
  change: number | null;
  /** What discount codes took off these payments, and which codes. */
  discount: number;
  codes: string[];
  methods: PaymentType[];
  /** What "… ile alındı" names, each once: "nakit", "kart", a meal card's name ("Multinet"). */
  paidWith: string[];
  count: number;
  table: number;
  /** The table is free now (its last order was paid). */
  freed: boolean;
  /** The settings' "Fiş alt yazısı" (a thank-you, opening hours…), printed under the receipt; null when none. */
  footer: string | null;
  /** The orders it covers, and the fiscal document recorded for them (null: none yet). */
  orderIds: number[];
  fiscal: string | null;
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
      mealCard: true,
      discountAmount: true,
      discountCode: true,
      serviceCharge: true,
      tip: true,
      tendered: true,
      orderId: true,
      fiscalKind: true,
      fiscalNumber: true,
      fiscalZ: true,
      order: { select: { tableNumber: true, table: { select: { status: true } } } },
    },
  });
  if (payments.length === 0) return null;
  const restaurant = await prisma.restaurant.findUnique({ where: { id: restaurantId }, select: { receiptFooter: true } });
  const amount = payments.reduce((sum, p) => sum.add(p.amount), new Prisma.Decimal(0));
  const first = payments[0]!.order;
  const sum = (values: Prisma.Decimal[]) => values.reduce((a, b) => a.add(b), new Prisma.Decimal(0));
  const cash = payments.filter((p) => p.tendered !== null);
  return {
    amount: toMoney(amount),
    serviceCharge: toMoney(sum(payments.map((p) => p.serviceCharge))),
    tip: toMoney(sum(payments.map((p) => p.tip))),
    change: cash.length ? toMoney(sum(cash.map((p) => p.tendered!.sub(p.amount).sub(p.tip)))) : null,
    discount: toMoney(payments.reduce((sum, p) => sum.add(p.discountAmount), new Prisma.Decimal(0))),
    codes: [...new Set(payments.flatMap((p) => (p.discountCode ? [p.discountCode] : [])))],
    methods: [...new Set(payments.map((p) => p.method))],
    paidWith: [...new Set(payments.map((p) => paidWithText(p.method, p.mealCard)))],
    count: payments.length,
    table: first.tableNumber,
    freed: first.table.status === "empty",
    footer: restaurant?.receiptFooter?.trim() || null,
    orderIds: payments.map((p) => p.orderId),
    // One bill's receipt carries one document: the first recorded, if all share it.
    fiscal: payments.every((p) => p.fiscalNumber && p.fiscalNumber === payments[0]!.fiscalNumber) ? fiscalText(payments[0]!) : null,
  };
}

/** What the receipt shows of a fiscal document: "ÖKC fiş 1234 · Z 56" or "e-Arşiv 3f2b…". */
export const fiscalText = (p: { fiscalKind: string | null; fiscalNumber: string | null; fiscalZ: string | null }) =>
  p.fiscalKind === "okc"
    ? `ÖKC fiş ${p.fiscalNumber} · Z ${p.fiscalZ}`
    : p.fiscalKind === "e_arsiv"
      ? `e-Arşiv ETTN ${p.fiscalNumber}`
      : null;

/**
 * Records the fiscal document issued for the payments of these orders (one bill's receipt): the
 * same reference on each. Setting what is stored again changes nothing; a correction replaces it.
 * Orders without a payment of this restaurant are not found (404).
 */
export async function setFiscalReference(restaurantId: number, orderIds: number[], ref: FiscalReference): Promise<{ updated: number }> {
  const ids = [...new Set(orderIds)];
  const found = await prisma.payment.count({ where: { restaurantId, orderId: { in: ids } } });
  if (found === 0 || found < ids.length) throw new DomainError(404, "Ödeme bulunamadı.");
  const { count } = await prisma.payment.updateMany({
    where: { restaurantId, orderId: { in: ids } },
    data: { fiscalKind: ref.kind, fiscalNumber: ref.number, fiscalZ: ref.z },
  });
  return { updated: count };
}
