// Moving people and plates (issue 22, decision 084): a party to another table (masa taşıma), one
// table's bill into another's (birleştirme), and order lines to another table (a guest changes
// table). Each runs in one transaction under both tables' locks, taken in the order of their
// numbers so two opposite moves cannot deadlock; the orders' kitchen tickets follow (a ticket reads
// its table through its order; moved lines take their sent units along). A key makes a retry
// answer with the first result.
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { moveTicketUnits, openTicketsOf } from "~/modules/kitchen/tickets.server";
import { publishEvents, recordEvent, type LiveEvent } from "~/modules/live/events.server";
import { lockTable, type LockedTable } from "~/modules/tables/tables.server";
import { prisma, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { withLocative } from "~/modules/tables/labels";
import { MAX_GUESTS } from "./rules";

export type MoveKind = "move" | "merge" | "move_items";

export interface MoveResult {
  kind: MoveKind;
  from_table_number: number;
  to_table_number: number;
  /** The orders the move put on the target table (for moved lines: the order they start there). */
  order_ids: number[];
  /** Moved lines: what moved, by the source order's line ids. */
  moved_items?: { order_item_id: number; quantity: number }[];
  /** True when this answered a repeat of the move with the same key. */
  replayed?: boolean;
}

export const SAME_TABLE = "Bir masa kendisine taşınamaz; başka bir masa seçin.";
export const noOpenBill = (number: number) => `Masa ${withLocative(number)} açık hesap yok.`;
export const tableTaken = (number: number) => `Masa ${number} boş değil. İki masanın hesabını birleştirmek için "Birleştir"i kullanın.`;
export const mergeIntoEmpty = (number: number) => `Masa ${withLocative(number)} açık hesap yok; bu masaya taşımayı kullanın.`;
export const tableUnavailable = (number: number, status: string) =>
  `Masa ${number} ${status === "out_of_order" ? "servis dışı" : status === "cleaning" ? "temizleniyor" : "rezerve"}; oraya taşınamaz.`;
export const ITEM_NOT_ON_ORDER = (id: number) => `Bu siparişte böyle bir kalem yok (#${id}).`;
export const ORDER_NOT_OPEN = "Bu sipariş açık değil (ödenmiş ya da iptal); kalemleri taşınamaz.";
export const MOVE_ORDER_NOT_FOUND = "Sipariş bulunamadı.";

/** What a key already did, as it answered then. */
async function replayOf(db: Tx | typeof prisma, restaurantId: number, key: string | null): Promise<MoveResult | null> {
  if (!key) return null;
  const [row] = await db.$queryRaw<{ result: string }[]>`
    SELECT result FROM table_moves WHERE restaurantId = ${restaurantId} AND moveKey = ${key}`;
  return row ? { ...(JSON.parse(row.result) as MoveResult), replayed: true } : null;
}

/** Both tables locked, the lower number first (every move takes them in this order: no deadlock). */
async function lockBoth(tx: Tx, restaurantId: number, from: number, to: number): Promise<[LockedTable, LockedTable]> {
  if (from === to) throw new DomainError(400, SAME_TABLE, { errors: { to_table_number: [SAME_TABLE] } });
  const first = await lockTable(tx, restaurantId, Math.min(from, to));
  const second = await lockTable(tx, restaurantId, Math.max(from, to));
  return from < to ? [first, second] : [second, first];
}

/**
 * Runs a move once: the key is answered before the transaction and again once both tables are
 * locked (which serialises moves of the table: its first plain read comes after the locks, so it
 * sees what the previous holder committed), and a lost race on it answers the winner's result.
 */
async function once(
  actor: Actor,
  key: string | null,
  tables: { from: number; to: number },
  move: (tx: Tx, events: LiveEvent[], locked: [LockedTable, LockedTable]) => Promise<{ result: MoveResult; record: MoveRecord }>,
): Promise<MoveResult> {
  const seen = await replayOf(prisma, actor.restaurantId, key);
  if (seen) return seen;
  const events: LiveEvent[] = [];
  try {
    const result = await prisma.$transaction(async (tx) => {
      const locked = await lockBoth(tx, actor.restaurantId, tables.from, tables.to);
      const again = await replayOf(tx, actor.restaurantId, key);
      if (again) return again;
      const done = await move(tx, events, locked);
      await recordMove(tx, actor, key, done.result, done.record);
      return done.result;
    });
    if (!result.replayed) publishEvents(events);
    return result;
  } catch (error) {
    if (key && isUniqueViolation(error, "moveKey")) {
      const winner = await replayOf(prisma, actor.restaurantId, key);
      if (winner) return winner;
    }
    throw error;
  }
}

interface MoveRecord {
  from: LockedTable;
  to: LockedTable;
  orderIds: number[];
  summary: string | null;
}

async function recordMove(tx: Tx, actor: Actor, key: string | null, result: MoveResult, record: MoveRecord) {
  await tx.$executeRaw`
    INSERT INTO table_moves (restaurantId, kind, fromTableId, fromNumber, toTableId, toNumber, summary, result, moveKey, userId, userName, createdAt)
    VALUES (${actor.restaurantId}, ${result.kind}, ${record.from.id}, ${record.from.number}, ${record.to.id}, ${record.to.number},
      ${record.summary}, ${JSON.stringify(result)}, ${key}, ${actor.userId}, ${actor.name.slice(0, 120)}, ${new Date()})`;
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`SELECT LAST_INSERT_ID() AS id`;
  const moveId = Number(row!.id);
  await tx.$executeRaw`
    INSERT INTO table_move_orders (moveId, orderId) VALUES ${Prisma.join(record.orderIds.map((id) => Prisma.sql`(${moveId}, ${id})`))}`;
}

/**
 * Reads under the tables' locks are plain reads: every write to a table's orders and drafts takes
 * its table's lock first, so nothing here can change meanwhile, and a locking read of a range would
 * take gap locks that other restaurants' inserts share (sessions' and orders' ids are global):
 * two such transactions inserting into each other's gap deadlock.
 */
const activeOrders = (tx: Tx, restaurantId: number, tableId: number) =>
  tx.$queryRaw<{ id: number; version: number }[]>`
    SELECT id, version FROM orders WHERE restaurantId = ${restaurantId} AND tableId = ${tableId} AND status = 'active' ORDER BY id`;

/**
 * The unsent carts (no-JavaScript drafts) of the source table go with its orders; a session that
 * also has one on the target keeps that one (two carts of one session cannot share a table).
 */
async function carryDrafts(tx: Tx, from: LockedTable, to: LockedTable) {
  const drafts = await tx.$queryRaw<{ id: number; sessionId: number; tableId: number }[]>`
    SELECT id, sessionId, tableId FROM order_drafts WHERE tableId IN (${from.id}, ${to.id})`;
  const onTarget = new Set(drafts.filter((d) => d.tableId === to.id).map((d) => d.sessionId));
  const mine = drafts.filter((d) => d.tableId === from.id);
  const clash = mine.filter((d) => onTarget.has(d.sessionId)).map((d) => d.id);
  const carry = mine.filter((d) => !onTarget.has(d.sessionId)).map((d) => d.id);
  // By primary key: record locks only.
  if (clash.length > 0) await tx.$executeRaw`DELETE FROM order_drafts WHERE id IN (${Prisma.join(clash)})`;
  if (carry.length > 0) await tx.$executeRaw`UPDATE order_drafts SET tableId = ${to.id} WHERE id IN (${Prisma.join(carry)})`;
}

async function freeTable(tx: Tx, table: LockedTable, now: Date) {
  await tx.$executeRaw`
    UPDATE tables SET status = 'empty', waiterName = NULL, customerCount = 0, seatedAt = NULL, updatedAt = ${now} WHERE id = ${table.id}`;
}

/** The floor's grids, the payments screen and the kitchen hear of it (decision 078). */
async function tell(
  tx: Tx,
  restaurantId: number,
  events: LiveEvent[],
  tables: { table: LockedTable; status: string }[],
  orders: { id: number; tableNumber: number; version: number; created?: boolean }[],
  tickets: { id: number; stationId: number; orderId?: number }[],
  tableOfOrder: Map<number, number>,
) {
  for (const o of orders) {
    events.push(
      await recordEvent(tx, restaurantId, o.created ? "order.created" : "order.updated", {
        order_id: o.id,
        table_number: o.tableNumber,
        version: o.version,
      }),
    );
  }
  for (const t of tickets) {
    events.push(
      await recordEvent(tx, restaurantId, "ticket.updated", {
        ticket_id: t.id,
        station_id: t.stationId,
        order_id: t.orderId ?? null,
        table_number: t.orderId ? (tableOfOrder.get(t.orderId) ?? null) : null,
        moved: true,
      }),
    );
  }
  for (const { table, status } of tables) {
    events.push(await recordEvent(tx, restaurantId, "table.updated", { table_id: table.id, number: table.number, status }, "floor"));
  }
}

/**
 * Moves a table's open orders to another table: to an empty one (`move`; an occupied one is
 * refused with 409, merge is the way), or onto another table's open bill (`merge`). The source
 * table is left empty; the target gets the party (its waiter and guests; a merge adds the guests).
 */
export async function moveTable(
  actor: Actor,
  fromNumber: number,
  toNumber: number,
  kind: "move" | "merge",
  key: string | null,
): Promise<MoveResult> {
  return once(actor, key, { from: fromNumber, to: toNumber }, async (tx, events, [from, to]) => {
    const now = new Date();
    const orders = await activeOrders(tx, actor.restaurantId, from.id);
    if (orders.length === 0) throw new DomainError(409, noOpenBill(from.number));
    const target = await activeOrders(tx, actor.restaurantId, to.id);
    if (kind === "move") {
      if (target.length > 0 || to.status === "occupied") throw new DomainError(409, tableTaken(to.number), { field: "to_table_number" });
      if (to.status !== "empty") throw new DomainError(409, tableUnavailable(to.number, to.status), { field: "to_table_number" });
    } else if (target.length === 0) {
      throw new DomainError(409, mergeIntoEmpty(to.number), { field: "into_table_number" });
    }
    // The seating's bill goes along: its open orders, and those its parts already paid (decision 086).
    const [seat] = await tx.$queryRaw<{ seatedAt: Date | null }[]>`SELECT seatedAt FROM tables WHERE id = ${from.id}`;
    const seatedAt = seat?.seatedAt ?? now;
    await tx.$executeRaw`
      UPDATE orders SET tableId = ${to.id}, tableNumber = ${to.number}, version = version + 1, updatedAt = ${now}
      WHERE restaurantId = ${actor.restaurantId} AND tableId = ${from.id}
        AND (status = 'active' OR (status = 'paid' AND paidAt >= ${seatedAt}))`;
    await carryDrafts(tx, from, to);
    const guests = kind === "move" ? Math.max(from.customerCount, 1) : Math.min(MAX_GUESTS, to.customerCount + from.customerCount);
    // The target's seating is the earlier of the two (a merge joins two bills into one).
    await tx.$executeRaw`
      UPDATE tables SET seatedAt = ${kind === "move" ? seatedAt : Prisma.sql`LEAST(COALESCE(seatedAt, ${seatedAt}), ${seatedAt})`},
        status = 'occupied', waiterName = ${kind === "move" ? from.waiterName : (to.waiterName ?? from.waiterName)},
        customerCount = ${guests}, updatedAt = ${now}
      WHERE id = ${to.id}`;
    await freeTable(tx, from, now);
    const ids = orders.map((o) => o.id);
    await tell(
      tx,
      actor.restaurantId,
      events,
      [
        { table: from, status: "empty" },
        { table: to, status: "occupied" },
      ],
      orders.map((o) => ({ id: o.id, tableNumber: to.number, version: o.version + 1 })),
      await openTicketsOf(tx, ids),
      new Map(ids.map((id) => [id, to.number])),
    );
    return {
      result: { kind, from_table_number: from.number, to_table_number: to.number, order_ids: ids },
      record: { from, to, orderIds: ids, summary: null },
    };
  });
}

interface LineRow {
  id: number;
  menuItemId: number | null;
  menuItemName: string;
  quantity: number;
  unitPrice: Prisma.Decimal;
  complimentary: number | boolean;
  note: string | null;
  options: string | null;
  /** Units paid at the table already (decision 086): they stay with the bill they were paid on. */
  paidQuantity: number;
}

export const linePaidHere = (name: string, unpaid: number) =>
  unpaid === 0 ? `“${name}” ödendi; taşınamaz.` : `“${name}” satırının ödenmemiş ${unpaid} adedi taşınabilir; ödenenler bu masada kalır.`;
export const PAID_PART_STAYS = "Bu siparişin ödenen kısmı bu masada kalmalı; ödenmemiş kalemleri taşıyın ya da masayı taşıyın.";

/**
 * Moves some units of an order's lines to another table (a guest changes table): they start a new
 * order there, at the prices they were sold at, with their notes and options, and their sent units
 * go along on the kitchen's tickets. The source order keeps the rest (an order left with nothing is
 * cancelled, and a table left without open orders is freed). The target may be empty or occupied.
 */
export async function moveItems(
  actor: Actor,
  orderId: number,
  items: { order_item_id: number; quantity: number }[],
  toNumber: number,
  key: string | null,
): Promise<MoveResult> {
  const wanted = new Map<number, number>();
  for (const i of items) wanted.set(i.order_item_id, (wanted.get(i.order_item_id) ?? 0) + i.quantity);
  for (let attempt = 1; ; attempt++) {
    const [source] = await prisma.$queryRaw<{ tableNumber: number }[]>`
      SELECT tableNumber FROM orders WHERE id = ${orderId} AND restaurantId = ${actor.restaurantId}`;
    if (!source) throw new DomainError(404, MOVE_ORDER_NOT_FOUND);
    try {
      return await once(actor, key, { from: source.tableNumber, to: toNumber }, async (tx, events, [from, to]) => {
        const now = new Date();
        const [order] = await tx.$queryRaw<
          {
            id: number;
            tableId: number;
            status: string;
            waiterName: string;
            createdById: number | null;
            version: number;
            paidLines: Prisma.Decimal;
          }[]
        >`
          SELECT id, tableId, status, waiterName, createdById, version, paidLines FROM orders
          WHERE id = ${orderId} AND restaurantId = ${actor.restaurantId} FOR UPDATE`;
        if (!order) throw new DomainError(404, MOVE_ORDER_NOT_FOUND);
        // Moved to another table between the lookup and the lock: look again.
        if (order.tableId !== from.id) throw new Relocated();
        if (order.status !== "active") throw new DomainError(409, ORDER_NOT_OPEN);
        if (to.status === "out_of_order" || to.status === "cleaning") {
          throw new DomainError(409, tableUnavailable(to.number, to.status), { field: "to_table_number" });
        }
        const lines = await tx.$queryRaw<LineRow[]>`
          SELECT id, menuItemId, menuItemName, quantity, unitPrice, complimentary, note, options, paidQuantity
          FROM order_items WHERE orderId = ${order.id} ORDER BY id`;
        const moving = [...wanted].map(([id, quantity]) => {
          const line = lines.find((l) => l.id === id);
          if (!line) throw new DomainError(404, ITEM_NOT_ON_ORDER(id), { order_item_id: id });
          if (quantity > line.quantity) {
            throw new DomainError(400, `“${line.menuItemName}” satırından en fazla ${line.quantity} adet taşınabilir.`, {
              order_item_id: id,
            });
          }
          if (quantity > line.quantity - line.paidQuantity) {
            throw new DomainError(409, linePaidHere(line.menuItemName, line.quantity - line.paidQuantity), { order_item_id: id });
          }
          return { line, quantity };
        });

        // The new order on the target table, at the prices sold.
        const amount = (l: LineRow, q: number) => new Prisma.Decimal(l.unitPrice).mul(q);
        const total = moving.reduce((sum, m) => (m.line.complimentary ? sum : sum.add(amount(m.line, m.quantity))), new Prisma.Decimal(0));
        await tx.$executeRaw`
          INSERT INTO orders (restaurantId, tableId, tableNumber, waiterName, createdById, status, totalAmount, createdAt, updatedAt)
          VALUES (${actor.restaurantId}, ${to.id}, ${to.number}, ${order.waiterName}, ${order.createdById}, 'active', ${total}, ${now}, ${now})`;
        const [inserted] = await tx.$queryRaw<{ id: bigint }[]>`SELECT LAST_INSERT_ID() AS id`;
        const newId = Number(inserted!.id);
        await tx.$executeRaw`
          INSERT INTO order_items (orderId, menuItemId, menuItemName, quantity, unitPrice, totalPrice, discountApplied, complimentary, note, options, createdAt)
          VALUES ${Prisma.join(
            moving.map(({ line: l, quantity: q }) => {
              const full = amount(l, q);
              const free = Boolean(l.complimentary);
              return Prisma.sql`(${newId}, ${l.menuItemId}, ${l.menuItemName}, ${q}, ${l.unitPrice}, ${free ? 0 : full}, ${free ? full : 0},
                ${free}, ${l.note}, ${l.options}, ${now})`;
            }),
          )}`;

        // What stays on the source order.
        for (const { line: l, quantity: q } of moving) {
          const rest = l.quantity - q;
          if (rest === 0) {
            await tx.$executeRaw`DELETE FROM order_items WHERE id = ${l.id}`;
          } else {
            const full = amount(l, rest);
            await tx.$executeRaw`
              UPDATE order_items SET quantity = ${rest}, totalPrice = ${l.complimentary ? 0 : full}, discountApplied = ${l.complimentary ? full : 0}
              WHERE id = ${l.id}`;
          }
        }
        const [left] = await tx.$queryRaw<{ n: bigint; total: Prisma.Decimal | null }[]>`
          SELECT COUNT(*) AS n, SUM(totalPrice) AS total FROM order_items WHERE orderId = ${order.id}`;
        // What was paid of the order (a part paid by amount) must still be on it.
        if (new Prisma.Decimal(left!.total ?? 0).lt(order.paidLines)) throw new DomainError(409, PAID_PART_STAYS);
        const emptied = Number(left!.n) === 0;
        await tx.$executeRaw`
          UPDATE orders SET totalAmount = ${left!.total ?? 0}, version = version + 1, updatedAt = ${now}
            ${emptied ? Prisma.sql`, status = 'cancelled'` : Prisma.empty}
          WHERE id = ${order.id}`;

        const tickets = await moveTicketUnits(
          tx,
          order.id,
          newId,
          moving.map(({ line: l, quantity }) => ({
            menuItemId: l.menuItemId,
            note: l.note,
            options: l.options,
            complimentary: Boolean(l.complimentary),
            quantity,
          })),
          now,
        );

        // The target is taken now; the source is free when nothing is left open on it.
        await tx.$executeRaw`
          UPDATE tables SET seatedAt = IF(status = 'occupied' AND seatedAt IS NOT NULL, seatedAt, ${now}), status = 'occupied', waiterName = COALESCE(waiterName, ${order.waiterName}),
            customerCount = GREATEST(customerCount, 1), updatedAt = ${now}
          WHERE id = ${to.id}`;
        const stillOpen = await activeOrders(tx, actor.restaurantId, from.id);
        if (stillOpen.length === 0 && from.status === "occupied") await freeTable(tx, from, now);
        const ticketOrders = await tx.$queryRaw<{ id: number; orderId: number }[]>`
          SELECT id, orderId FROM kitchen_tickets WHERE orderId IN (${order.id}, ${newId})`;
        const orderOfTicket = new Map(ticketOrders.map((t) => [t.id, t.orderId]));
        await tell(
          tx,
          actor.restaurantId,
          events,
          [
            { table: from, status: stillOpen.length === 0 && from.status === "occupied" ? "empty" : from.status },
            { table: to, status: "occupied" },
          ],
          [
            { id: order.id, tableNumber: from.number, version: order.version + 1 },
            { id: newId, tableNumber: to.number, version: 1, created: true },
          ],
          tickets.map((t) => ({ ...t, orderId: orderOfTicket.get(t.id) })),
          new Map([
            [order.id, from.number],
            [newId, to.number],
          ]),
        );
        const summary = moving.map(({ line, quantity }) => `${quantity} × ${line.menuItemName}`).join(", ");
        return {
          result: {
            kind: "move_items",
            from_table_number: from.number,
            to_table_number: to.number,
            order_ids: [newId],
            moved_items: moving.map(({ line, quantity }) => ({ order_item_id: line.id, quantity })),
          },
          record: { from, to, orderIds: [order.id, newId], summary: summary.slice(0, 1000) },
        };
      });
    } catch (error) {
      if (!(error instanceof Relocated) || attempt >= 5) throw error;
    }
  }
}

/** The order moved to another table between the lookup and the lock. */
class Relocated extends Error {}

export interface MoveHistoryDto {
  id: number;
  kind: MoveKind;
  from_table_number: number;
  to_table_number: number;
  summary: string | null;
  user_name: string;
  created_at: string;
  order_ids: number[];
}

/** The moves that carried these orders, oldest first (the order history). */
export async function movesOf(restaurantId: number, orderIds: number[]): Promise<MoveHistoryDto[]> {
  if (orderIds.length === 0) return [];
  const rows = await prisma.tableMove.findMany({
    where: { restaurantId, orders: { some: { orderId: { in: orderIds } } } },
    include: { orders: { select: { orderId: true } } },
    orderBy: { id: "asc" },
    take: 100,
  });
  return rows.map((m) => ({
    id: m.id,
    kind: m.kind,
    from_table_number: m.fromNumber,
    to_table_number: m.toNumber,
    summary: m.summary,
    user_name: m.userName,
    created_at: m.createdAt.toISOString(),
    order_ids: m.orders.map((o) => o.orderId),
  }));
}
