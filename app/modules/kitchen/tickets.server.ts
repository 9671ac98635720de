// Kitchen tickets (decision 079). `syncTickets` runs inside the order's own transaction, under
// the table's lock, after the order's lines are written: what the change added goes out as one
// ticket per station ("EK" when the order was sent before), what it took away or made free is
// marked on the lines already sent (İPTAL, İKRAM) with an alert. A change is made once: the
// order writes replay a known key before they get here, and (orderId, orderVersion, stationId)
// is unique, so even a write that slipped past cannot make a second ticket.
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { can, type AccessSubject } from "~/modules/auth/roles";
import { publishEvents, recordEvents, type LiveEvent } from "~/modules/live/events.server";
import { prisma, sqlQuery, sqlTransaction, type SqlTx, type Tx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { chosenIds, optionKey, readChosen } from "~/utils/chosen-options";
import {
  KITCHEN_STATUSES,
  rank,
  SERVED_ONLY,
  STALE_BUMP,
  TICKET_ITEM_NOT_FOUND,
  TICKET_NOT_FOUND,
  ticketStatusOf,
  UNDO_EXPIRED,
  UNDO_WINDOW_MS,
  type KitchenStatus,
  type TicketDto,
} from "./tickets";

/** An order line after the change, as the kitchen needs it. */
export interface KitchenLine {
  menuItemId: number;
  name: string;
  quantity: number;
  complimentary: boolean;
  note: string | null;
  /** The chosen options as the order line stores them (JSON), or null. */
  options: string | null;
  stationId: number;
}

interface SentItem {
  id: number;
  ticketId: number;
  menuItemId: number | null;
  name: string;
  note: string | null;
  options: string | null;
  quantity: number;
  complimentary: number | boolean;
  status: KitchenStatus;
  statusChangedAt: Date | null;
}

/** What a change did to the kitchen, for the live events. */
export interface TicketChanges {
  created: { id: number; stationId: number }[];
  alerted: { id: number; stationId: number }[];
}

/** A plate for the kitchen: the item, its note and its options (by id: a renamed option is the same plate). */
const kitchenKey = (menuItemId: number | null, note: string | null, options: string | null) =>
  `${menuItemId ?? ""}\u0000${optionKey(chosenIds(options))}\u0000${note ?? ""}`;

/**
 * Brings the order's tickets in line with its lines after a change. `editable` are the menu
 * items the change could name (the order's lines before it, and after): lines of items deleted
 * from the menu since are left as they were sent.
 */
export async function syncTickets(
  tx: SqlTx,
  actor: Actor,
  order: { id: number; version: number; first: boolean },
  lines: KitchenLine[],
  editable: Set<number>,
  now: Date,
): Promise<TicketChanges> {
  const sent = order.first
    ? []
    : await tx.$queryRaw<SentItem[]>`
        SELECT i.id, i.ticketId, i.menuItemId, i.name, i.note, i.options, i.quantity, i.complimentary, i.status, i.statusChangedAt
        FROM kitchen_ticket_items i JOIN kitchen_tickets t ON t.id = i.ticketId
        WHERE t.orderId = ${order.id} AND i.voided = FALSE
        ORDER BY i.id DESC`;

  const want = new Map<string, { line: KitchenLine; paid: number; free: number }>();
  for (const l of lines) {
    const key = kitchenKey(l.menuItemId, l.note, l.options);
    const entry = want.get(key) ?? { line: l, paid: 0, free: 0 };
    if (l.complimentary) entry.free += l.quantity;
    else entry.paid += l.quantity;
    want.set(key, entry);
  }
  const have = new Map<string, SentItem[]>();
  for (const s of sent) {
    if (s.menuItemId === null || !editable.has(s.menuItemId)) continue;
    const key = kitchenKey(s.menuItemId, s.note, s.options);
    have.set(key, [...(have.get(key) ?? []), s]);
  }

  const added: KitchenLine[] = [];
  const alerted = new Set<number>();
  for (const key of new Set([...want.keys(), ...have.keys()])) {
    const w = want.get(key);
    const rows = have.get(key) ?? [];
    const paidRows = rows.filter((r) => !r.complimentary);
    const freeRows = rows.filter((r) => r.complimentary);
    let paid = sum(paidRows);
    let free = sum(freeRows);
    const wantPaid = w?.paid ?? 0;
    const wantFree = w?.free ?? 0;
    // Paid units made ikram: the lines already cooking are marked, not sent again.
    const comped = Math.min(Math.max(0, wantFree - free), Math.max(0, paid - wantPaid));
    if (comped > 0) {
      await markUnits(tx, paidRows, comped, "complimentary", alerted, now);
      paid -= comped;
      free += comped;
    }
    if (wantFree > free && w) added.push({ ...w.line, quantity: wantFree - free, complimentary: true });
    if (wantFree < free) await markUnits(tx, freeRows, free - wantFree, "voided", alerted, now);
    if (wantPaid > paid && w) added.push({ ...w.line, quantity: wantPaid - paid, complimentary: false });
    if (wantPaid < paid) await markUnits(tx, paidRows, paid - wantPaid, "voided", alerted, now);
  }

  const byStation = new Map<number, KitchenLine[]>();
  for (const l of added) byStation.set(l.stationId, [...(byStation.get(l.stationId) ?? []), l]);
  // Every station's ticket and its lines in one round trip (sent together, run in order): a
  // ticket's lines take its id from LAST_INSERT_ID(), the id the statement before made.
  const inserts: Promise<{ id: number; stationId: number }>[] = [];
  for (const [stationId, stationLines] of byStation) {
    const ticket = tx.$queryRaw<{ id: number | bigint }[]>`
      INSERT INTO kitchen_tickets (restaurantId, orderId, stationId, kind, orderVersion, sentById, sentByName, status, createdAt, updatedAt)
      VALUES (${actor.restaurantId}, ${order.id}, ${stationId}, ${order.first ? "new" : "addition"}, ${order.version},
        ${actor.userId}, ${actor.name.slice(0, 120)}, 'new', ${now}, ${now})
      RETURNING id`;
    const values = stationLines.map(
      (l) =>
        Prisma.sql`(${actor.restaurantId}, LAST_INSERT_ID(), ${l.menuItemId}, ${l.name}, ${l.quantity}, ${l.note}, ${l.options}, ${l.complimentary}, ${now})`,
    );
    const lines = tx.$executeRaw`
      INSERT INTO kitchen_ticket_items (restaurantId, ticketId, menuItemId, name, quantity, note, options, complimentary, createdAt)
      VALUES ${Prisma.join(values)}`;
    inserts.push(Promise.all([ticket, lines]).then(([[row]]) => ({ id: Number(row!.id), stationId })));
  }
  const created: TicketChanges["created"] = await Promise.all(inserts);

  const alertedTickets: TicketChanges["alerted"] = [];
  for (const ticketId of alerted) {
    await refreshTicket(tx, ticketId, now, { alert: true });
    const [t] = await tx.$queryRaw<{ stationId: number }[]>`SELECT stationId FROM kitchen_tickets WHERE id = ${ticketId}`;
    alertedTickets.push({ id: ticketId, stationId: t!.stationId });
  }
  return { created, alerted: alertedTickets };
}

const sum = (rows: { quantity: number }[]) => rows.reduce((n, r) => n + r.quantity, 0);

/** An order line as a move of lines names it (see moveTicketUnits). */
export interface MovedLine {
  menuItemId: number | null;
  note: string | null;
  options: string | null;
  complimentary: boolean;
  quantity: number;
}

/**
 * Order lines moved to another order (a guest changes table, issue 22): their units already sent
 * go, with their state and age, to tickets of that order, one per ticket they came from (kind,
 * station and the prints of its device copied: the kitchen does not cook or print them again). A
 * ticket left without lines goes. Returns the tickets changed or made, for the live events.
 */
export async function moveTicketUnits(
  tx: Tx,
  fromOrderId: number,
  toOrderId: number,
  lines: MovedLine[],
  now: Date,
): Promise<{ id: number; stationId: number }[]> {
  const sent = await tx.$queryRaw<SentItem[]>`
    SELECT i.id, i.ticketId, i.menuItemId, i.name, i.note, i.options, i.quantity, i.complimentary, i.status, i.statusChangedAt
    FROM kitchen_ticket_items i JOIN kitchen_tickets t ON t.id = i.ticketId
    WHERE t.orderId = ${fromOrderId} AND i.voided = FALSE
    ORDER BY i.id DESC`;
  const copies = new Map<number, number>();
  const touched = new Set<number>();
  for (const line of lines) {
    let left = line.quantity;
    const key = kitchenKey(line.menuItemId, line.note, line.options);
    for (const r of sent) {
      if (left === 0) break;
      if (r.quantity === 0 || Boolean(r.complimentary) !== line.complimentary || kitchenKey(r.menuItemId, r.note, r.options) !== key)
        continue;
      const take = Math.min(left, r.quantity);
      left -= take;
      const target = copies.get(r.ticketId) ?? (await copyTicket(tx, r.ticketId, toOrderId, now));
      copies.set(r.ticketId, target);
      if (take === r.quantity) {
        await tx.$executeRaw`UPDATE kitchen_ticket_items SET ticketId = ${target}, version = version + 1 WHERE id = ${r.id}`;
      } else {
        await tx.$executeRaw`UPDATE kitchen_ticket_items SET quantity = quantity - ${take}, version = version + 1 WHERE id = ${r.id}`;
        await tx.$executeRaw`
          INSERT INTO kitchen_ticket_items (restaurantId, ticketId, menuItemId, name, quantity, note, options, status, voided, complimentary, statusChangedAt, createdAt)
          SELECT restaurantId, ${target}, menuItemId, name, ${take}, note, options, status, FALSE, complimentary, statusChangedAt, createdAt
          FROM kitchen_ticket_items WHERE id = ${r.id}`;
      }
      r.quantity -= take;
      touched.add(r.ticketId);
      touched.add(target);
    }
  }
  const changed: { id: number; stationId: number }[] = [];
  for (const id of touched) {
    const [left] = await tx.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM kitchen_ticket_items WHERE ticketId = ${id}`;
    const [ticket] = await tx.$queryRaw<{ stationId: number }[]>`SELECT stationId FROM kitchen_tickets WHERE id = ${id}`;
    if (Number(left!.n) === 0) await tx.$executeRaw`DELETE FROM kitchen_tickets WHERE id = ${id}`;
    else await refreshTicket(tx, id, now, {});
    changed.push({ id, stationId: ticket!.stationId });
  }
  return changed;
}

/** A ticket's copy for another order (see moveTicketUnits), without lines, marked printed where the original was. */
async function copyTicket(tx: Tx, ticketId: number, orderId: number, now: Date): Promise<number> {
  await tx.$executeRaw`
    INSERT INTO kitchen_tickets (restaurantId, orderId, stationId, kind, orderVersion, sentById, sentByName, status, createdAt, updatedAt)
    SELECT restaurantId, ${orderId}, stationId, kind, orderVersion, sentById, sentByName, status, createdAt, ${now}
    FROM kitchen_tickets WHERE id = ${ticketId}`;
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`SELECT LAST_INSERT_ID() AS id`;
  const id = Number(row!.id);
  await tx.$executeRaw`
    INSERT INTO printed_tickets (deviceId, ticketId, printedAt) SELECT deviceId, ${id}, printedAt FROM printed_tickets WHERE ticketId = ${ticketId}`;
  return id;
}

/** The open tickets of these orders (a table moved: their screens show the new table). */
export async function openTicketsOf(tx: Tx, orderIds: number[]): Promise<{ id: number; stationId: number; orderId: number }[]> {
  if (orderIds.length === 0) return [];
  return tx.$queryRaw`
    SELECT id, stationId, orderId FROM kitchen_tickets WHERE orderId IN (${Prisma.join(orderIds)}) AND status <> 'served'`;
}

/**
 * Marks `units` of these sent lines (latest first) as voided or ikram, splitting a line when
 * only part of it goes: "3 × Adana" less one becomes "2 × Adana" and "1 × Adana İPTAL".
 */
async function markUnits(tx: SqlTx, rows: SentItem[], units: number, mark: "voided" | "complimentary", alerted: Set<number>, now: Date) {
  let left = units;
  for (const r of rows) {
    if (left === 0) break;
    const take = Math.min(left, r.quantity);
    left -= take;
    alerted.add(r.ticketId);
    if (take === r.quantity) {
      await tx.$executeRaw`
        UPDATE kitchen_ticket_items SET ${mark === "voided" ? Prisma.sql`voided = TRUE` : Prisma.sql`complimentary = TRUE`},
          version = version + 1 WHERE id = ${r.id}`;
    } else {
      await tx.$executeRaw`UPDATE kitchen_ticket_items SET quantity = quantity - ${take}, version = version + 1 WHERE id = ${r.id}`;
      await tx.$executeRaw`
        INSERT INTO kitchen_ticket_items (restaurantId, ticketId, menuItemId, name, quantity, note, options, status, voided, complimentary, statusChangedAt, createdAt)
        SELECT restaurantId, ticketId, menuItemId, name, ${take}, note, options, status, ${mark === "voided"}, ${mark === "complimentary" || Boolean(r.complimentary)},
          statusChangedAt, ${now}
        FROM kitchen_ticket_items WHERE id = ${r.id}`;
    }
    r.quantity -= take;
  }
}

/** Recomputes a ticket's state from its lines and raises its version (and sets or clears its alert). */
async function refreshTicket(
  tx: SqlTx,
  ticketId: number,
  now: Date,
  change: { alert?: boolean; clearAlert?: boolean; status?: KitchenStatus },
) {
  const [ticket] = await tx.$queryRaw<{ status: KitchenStatus }[]>`SELECT status FROM kitchen_tickets WHERE id = ${ticketId}`;
  const items = await tx.$queryRaw<{ status: KitchenStatus; voided: number | boolean }[]>`
    SELECT status, voided FROM kitchen_ticket_items WHERE ticketId = ${ticketId}`;
  const status = ticketStatusOf(
    items.map((i) => ({ status: i.status, voided: Boolean(i.voided) })),
    change.status ?? ticket!.status,
  );
  await setTicketState(tx, ticketId, now, status, change);
}

/** Writes a ticket's state (computed from its lines by the caller), raises its version, sets or clears its alert. */
function setTicketState(tx: SqlTx, ticketId: number, now: Date, status: KitchenStatus, change: { alert?: boolean; clearAlert?: boolean }) {
  return tx.$executeRaw`
    UPDATE kitchen_tickets SET status = ${status}, version = version + 1, updatedAt = ${now}
      ${change.alert ? Prisma.sql`, alertAt = ${now}` : change.clearAlert ? Prisma.sql`, alertAt = NULL` : Prisma.empty}
    WHERE id = ${ticketId}`;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface TicketFilter {
  stationId?: number | null;
  /**
   * One state, "open" (everything not served: the default), "recent" (open, and served within the
   * undo window: the kitchen screen) or "all" (served of the last 12 hours too).
   */
  status?: KitchenStatus | "open" | "recent" | "all";
}

interface TicketRow {
  id: number;
  orderId: number;
  stationId: number;
  stationName: string;
  kind: "new" | "addition";
  status: KitchenStatus;
  version: number;
  alertAt: Date | null;
  createdAt: Date;
  sentByName: string;
  tableNumber: number;
  tableLabel: string | null;
}

interface ItemRow {
  id: number;
  ticketId: number;
  name: string;
  quantity: number;
  note: string | null;
  options: string | null;
  status: KitchenStatus;
  voided: number | boolean;
  complimentary: number | boolean;
  version: number;
  statusChangedAt: Date | null;
}

const SERVED_WINDOW_HOURS = 12;

/** The restaurant's tickets, oldest first (served ones: last served first), with their lines. Another restaurant's station id finds none. */
export async function listTickets(restaurantId: number, filter: TicketFilter = {}, now = new Date()): Promise<TicketDto[]> {
  const status = filter.status ?? "open";
  const since = new Date(now.getTime() - SERVED_WINDOW_HOURS * 3600_000);
  const statusSql =
    status === "open"
      ? Prisma.sql`AND t.status <> 'served'`
      : status === "all" || status === "recent"
        ? Prisma.sql`AND (t.status <> 'served' OR t.updatedAt >= ${status === "all" ? since : new Date(now.getTime() - UNDO_WINDOW_MS)})`
        : status === "served"
          ? Prisma.sql`AND t.status = 'served' AND t.updatedAt >= ${since}`
          : Prisma.sql`AND t.status = ${status}`;
  // On the driver (decision 091): the kitchen screen reads this after each ticket event.
  const tickets = await sqlQuery.$queryRaw<TicketRow[]>`
    SELECT t.id, t.orderId, t.stationId, s.name AS stationName, t.kind, t.status, t.version, t.alertAt, t.createdAt,
      t.sentByName, o.tableNumber, c.displayName AS tableLabel
    FROM kitchen_tickets t
    JOIN stations s ON s.id = t.stationId
    JOIN orders o ON o.id = t.orderId
    LEFT JOIN table_configurations c ON c.tableId = o.tableId
    WHERE t.restaurantId = ${restaurantId} ${statusSql}
      ${filter.stationId ? Prisma.sql`AND t.stationId = ${filter.stationId}` : Prisma.empty}
    ${status === "served" ? Prisma.sql`ORDER BY t.updatedAt DESC, t.id DESC` : Prisma.sql`ORDER BY t.createdAt, t.id`}
    LIMIT 300`;
  return withItems(tickets);
}

export async function findTicket(restaurantId: number, id: number, db: SqlTx = sqlQuery): Promise<TicketDto | null> {
  const tickets = await db.$queryRaw<TicketRow[]>`
    SELECT t.id, t.orderId, t.stationId, s.name AS stationName, t.kind, t.status, t.version, t.alertAt, t.createdAt,
      t.sentByName, o.tableNumber, c.displayName AS tableLabel
    FROM kitchen_tickets t
    JOIN stations s ON s.id = t.stationId
    JOIN orders o ON o.id = t.orderId
    LEFT JOIN table_configurations c ON c.tableId = o.tableId
    WHERE t.restaurantId = ${restaurantId} AND t.id = ${id}`;
  return (await withItems(tickets, db))[0] ?? null;
}

async function withItems(tickets: TicketRow[], db: SqlTx = sqlQuery): Promise<TicketDto[]> {
  if (tickets.length === 0) return [];
  const items = await db.$queryRaw<ItemRow[]>`
    SELECT id, ticketId, name, quantity, note, options, status, voided, complimentary, version, statusChangedAt
    FROM kitchen_ticket_items WHERE ticketId IN (${Prisma.join(tickets.map((t) => t.id))}) ORDER BY id`;
  const lastBump = new Map<number, Date>();
  for (const i of items) {
    const at = i.statusChangedAt;
    if (at && (!lastBump.has(i.ticketId) || at > lastBump.get(i.ticketId)!)) lastBump.set(i.ticketId, at);
  }
  return tickets.map((t) => ({
    id: t.id,
    order_id: t.orderId,
    table_number: t.tableNumber,
    table_label: t.tableLabel,
    station: { id: t.stationId, name: t.stationName },
    status: t.status,
    kind: t.kind,
    created_at: t.createdAt.toISOString(),
    waiter_name: t.sentByName,
    alert_at: t.alertAt?.toISOString() ?? null,
    bumped_at: lastBump.get(t.id)?.toISOString() ?? null,
    version: t.version,
    items: items
      .filter((i) => i.ticketId === t.id)
      .map((i) => ({
        id: i.id,
        name: i.name,
        quantity: i.quantity,
        note: i.note,
        options: readChosen(i.options).map((o) => ({ group: o.group, name: o.name })),
        status: i.status,
        voided: Boolean(i.voided),
        complimentary: Boolean(i.complimentary),
        version: i.version,
      })),
  }));
}

// ---------------------------------------------------------------------------------------------
// Bumps

export interface BumpOutcome {
  ticket: TicketDto;
  /** Whether anything changed (a repeat of the same bump changes nothing). */
  changed: boolean;
  /** Lines that became ready with this bump: the waiter who sent them hears it. */
  ready: { sentById: number | null; tableNumber: number; names: string[]; itemIds: number[] } | null;
}

/**
 * Runs a bump in a transaction and, when it changed something, tells every screen: a
 * "ticket.updated" event written last in the transaction and published after the commit. Lines
 * that became ready carry who sent them: that waiter's phone says "Hazır". The transaction is the
 * bare driver's (as an order's, decision 093): a busy kitchen bumps more often than orders come.
 */
async function bumpAndTell(restaurantId: number, bump: (tx: SqlTx) => Promise<BumpOutcome>): Promise<BumpOutcome> {
  const events: LiveEvent[] = [];
  const outcome = await sqlTransaction(async (tx) => {
    const result = await bump(tx);
    if (result.changed) {
      const t = result.ticket;
      events.push(
        ...(await recordEvents(
          tx,
          restaurantId,
          [
            {
              type: "ticket.updated",
              data: {
                ticket_id: t.id,
                station_id: t.station.id,
                order_id: t.order_id,
                table_number: t.table_number,
                status: t.status,
                ...(result.ready
                  ? {
                      ready: {
                        sent_by_id: result.ready.sentById,
                        names: result.ready.names.slice(0, 20),
                        item_ids: result.ready.itemIds.slice(0, 20),
                      },
                    }
                  : {}),
              },
            },
          ],
          { pipelined: true },
        )),
      );
    }
    return result;
  });
  publishEvents(events);
  return outcome;
}

/** Who is bumping: the kitchen (any state) or a waiter (only ready → served). */
export type Bumper = "kitchen" | "waiter";

/** The session's part in bumping a line: the kitchen's (and a manager's), a waiter's, or none (403). */
export function bumperOf(subject: AccessSubject): Bumper {
  if (can(subject, "kitchen")) return "kitchen";
  if (can(subject, "orders")) return "waiter";
  throw new DomainError(403, "Bu işlem için yetkiniz yok.");
}

function assertMove(from: KitchenStatus, to: KitchenStatus, changedAt: Date | null, now: Date) {
  if (rank(to) >= rank(from)) return;
  // Going back is an undo: only within the window after the last change.
  if (!changedAt || now.getTime() - changedAt.getTime() > UNDO_WINDOW_MS) throw new DomainError(409, UNDO_EXPIRED);
}

/**
 * Moves every line of the ticket still on the order to `status` (a tap on the ticket). With a
 * `version` other than the ticket's, refused (409) unless the ticket is already there: a retry
 * after a lost answer is answered, not applied twice.
 */
export async function bumpTicket(
  restaurantId: number,
  id: number,
  to: KitchenStatus,
  version: number | null,
  now = new Date(),
): Promise<BumpOutcome> {
  return bumpAndTell(restaurantId, async (tx) => {
    // Sent together (the driver runs them in order: the ticket's lock, then its lines'). The lines are
    // reached through the ticket (by its primary key, then the lines' ticketId index): a filter on the
    // lines' restaurantId let the optimizer lock them through the restaurant's index, other tickets'
    // lines with them, and two bumps of one restaurant deadlocked.
    const [[t], items] = await Promise.all([
      tx.$queryRaw<{ id: number; status: KitchenStatus; version: number; updatedAt: Date; sentById: number | null }[]>`
        SELECT id, status, version, updatedAt, sentById FROM kitchen_tickets WHERE restaurantId = ${restaurantId} AND id = ${id} FOR UPDATE`,
      tx.$queryRaw<
        { id: number; name: string; quantity: number; status: KitchenStatus; voided: number | boolean; statusChangedAt: Date | null }[]
      >`
        SELECT i.id, i.name, i.quantity, i.status, i.voided, i.statusChangedAt
        FROM kitchen_tickets t JOIN kitchen_ticket_items i ON i.ticketId = t.id
        WHERE t.restaurantId = ${restaurantId} AND t.id = ${id} FOR UPDATE`,
    ]);
    if (!t) throw new DomainError(404, TICKET_NOT_FOUND);
    const live = items.filter((i) => !i.voided);
    const moving = live.filter((i) => i.status !== to);
    if (version !== null && version !== t.version) {
      if (t.status === to && moving.length === 0) return { ticket: (await findTicket(restaurantId, id, tx))!, changed: false, ready: null };
      throw new DomainError(409, STALE_BUMP, { version: t.version, status: t.status });
    }
    if (moving.length === 0 && t.status === to) {
      // Nothing to move, but a bump acknowledges an alert.
      await setTicketState(tx, id, now, to, { clearAlert: true });
      return { ticket: (await findTicket(restaurantId, id, tx))!, changed: true, ready: null };
    }
    for (const i of moving) assertMove(i.status, to, i.statusChangedAt, now);
    if (live.length === 0) assertMove(t.status, to, t.updatedAt, now);
    // Every live line is at `to` after this (the others are moving there), and so is the ticket.
    await Promise.all([
      moving.length > 0
        ? tx.$executeRaw`
            UPDATE kitchen_ticket_items SET status = ${to}, statusChangedAt = ${now}, version = version + 1
            WHERE id IN (${Prisma.join(moving.map((i) => i.id))})`
        : null,
      setTicketState(tx, id, now, to, { clearAlert: true }),
    ]);
    const ticket = (await findTicket(restaurantId, id, tx))!;
    const ready =
      to === "ready" && moving.length > 0
        ? { sentById: t.sentById, tableNumber: ticket.table_number, names: moving.map((i) => i.name), itemIds: moving.map((i) => i.id) }
        : null;
    return { ticket, changed: true, ready };
  });
}

/** Moves one line. A waiter may only mark a ready line served. */
export async function bumpTicketItem(
  restaurantId: number,
  itemId: number,
  to: KitchenStatus,
  version: number | null,
  by: Bumper,
  now = new Date(),
): Promise<BumpOutcome> {
  return bumpAndTell(restaurantId, async (tx) => {
    const [i] = await tx.$queryRaw<
      {
        id: number;
        ticketId: number;
        name: string;
        status: KitchenStatus;
        version: number;
        voided: number | boolean;
        statusChangedAt: Date | null;
        sentById: number | null;
      }[]
    >`
      SELECT i.id, i.ticketId, i.name, i.status, i.version, i.voided, i.statusChangedAt, t.sentById
      FROM kitchen_ticket_items i JOIN kitchen_tickets t ON t.id = i.ticketId
      WHERE i.restaurantId = ${restaurantId} AND t.restaurantId = ${restaurantId} AND i.id = ${itemId}
      FOR UPDATE`;
    if (!i) throw new DomainError(404, TICKET_ITEM_NOT_FOUND);
    if (by === "waiter" && !(to === "served" && (i.status === "ready" || i.status === "served"))) {
      throw new DomainError(403, SERVED_ONLY);
    }
    if (i.status === to) return { ticket: (await findTicket(restaurantId, i.ticketId, tx))!, changed: false, ready: null };
    if (version !== null && version !== i.version) throw new DomainError(409, STALE_BUMP, { version: i.version, status: i.status });
    if (i.voided) throw new DomainError(409, "Bu satır siparişten çıkarıldı (İPTAL).");
    assertMove(i.status, to, i.statusChangedAt, now);
    await tx.$executeRaw`
      UPDATE kitchen_ticket_items SET status = ${to}, statusChangedAt = ${now}, version = version + 1 WHERE id = ${itemId}`;
    await refreshTicket(tx, i.ticketId, now, by === "kitchen" ? { clearAlert: true } : {});
    const ticket = (await findTicket(restaurantId, i.ticketId, tx))!;
    return {
      ticket,
      changed: true,
      ready: to === "ready" ? { sentById: i.sentById, tableNumber: ticket.table_number, names: [i.name], itemIds: [i.id] } : null,
    };
  });
}

/** Whether a value is a kitchen state. */
export const isKitchenStatus = (v: unknown): v is KitchenStatus => (KITCHEN_STATUSES as readonly unknown[]).includes(v);

/** Tables (by id) of the restaurant with a line ready and not yet served: the waiters' tiles say "Hazır". */
export async function tablesWithReadyLines(restaurantId: number): Promise<Set<number>> {
  const rows = await sqlQuery.$queryRaw<{ tableId: number }[]>`
    SELECT DISTINCT o.tableId FROM kitchen_tickets t
    JOIN orders o ON o.id = t.orderId
    JOIN kitchen_ticket_items i ON i.ticketId = t.id
    WHERE t.restaurantId = ${restaurantId} AND t.status IN ('new', 'preparing', 'ready') AND o.status = 'active'
      AND i.status = 'ready' AND i.voided = FALSE`;
  return new Set(rows.map((r) => r.tableId));
}

/** When the restaurant's tickets turn amber and red, and whether its stations print them (the settings). */
export async function kitchenSettings(restaurantId: number) {
  const row = await prisma.restaurant.findUniqueOrThrow({
    where: { id: restaurantId },
    select: { kitchenAmberMinutes: true, kitchenRedMinutes: true, autoPrintOrders: true },
  });
  return { amberMinutes: row.kitchenAmberMinutes, redMinutes: row.kitchenRedMinutes, autoPrint: row.autoPrintOrders };
}

export interface ReadyLine {
  id: number;
  /** Its ticket: a ticket event concerns the list when it names one of these (readyListConcerned). */
  ticket_id: number;
  name: string;
  quantity: number;
  note: string | null;
  /** The chosen options' names ("Az pişmiş"): which plate it is. */
  options: string[];
  table_number: number;
}

/** Lines ready at a station and not yet served, of open orders, that this user sent: the waiter's "Hazır" list. */
export async function readyLinesOf(restaurantId: number, userId: number): Promise<ReadyLine[]> {
  // On the driver (decision 091): every phone of the restaurant reads it after a ticket event.
  const rows = await sqlQuery.$queryRaw<
    { id: number; ticketId: number; name: string; quantity: number; note: string | null; options: string | null; tableNumber: number }[]
  >`
    SELECT i.id, i.ticketId, i.name, i.quantity, i.note, i.options, o.tableNumber
    FROM kitchen_tickets t
    JOIN orders o ON o.id = t.orderId
    JOIN kitchen_ticket_items i ON i.ticketId = t.id
    WHERE t.restaurantId = ${restaurantId} AND t.sentById = ${userId} AND t.status IN ('new', 'preparing', 'ready')
      AND o.status = 'active' AND i.status = 'ready' AND i.voided = FALSE
    ORDER BY i.statusChangedAt, i.id
    LIMIT 50`;
  return rows.map((r) => ({
    id: r.id,
    ticket_id: r.ticketId,
    name: r.name,
    quantity: r.quantity,
    note: r.note,
    options: readChosen(r.options).map((o) => o.name),
    table_number: r.tableNumber,
  }));
}
