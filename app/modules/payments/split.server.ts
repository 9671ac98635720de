// Paying any part of a table's bill (issue 22, decision 086): chosen lines and quantities, equal
// shares, a typed amount, or all that remains; several methods per bill, one payment at a time.
// One transaction under the table's lock (as every write to its orders): the open orders are read
// after it, so two cashiers paying at once run one after the other, and the second sees what the
// first paid (the same lines again, or more than remains: 409). A key makes a retry answer the
// first result (bill_payments.payKey is unique per restaurant). The table is freed when nothing
// remains.
import { Prisma } from "~/generated/prisma/client";
import type { PaymentType } from "~/generated/prisma/enums";
import type { Actor } from "~/modules/auth/actor";
import { redeemDiscount } from "~/modules/discounts/discounts.server";
import { publishEvents, recordEvents, type LiveEvent, type LiveEventType } from "~/modules/live/events.server";
import { queuePaymentPush } from "~/modules/notifications/alerts.server";
import { lockTable } from "~/modules/tables/tables.server";
import { chargeToAccount } from "~/modules/accounts/accounts.server";
import { randomUUID } from "node:crypto";
import { sqlQuery, sqlTransaction, type SqlTx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { formatMoney, toMoney } from "~/utils/money";
import { checkMealCard, orderAccounts } from "./payments.server";
import { paidWithText } from "./meal-cards";
import { NO_TIP_ON_ACCOUNT, TENDERED_CASH_ONLY, TENDERED_TOO_LOW } from "./schemas";
import { afterSettlement, billOf, dueOf, remainingLinesOf, settleLines, settleMoney, shareAmount, sumOf, type Settlement } from "./split";

/** Which part of the bill a payment pays. */
export type BillPart =
  | { kind: "all" }
  | { kind: "items"; items: { order_item_id: number; quantity: number }[] }
  | { kind: "shares"; count: number; pay: number }
  | { kind: "amount"; amount: string };

export interface TablePaymentInput {
  method: PaymentType;
  /** With house_account (hesaba yaz): the account, and whether a manager approved passing its limit. */
  account?: { id: number; approved: boolean } | null;
  mealCard?: string | null;
  part: BillPart;
  tip?: string | null;
  tendered?: string | null;
  discountCode?: string | null;
  payKey?: string | null;
  now?: Date;
}

export interface TablePaymentResult {
  payment_id: number;
  table_number: number;
  method: PaymentType;
  meal_card: string | null;
  /** Hesaba yaz: the account charged and its balance after it. */
  house_account?: { id: number; name: string; balance: number };
  /** Charged (revenue): the lines' part less the discount, plus its service charge. */
  amount: number;
  service_charge: number;
  discount_code: string | null;
  discount_amount: number;
  tip: number;
  tendered: number | null;
  change: number | null;
  /** Per order it touched: what it charged there, and whether the order is paid now. */
  orders: { order_id: number; amount: number; paid: boolean }[];
  /** What the table's bill still owes after it (0: paid in full). */
  remaining: number;
  table_freed: boolean;
  paid_at: string;
  replayed?: boolean;
}

export const NOTHING_REMAINS = "Bu masanın ödenecek hesabı yok.";
export const tooMuch = (remaining: Prisma.Decimal) => `Kalan tutardan fazla ödenemez: kalan ${formatMoney(toMoney(remaining))}.`;
export const LINE_NOT_ON_BILL = (id: number) => `Bu ürün bu masanın açık hesabında yok (#${id}).`;
export const linePaid = (name: string, left: number) =>
  left === 0 ? `${name} zaten ödendi.` : `${name}: ödenmemiş ${left} adet kaldı; daha fazlası seçilemez.`;
export const CODE_WHOLE_OR_LINES =
  "İndirim kodu hesabın tamamına ya da seçilen ürünlere uygulanır; eşit bölmede ve tutar girerek ödemede kullanılamaz.";
export const SHARE_TOO_SMALL = "Hesap bu kadar parçaya bölünemez.";

interface OpenOrder {
  id: number;
  tableNumber: number;
  totalAmount: Prisma.Decimal;
  paidLines: Prisma.Decimal;
}

const D = (v: Prisma.Decimal | string | number) => new Prisma.Decimal(v);
const kurus = (v: Prisma.Decimal) => v.toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);

/** What a key already did, as it answered then (the table may have moved since: the answer stands). */
async function replayOf(db: SqlTx, restaurantId: number, key: string | null | undefined): Promise<TablePaymentResult | null> {
  if (!key) return null;
  const [row] = await db.$queryRaw<{ result: string }[]>`
    SELECT result FROM bill_payments WHERE restaurantId = ${restaurantId} AND payKey = ${key}`;
  return row ? { ...(JSON.parse(row.result) as TablePaymentResult), replayed: true } : null;
}

/**
 * A table payment's answer as it was given (the "Hesap" screen's notice after its redirect), or
 * null when this restaurant has no such payment.
 */
export async function tablePaymentOf(restaurantId: number, id: number): Promise<TablePaymentResult | null> {
  const [row] = await sqlQuery.$queryRaw<{ result: string }[]>`
    SELECT result FROM bill_payments WHERE restaurantId = ${restaurantId} AND id = ${id}`;
  return row?.result ? (JSON.parse(row.result) as TablePaymentResult) : null;
}

/**
 * Waits for work sent together, and fails with the first failure only once all of it is done: a
 * piece that sends more than one statement (the push queue reads, then inserts) must not send its
 * next one after the transaction's ROLLBACK, on a connection already given back.
 */
async function settleAll(sent: (Promise<unknown> | null)[]): Promise<void> {
  const results = await Promise.allSettled(sent);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}

/** Pays a part of the table's bill; another restaurant's table is 404 (its number is looked up in this one). */
export async function payTable(actor: Actor, tableNumber: number, input: TablePaymentInput): Promise<TablePaymentResult> {
  const { method, part, payKey = null, now = new Date() } = input;
  if (input.tendered != null && method !== "cash") throw new DomainError(400, TENDERED_CASH_ONLY);
  if (method === "house_account" && new Prisma.Decimal(input.tip ?? 0).gt(0)) {
    throw new DomainError(400, NO_TIP_ON_ACCOUNT, { errors: { tip: [NO_TIP_ON_ACCOUNT] } });
  }
  if (input.discountCode && (part.kind === "shares" || part.kind === "amount")) {
    throw new DomainError(400, CODE_WHOLE_OR_LINES, { errors: { discount_code: [CODE_WHOLE_OR_LINES] } });
  }
  const early = await replayOf(sqlQuery, actor.restaurantId, payKey);
  if (early) return early;
  const card = method === "meal_card" ? await checkMealCard(actor.restaurantId, input.mealCard) : null;
  let events: LiveEvent[] = [];
  try {
    // On the bare driver (decision 093): statements that do not wait on each other's answers are sent together.
    const result = await sqlTransaction(async (tx) => {
      // The lock, then (once it is held) a repeat that raced the first sees it. A key already
      // used answers even when its table has since gone.
      const [locked, again] = await Promise.all([
        lockTable(tx, actor.restaurantId, tableNumber).catch((error: unknown) => ({ error })),
        replayOf(tx, actor.restaurantId, payKey),
      ]);
      if (again) return again;
      if ("error" in locked) throw locked.error;
      const table = locked;
      const [orders, [settings]] = await Promise.all([
        tx.$queryRaw<OpenOrder[]>`
          SELECT id, tableNumber, totalAmount, paidLines FROM orders
          WHERE restaurantId = ${actor.restaurantId} AND tableId = ${table.id} AND status = 'active'
          ORDER BY id FOR UPDATE`,
        tx.$queryRaw<{ serviceCharge: Prisma.Decimal }[]>`SELECT serviceCharge FROM restaurants WHERE id = ${actor.restaurantId}`,
      ]);
      const rate = D(settings?.serviceCharge ?? 0);
      const open = await orderAccounts(tx, orders);
      const remaining = sumOf(open.map((o) => dueOf(o, rate)));
      if (orders.length === 0 || (remaining.lte(0) && part.kind !== "all")) throw new DomainError(409, NOTHING_REMAINS);

      let settlements: Settlement[];
      let discount: { discountId: number; code: string; amount: Prisma.Decimal } | null = null;
      const itemUpdates: { id: number; quantity: number }[] = [];
      if (part.kind === "items") {
        const lines = await chosenLines(tx, orders, part.items);
        const perOrder = new Map<number, Prisma.Decimal>();
        for (const l of lines) {
          itemUpdates.push({ id: l.id, quantity: l.take });
          perOrder.set(l.orderId, (perOrder.get(l.orderId) ?? D(0)).add(kurus(l.unitValue.mul(l.take))));
        }
        const parts = open
          .filter((o) => perOrder.has(o.orderId))
          .map((o) => {
            // Never more than the order's remaining lines (a typed amount may have paid some of it).
            const value = Prisma.Decimal.min(perOrder.get(o.orderId)!, remainingLinesOf(o));
            const closes = value.gte(remainingLinesOf(o)) || everyLineTaken(lines, o.orderId);
            return { order: o, lines: closes ? remainingLinesOf(o) : value, closes };
          });
        const value = sumOf(parts.map((p) => p.lines));
        if (input.discountCode) discount = await redeemDiscount(tx, actor.restaurantId, input.discountCode, value, now);
        settlements = settleLines(parts, discount?.amount ?? 0, rate);
      } else if (part.kind === "all") {
        const value = sumOf(open.map(remainingLinesOf));
        if (input.discountCode) discount = await redeemDiscount(tx, actor.restaurantId, input.discountCode, value, now);
        settlements = settleLines(
          open.map((o) => ({ order: o, lines: remainingLinesOf(o), closes: true })),
          discount?.amount ?? 0,
          rate,
        );
      } else {
        let amount: Prisma.Decimal;
        if (part.kind === "shares") {
          // The shares are of the bill's total: what the seating's orders come to, paid or not (an
          // order paid off by an earlier share is still part of it).
          const paidOff = await tx.$queryRaw<{ id: number; totalAmount: Prisma.Decimal; paidLines: Prisma.Decimal }[]>`
            SELECT id, totalAmount, paidLines FROM orders
            WHERE restaurantId = ${actor.restaurantId} AND tableId = ${table.id} AND status = 'paid'
              AND paidAt >= (SELECT seatedAt FROM tables WHERE id = ${table.id})`;
          const seating = [...open, ...(await orderAccounts(tx, paidOff))];
          const share = shareAmount(sumOf(seating.map((o) => billOf(o, rate))), remaining, part.count, part.pay);
          if (share === null) throw new DomainError(400, SHARE_TOO_SMALL, { errors: { shares: [SHARE_TOO_SMALL] } });
          amount = share;
        } else {
          amount = D(part.amount);
          if (amount.gt(remaining)) throw new DomainError(409, tooMuch(remaining), { remaining: toMoney(remaining) });
        }
        settlements = settleMoney(open, amount, rate);
      }
      const amount = sumOf(settlements.map((s) => s.amount));
      const tip = D(input.tip ?? 0);
      const cash = input.tendered == null ? null : D(input.tendered);
      if (cash && cash.lt(amount.add(tip))) throw new DomainError(400, TENDERED_TOO_LOW, { errors: { tendered: [TENDERED_TOO_LOW] } });

      // Hesaba yaz: the account is charged in this transaction (its limit checked under its lock).
      const charged =
        method === "house_account"
          ? await chargeToAccount(tx, actor, {
              accountId: input.account?.id ?? 0,
              amount,
              approved: input.account?.approved ?? false,
              tableNumber: table.number,
              orderIds: settlements.map((s) => s.orderId),
              note: null,
              key: payKey ?? `bill-${randomUUID()}`,
              now,
            })
          : null;
      const [bill] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO bill_payments (restaurantId, tableId, tableNumber, payKey, method, mealCard, amount, tip, tendered, result, takenById, takenByName, createdAt)
        VALUES (${actor.restaurantId}, ${table.id}, ${table.number}, ${payKey}, ${method}, ${card}, ${amount}, ${tip}, ${cash}, '', ${actor.userId},
          ${actor.name}, ${now})
        RETURNING id`;
      // One payments row per order touched; the tip and the cash on the last (as payOrders does):
      // tips go to that order's waiter, and the change is counted once. Sent together: the driver
      // runs them in the order sent, and the first to fail fails the transaction.
      const writes: Promise<number>[] = [];
      for (const [index, s] of settlements.entries()) {
        const last = index === settlements.length - 1;
        writes.push(tx.$executeRaw`
          INSERT INTO payments (restaurantId, orderId, billPaymentId, amount, method, mealCard, takenById, takenByName, paidAt, payKey, discountId,
            discountCode, discountAmount, serviceCharge, tip, tendered, linesAmount, closesOrder, houseAccountId)
          VALUES (${actor.restaurantId}, ${s.orderId}, ${bill!.id}, ${s.amount}, ${method}, ${card}, ${actor.userId}, ${actor.name}, ${now}, ${payKey},
            ${s.discount.gt(0) ? discount!.discountId : null}, ${s.discount.gt(0) ? discount!.code : null}, ${s.discount}, ${s.serviceCharge},
            ${last ? tip : 0}, ${cash === null ? null : last ? cash.sub(amount.sub(s.amount)) : s.amount}, ${s.lines}, ${s.closes},
            ${charged ? input.account!.id : null})`);
        writes.push(tx.$executeRaw`
          UPDATE orders SET paidLines = ${s.closes ? Prisma.sql`totalAmount` : Prisma.sql`paidLines + ${s.lines}`},
            status = ${s.closes ? "paid" : "active"}, paidAt = ${s.closes ? now : null}, updatedAt = ${now}
          WHERE id = ${s.orderId}`);
      }
      for (const u of itemUpdates) {
        writes.push(tx.$executeRaw`UPDATE order_items SET paidQuantity = paidQuantity + ${u.quantity} WHERE id = ${u.id}`);
      }
      await settleAll(writes);
      const closed = settlements.filter((s) => s.closes).map((s) => s.orderId);
      // What the bill owes now: what each order owes after this.
      const left = sumOf(
        open.map((o) => {
          const s = settlements.find((x) => x.orderId === o.orderId);
          return s ? dueOf(afterSettlement(o, s), rate) : dueOf(o, rate);
        }),
      );
      const stillOpen = orders.length - closed.length;
      // Only a table in service is freed: one being cleaned or out of order keeps that status.
      const freed = stillOpen === 0 && table.status === "occupied";
      const freeing = freed
        ? tx.$executeRaw`
          UPDATE tables SET status = 'empty', waiterName = NULL, customerCount = 0, seatedAt = NULL, updatedAt = ${now} WHERE id = ${table.id}`
        : null;
      const discountAmount = sumOf(settlements.map((s) => s.discount));
      const answer: TablePaymentResult = {
        payment_id: bill!.id,
        table_number: table.number,
        method,
        meal_card: card,
        ...(charged ? { house_account: { id: input.account!.id, name: charged.accountName, balance: toMoney(charged.balance) } } : {}),
        amount: toMoney(amount),
        service_charge: toMoney(sumOf(settlements.map((s) => s.serviceCharge))),
        discount_code: discount?.code ?? null,
        discount_amount: toMoney(discountAmount),
        tip: toMoney(tip),
        tendered: cash === null ? null : toMoney(cash),
        change: cash === null ? null : toMoney(cash.sub(amount).sub(tip)),
        orders: settlements.map((s) => ({ order_id: s.orderId, amount: toMoney(s.amount), paid: s.closes })),
        remaining: toMoney(left),
        table_freed: freed,
        paid_at: now.toISOString(),
      };
      const stored = tx.$executeRaw`UPDATE bill_payments SET result = ${JSON.stringify(answer)} WHERE id = ${bill!.id}`;
      const pushed = queuePaymentPush(tx, actor.restaurantId, {
        orderId: settlements[0]!.orderId,
        tableNumber: table.number,
        amount,
        paidWith: paidWithText(method, card),
        takenBy: actor.name,
        discountCode: discount?.code ?? null,
      });
      // Last, after the rows above are locked (decision 078): the amount only to who takes payments.
      const list: { type: LiveEventType; data: Record<string, unknown>; audience: "payments" | "floor" }[] = closed.map((orderId) => {
        const s = settlements.find((x) => x.orderId === orderId)!;
        return {
          type: "order.paid",
          data: {
            order_id: orderId,
            table_number: table.number,
            amount: toMoney(s.amount),
            method,
            meal_card: card,
            paid_with: paidWithText(method, card),
            table_freed: freed,
          },
          audience: "payments",
        };
      });
      // A part paid (or the table freed): the floor's owed amounts and the payments screens follow.
      list.push({
        type: "table.updated",
        // `payment`: the day's figures changed too (the manager panel loads them again).
        data: { table_id: table.id, number: table.number, status: freed ? "empty" : table.status, payment: true },
        audience: "floor",
      });
      await settleAll([freeing, stored, pushed]);
      events = await recordEvents(tx, actor.restaurantId, list, { pipelined: true });
      return answer;
    });
    publishEvents(events);
    return result;
  } catch (error) {
    // Two first tries with one key at once on two tables: the second answers as the first did.
    if (isUniqueViolation(error, "bill_payments_restaurantId_payKey_key")) {
      const replay = await replayOf(sqlQuery, actor.restaurantId, payKey);
      if (replay) return replay;
    }
    throw error;
  }
}

interface ChosenLine {
  id: number;
  orderId: number;
  name: string;
  quantity: number;
  paidQuantity: number;
  /** What one unit costs (0 for ikram). */
  unitValue: Prisma.Decimal;
  take: number;
  /** Units still unpaid after this payment. */
  leftAfter: number;
}

/** The chosen lines of the table's open orders, locked; a line not on them is 404, more than is unpaid 409. */
async function chosenLines(
  tx: SqlTx,
  orders: OpenOrder[],
  wanted: { order_item_id: number; quantity: number }[],
): Promise<(ChosenLine & { all: boolean })[]> {
  const ids = [...new Set(wanted.map((w) => w.order_item_id))];
  const rows = await tx.$queryRaw<
    { id: number; orderId: number; menuItemName: string; quantity: number; paidQuantity: number; totalPrice: Prisma.Decimal }[]
  >`
    SELECT id, orderId, menuItemName, quantity, paidQuantity, totalPrice FROM order_items
    WHERE orderId IN (${Prisma.join(orders.map((o) => o.id))}) ORDER BY id FOR UPDATE`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const take = new Map<number, number>();
  for (const w of wanted) take.set(w.order_item_id, (take.get(w.order_item_id) ?? 0) + w.quantity);
  const chosen: (ChosenLine & { all: boolean })[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw new DomainError(404, LINE_NOT_ON_BILL(id));
    const unpaid = row.quantity - row.paidQuantity;
    const n = take.get(id)!;
    if (n > unpaid) throw new DomainError(409, linePaid(row.menuItemName, unpaid));
    chosen.push({
      id,
      orderId: row.orderId,
      name: row.menuItemName,
      quantity: row.quantity,
      paidQuantity: row.paidQuantity,
      unitValue: D(row.totalPrice).div(row.quantity),
      take: n,
      leftAfter: unpaid - n,
      all: false,
    });
  }
  // Whether every unit of the order's lines is paid after this (its lines not chosen included).
  const after = new Map(chosen.map((c) => [c.id, c.leftAfter]));
  for (const c of chosen) {
    c.all = rows.filter((r) => r.orderId === c.orderId).every((r) => (after.get(r.id) ?? r.quantity - r.paidQuantity) === 0);
  }
  return chosen;
}

/** Every unit of the order's lines is paid once the chosen ones are. */
const everyLineTaken = (lines: (ChosenLine & { all: boolean })[], orderId: number) => lines.some((l) => l.orderId === orderId && l.all);
