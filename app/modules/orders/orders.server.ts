// Orders: prices and totals always come from the menu in the database; a
// client's prices are never read. Every multi-row write is one transaction.
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { syncTickets, type TicketChanges } from "~/modules/kitchen/tickets.server";
import { publishEvents, recordEvents as recordLiveEvents, type LiveEvent, type LiveEventType } from "~/modules/live/events.server";
import { optionKey, readChosen, type ChosenOption } from "~/modules/menu/options";
import { chooseOptions, optionGroupsForItems } from "~/modules/menu/options.server";
import { queueOrderPush, wantsOrderPush } from "~/modules/notifications/alerts.server";
import { findTable, lockTable, type LockedTable } from "~/modules/tables/tables.server";
import { prisma, sqlTransaction, type SqlTx, type Transaction } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import type { Approval } from "./approval.server";
import { takeAwayOf } from "./cart";
import { APPROVAL_NEEDED, NOTE_NEEDED, REASON_NEEDED } from "./rules";
import { QUANTITY_RANGE, type CreateOrderInput, type OrderLine, type UpdateOrderInput } from "./schemas";

const orderInclude = { items: { orderBy: { id: "asc" } } } as const satisfies Prisma.OrderInclude;
type OrderWithItems = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

export interface OrderDto {
  id: number;
  table_number: number;
  waiter_name: string;
  status: string;
  total_amount: number;
  client_order_id: string | null;
  /** Raised by every edit; send it back as base_version so a stale edit is refused. */
  version: number;
  created_at: string;
  items: {
    id: number;
    menu_item_id: number | null;
    menu_item_name: string;
    quantity: number;
    unit_price: number;
    total_price: number;
    discount_applied: number;
    /** Ikram: on the order at price 0 (the menu price is in discount_applied). */
    complimentary: boolean;
    /** The waiter's note for the kitchen (up to 140 characters), or null. */
    note: string | null;
    /** The chosen options as they were when ordered, in the groups' order (decision 082); their price differences are in unit_price. */
    options: ChosenOption[];
  }[];
}

export function orderDto(o: OrderWithItems): OrderDto {
  return {
    id: o.id,
    table_number: o.tableNumber,
    waiter_name: o.waiterName,
    status: o.status,
    total_amount: toMoney(o.totalAmount),
    client_order_id: o.clientOrderId,
    version: o.version,
    created_at: o.createdAt.toISOString(),
    items: o.items.map((i) => ({
      id: i.id,
      menu_item_id: i.menuItemId,
      menu_item_name: i.menuItemName,
      quantity: i.quantity,
      unit_price: toMoney(i.unitPrice),
      total_price: toMoney(i.totalPrice),
      discount_applied: toMoney(i.discountApplied),
      complimentary: i.complimentary,
      note: i.note,
      options: readChosen(i.options),
    })),
  };
}

// The write paths below are parameterised SQL ($queryRaw/$executeRaw tagged
// templates) rather than Prisma's model API: an order is the hottest write and
// each model call costs 0.5-1.4 ms of CPU against about 0.3 ms for raw SQL
// (docs/decisions/010-sql-on-hot-paths.md). The drift test keeps the column
// names honest and the integration suite covers every path.

interface PricedLine {
  menuItemId: number;
  menuItemName: string;
  quantity: number;
  unitPrice: Prisma.Decimal;
  totalPrice: Prisma.Decimal;
  /** Ikram lines are on the order at 0; their menu price is kept as the discount. */
  complimentary: boolean;
  discountApplied: Prisma.Decimal;
  note: string | null;
  /** The chosen options as stored (JSON of ChosenOption[]), or null. */
  options: string | null;
  /** Where its category is prepared. */
  stationId: number;
}

/**
 * Lines are merged per menu item, paid and ikram apart, per note and per options (a different
 * note or choice is a different plate).
 */
const lineKey = (id: number, complimentary: boolean, note: string | null, options: readonly number[]) =>
  `${id}:${complimentary ? 1 : 0}:${optionKey(options)}:${note ?? ""}`;

/**
 * Merges repeated items (paid and ikram apart), then prices every line from the restaurant's menu.
 * A sold-out item, or one of a hidden category, is refused, except up to the units the order
 * already had (`alreadySent`): an edit of an order must not fail because one of its dishes has
 * since sold out.
 */
async function priceLines(tx: SqlTx, restaurantId: number, lines: OrderLine[], alreadySent = new Map<number, number>()) {
  const quantities = new Map<string, { id: number; complimentary: boolean; note: string | null; options: number[]; quantity: number }>();
  const perItem = new Map<number, number>();
  for (const line of lines) {
    const complimentary = line.complimentary === true;
    const note = line.note || null;
    const options = line.options ?? [];
    const key = lineKey(line.menu_item_id, complimentary, note, options);
    const entry = quantities.get(key) ?? { id: line.menu_item_id, complimentary, note, options, quantity: 0 };
    entry.quantity += line.quantity;
    quantities.set(key, entry);
    perItem.set(line.menu_item_id, (perItem.get(line.menu_item_id) ?? 0) + line.quantity);
  }
  for (const q of perItem.values()) if (q > 99) throw new DomainError(400, QUANTITY_RANGE);

  // The option groups of the items whose lines chose any: no query for an order without options.
  const withOptions = [...new Set([...quantities.values()].filter((q) => q.options.length > 0).map((q) => q.id))];
  // Both reads at once (one round trip on the driver). An item of a hidden category is not sold, like a sold-out one (decision 068).
  const [menu, groups] = await Promise.all([
    tx.$queryRaw<{ id: number; name: string; price: Prisma.Decimal; available: number | boolean; stationId: number }[]>`
      SELECT m.id, m.name, m.price, (m.available AND NOT c.hidden) AS available, c.stationId
      FROM menu_items m JOIN menu_categories c ON c.restaurantId = m.restaurantId AND c.\`key\` = m.category
      WHERE m.restaurantId = ${restaurantId} AND m.id IN (${Prisma.join([...perItem.keys()])})`,
    optionGroupsForItems(tx, restaurantId, withOptions),
  ]);
  const priced: PricedLine[] = [...quantities.values()].map(({ id, complimentary, note, options, quantity }) => {
    const item = menu.find((m) => m.id === id);
    if (!item) throw new DomainError(404, `Menüde böyle bir ürün yok (#${id}).`, { menu_item_id: id });
    if (!item.available && perItem.get(id)! > (alreadySent.get(id) ?? 0)) {
      throw new DomainError(409, `“${item.name}” şu anda satışta değil.`, { menu_item_id: id });
    }
    const { chosen, unitPrice } = chooseOptions(item, groups.get(id) ?? [], options);
    const full = unitPrice.mul(quantity);
    return {
      menuItemId: item.id,
      menuItemName: item.name,
      quantity,
      unitPrice,
      totalPrice: complimentary ? new Prisma.Decimal(0) : full,
      complimentary,
      discountApplied: complimentary ? full : new Prisma.Decimal(0),
      note,
      options: chosen.length > 0 ? JSON.stringify(chosen) : null,
      stationId: item.stationId,
    };
  });
  const total = priced.reduce((sum, l) => sum.add(l.totalPrice), new Prisma.Decimal(0));
  return { lines: priced, total };
}

/** Inserts the order's lines; returns their ids, in the order of `lines`. */
async function insertItems(tx: SqlTx, orderId: number, lines: PricedLine[], now: Date): Promise<number[]> {
  if (lines.length === 0) return [];
  const rows = lines.map(
    (l) =>
      Prisma.sql`(${orderId}, ${l.menuItemId}, ${l.menuItemName}, ${l.quantity}, ${l.unitPrice}, ${l.totalPrice}, ${l.discountApplied}, ${l.complimentary}, ${l.note}, ${l.options}, ${now})`,
  );
  const ids = await tx.$queryRaw<{ id: number | bigint }[]>`
    INSERT INTO order_items (orderId, menuItemId, menuItemName, quantity, unitPrice, totalPrice, discountApplied, complimentary, note, options, createdAt)
    VALUES ${Prisma.join(rows)}
    RETURNING id`;
  // One statement's rows come back in the order inserted; sorted all the same, ids grow with it.
  return ids.map((r) => Number(r.id)).sort((a, b) => a - b);
}

interface ItemRow {
  id: number;
  menuItemId: number | null;
  menuItemName: string;
  quantity: number;
  unitPrice: Prisma.Decimal;
  totalPrice: Prisma.Decimal;
  discountApplied: Prisma.Decimal;
  complimentary: number | boolean;
  note: string | null;
  options: string | null;
}

/** The order's DTO from its row's values and its items as stored. */
async function dtoWithStoredItems(
  tx: SqlTx,
  order: Omit<OrderWithItems, "items" | "restaurantId" | "tableId" | "createdById" | "updatedAt" | "paidAt" | "paidLines" | "guests">,
) {
  const items = await tx.$queryRaw<ItemRow[]>`
    SELECT id, menuItemId, menuItemName, quantity, unitPrice, totalPrice, discountApplied, complimentary, note, options
    FROM order_items WHERE orderId = ${order.id} ORDER BY id`;
  return {
    id: order.id,
    table_number: order.tableNumber,
    waiter_name: order.waiterName,
    status: order.status,
    total_amount: toMoney(new Prisma.Decimal(order.totalAmount)),
    client_order_id: order.clientOrderId,
    version: order.version,
    created_at: order.createdAt.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      menu_item_id: i.menuItemId,
      menu_item_name: i.menuItemName,
      quantity: i.quantity,
      unit_price: toMoney(new Prisma.Decimal(i.unitPrice)),
      total_price: toMoney(new Prisma.Decimal(i.totalPrice)),
      discount_applied: toMoney(new Prisma.Decimal(i.discountApplied)),
      complimentary: Boolean(i.complimentary),
      note: i.note,
      options: readChosen(i.options),
    })),
  } satisfies OrderDto;
}

function kitchenLines(lines: PricedLine[]) {
  return lines.map((l) => ({
    menuItemId: l.menuItemId,
    name: l.menuItemName,
    quantity: l.quantity,
    complimentary: l.complimentary,
    note: l.note,
    options: l.options,
    stationId: l.stationId,
  }));
}

async function occupyTable(tx: SqlTx, table: { id: number }, actor: Actor, now: Date, guests: number | null = null) {
  // The guest count the waiter gave for a new table; else keep one the manager set (an empty table gets one guest).
  // A new seating starts when the table was not occupied (seatedAt first: SET reads the row as it goes).
  await tx.$executeRaw`
    UPDATE tables SET seatedAt = IF(status = 'occupied' AND seatedAt IS NOT NULL, seatedAt, ${now}), status = 'occupied', waiterName = ${actor.name},
      customerCount = ${guests === null ? Prisma.sql`GREATEST(customerCount, 1)` : Prisma.sql`${guests}`}, updatedAt = ${now}
    WHERE id = ${table.id}`;
  // Saving the cart ends the no-JavaScript draft of this session and table (its items cascade).
  if (actor.sessionId) await tx.$executeRaw`DELETE FROM order_drafts WHERE sessionId = ${actor.sessionId} AND tableId = ${table.id}`;
}

function assertTableTakesOrders(table: { number: number; status: string }) {
  if (table.status === "out_of_order") throw new DomainError(409, `Masa ${table.number} servis dışı; sipariş alınamaz.`);
}

/**
 * Inserts a new order on a table already locked by this transaction and sets the table occupied.
 * On the bare driver (writeOnce) in four round trips: the menu, options and push setting together;
 * the order; its lines, tickets, table, draft and push job together; its live events.
 */
export async function insertOrder(
  tx: SqlTx,
  actor: Actor,
  table: LockedTable,
  items: OrderLine[],
  key: string | null,
  now: Date,
  approval: Approval | null = null,
  guests: number | null = null,
): Promise<OrderDto> {
  assertTableTakesOrders(table);
  const pushWanted = wantsOrderPush(tx, actor.restaurantId);
  pushWanted.catch(() => {});
  const { lines, total } = await priceLines(tx, actor.restaurantId, items);
  // Ikram on a new order is a gift like any other: approved, with a reason, in the history.
  const gifts = takeAwayEvents([], lines);
  assertApproved(gifts, approval);
  // The guests count once per seating, on the order that opened the table (the day's covers, decision 088).
  const seated = table.status === "occupied" ? null : (guests ?? 1);
  const [inserted] = await tx.$queryRaw<{ id: number | bigint }[]>`
    INSERT INTO orders (restaurantId, tableId, tableNumber, waiterName, createdById, status, totalAmount, clientOrderId, createdAt, updatedAt, guests)
    VALUES (${actor.restaurantId}, ${table.id}, ${table.number}, ${actor.name}, ${actor.userId}, 'active', ${total}, ${key}, ${now}, ${now}, ${seated})
    RETURNING id`;
  const orderId = Number(inserted!.id);
  // Everything that needs only the order's id, sent together.
  const [itemIds, tickets] = await Promise.all([
    insertItems(tx, orderId, lines, now),
    syncTickets(tx, actor, { id: orderId, version: 1, first: true }, kitchenLines(lines), new Set(), now),
    recordEvents(tx, actor, { id: orderId, tableNumber: table.number }, gifts, approval, now),
    occupyTable(tx, table, actor, now, guests),
    // The owner's devices hear of it when they asked to (decision 065); a replay never gets here.
    queueOrderPush(
      tx,
      actor.restaurantId,
      {
        id: orderId,
        tableNumber: table.number,
        total,
        waiterName: actor.name,
        lines: lines.map((l) => ({ name: l.menuItemName, quantity: l.quantity })),
      },
      pushWanted,
    ),
  ]);
  await emitOrderEvents(tx, actor.restaurantId, "order.created", { id: orderId, tableNumber: table.number, version: 1 }, tickets);
  // The answer from what was written: the lines' ids came back with their insert (no re-read).
  return {
    id: orderId,
    table_number: table.number,
    waiter_name: actor.name,
    status: "active",
    total_amount: toMoney(total),
    client_order_id: key,
    version: 1,
    created_at: now.toISOString(),
    items: lines.map((l, i) => ({
      id: itemIds[i]!,
      menu_item_id: l.menuItemId,
      menu_item_name: l.menuItemName,
      quantity: l.quantity,
      unit_price: toMoney(l.unitPrice),
      total_price: toMoney(l.totalPrice),
      discount_applied: toMoney(l.discountApplied),
      complimentary: l.complimentary,
      note: l.note,
      options: readChosen(l.options),
    })),
  };
}

/**
 * Creates an order and sets its table occupied. With a client order id, a
 * repeat (an offline replay whose first answer was lost) returns the first
 * order and creates nothing.
 */
export async function createOrder(
  actor: Actor,
  input: CreateOrderInput,
  now = new Date(),
  approval: Approval | null = null,
  transaction: Transaction = sqlTransaction,
): Promise<WriteOutcome> {
  const key = input.client_order_id ?? null;
  return writeOnce(
    actor.restaurantId,
    input.table_number,
    key,
    async (tx, table) => ({
      order: await insertOrder(tx, actor, table, input.items, key, now, approval, input.customer_count ?? null),
      replayed: false,
    }),
    transaction,
  );
}

export interface WriteOutcome {
  order: OrderDto;
  /** True when the key had already done this write: nothing changed, the order is as that write left it. */
  replayed: boolean;
}

/**
 * Every write to a table's orders that carries an idempotency key (a client order id or an
 * edit key) goes through here: what the key already did is answered again, read inside the
 * transaction just after the table's lock (which serialises the table's writes); a race lost
 * on the key's unique index answers with the winner's result. Without a key the write just
 * runs under the lock. The transaction is on the bare driver (decision 093): the write gets a
 * SqlTx, raw statements only.
 */
export async function writeOnce(
  restaurantId: number,
  tableNumber: number,
  key: string | null,
  write: (tx: SqlTx, table: LockedTable) => Promise<WriteOutcome>,
  transaction: Transaction = sqlTransaction,
): Promise<WriteOutcome> {
  const events: LiveEvent[] = [];
  try {
    const outcome = await transaction(async (tx) => {
      // Sent together: the lock, then the key's read, which runs once the lock is held. A key
      // already used answers even when its table has since gone.
      const [locked, done] = await Promise.all([
        lockTable(tx, restaurantId, tableNumber).catch((error: unknown) => ({ error })),
        key ? orderOfKey(tx, restaurantId, key) : null,
      ]);
      if (done !== null) return { order: await readOrder(tx, restaurantId, done), replayed: true };
      if ("error" in locked) throw locked.error;
      pendingEvents.set(tx, events);
      return write(tx, locked);
    });
    publishEvents(events);
    return outcome;
  } catch (error) {
    const replay = await replayAfterRace(restaurantId, key, error);
    if (replay) return replay;
    throw error;
  }
}

/**
 * The live events of the write under way in a transaction (writeOnce publishes them once it has
 * committed). Written as the transaction's last statements: the event sequence's lock comes after
 * the table's (decision 078).
 */
const pendingEvents = new WeakMap<SqlTx, LiveEvent[]>();

async function emitOrderEvents(
  tx: SqlTx,
  restaurantId: number,
  type: "order.created" | "order.updated",
  order: { id: number; tableNumber: number; version: number },
  tickets: TicketChanges,
) {
  const list: { type: LiveEventType; data: Record<string, unknown> }[] = [];
  const record = (eventType: LiveEventType, data: Record<string, unknown>) => list.push({ type: eventType, data });
  record(type, { order_id: order.id, table_number: order.tableNumber, version: order.version });
  for (const t of tickets.created) {
    record("ticket.created", { ticket_id: t.id, station_id: t.stationId, order_id: order.id, table_number: order.tableNumber });
  }
  for (const t of tickets.alerted) {
    record("ticket.updated", {
      ticket_id: t.id,
      station_id: t.stationId,
      order_id: order.id,
      table_number: order.tableNumber,
      alert: true,
    });
  }
  pendingEvents.get(tx)?.push(...(await recordLiveEvents(tx, restaurantId, list, { pipelined: true })));
}

/** Two requests with one key raced and this one lost on the unique key: answer with the winner's result. */
async function replayAfterRace(restaurantId: number, key: string | null, error: unknown): Promise<WriteOutcome | null> {
  if (!key || !(isUniqueViolation(error, "clientOrderId") || isUniqueViolation(error, "editKey"))) return null;
  const id = await orderOfKey(prisma, restaurantId, key);
  return id === null ? null : { order: await readOrder(prisma, restaurantId, id), replayed: true };
}

/**
 * The order a key already wrote, if any: the order it created (client order id) or the order it
 * edited (edit key). Inside writeOnce's transaction a plain read made after the table lock: the
 * transaction's snapshot starts at its first plain read, so it sees a request that committed
 * while this one waited for the lock. It must not lock: `FOR UPDATE` on a key that is not there
 * takes a gap lock, and two orders for two tables sent at once (the offline queue sends tables in
 * parallel) then deadlock on their inserts.
 */
async function orderOfKey(db: SqlTx, restaurantId: number, key: string): Promise<number | null> {
  const [row] = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM orders WHERE restaurantId = ${restaurantId} AND clientOrderId = ${key}
    UNION ALL
    SELECT orderId FROM order_edits WHERE restaurantId = ${restaurantId} AND editKey = ${key}
    LIMIT 1`;
  return row ? Number(row.id) : null;
}

/** An order of this restaurant as it is now, with its items. */
export async function readOrder(db: SqlTx, restaurantId: number, id: number): Promise<OrderDto> {
  const [order] = await db.$queryRaw<
    {
      id: number;
      tableNumber: number;
      waiterName: string;
      status: OrderWithItems["status"];
      totalAmount: Prisma.Decimal;
      clientOrderId: string | null;
      version: number;
      createdAt: Date;
    }[]
  >`SELECT id, tableNumber, waiterName, status, totalAmount, clientOrderId, version, createdAt FROM orders WHERE id = ${id} AND restaurantId = ${restaurantId}`;
  return dtoWithStoredItems(db, order!);
}

export const NO_OPEN_ORDER = "Bu masada düzenlenecek açık sipariş yok.";
export const STALE_EDIT = "Bu sipariş siz düzenlerken başka bir cihazdan değiştirildi. Güncel siparişi açıp değişikliğinizi yeniden yapın.";

export interface EditInput {
  items: OrderLine[];
  /** Which open order; the table's latest when left out. */
  orderId?: number | null;
  /** The version the edit was based on; another version is refused with 409. */
  baseVersion?: number | null;
  /** The edit's idempotency key, recorded with it. */
  key?: string | null;
  /** A manager's approval (see approveTakeAway): needed when the edit takes sent items away or makes them free. */
  approval?: Approval | null;
}

/** Replaces the items of an open order of a table already locked by this transaction. */
export async function applyEdit(tx: SqlTx, actor: Actor, table: LockedTable, input: EditInput, now: Date): Promise<OrderDto> {
  assertTableTakesOrders(table);
  const [open] = await tx.$queryRaw<
    { id: number; waiterName: string; clientOrderId: string | null; createdAt: Date; version: number; paidLines: Prisma.Decimal }[]
  >`
    SELECT id, waiterName, clientOrderId, createdAt, version, paidLines FROM orders
    WHERE restaurantId = ${actor.restaurantId} AND tableId = ${table.id} AND status = 'active'
      ${input.orderId ? Prisma.sql`AND id = ${input.orderId}` : Prisma.empty}
    ORDER BY createdAt DESC, id DESC LIMIT 1 FOR UPDATE`;
  if (!open) throw new DomainError(input.baseVersion != null ? 409 : 404, input.baseVersion != null ? STALE_EDIT : NO_OPEN_ORDER);
  if (input.baseVersion != null && input.baseVersion !== open.version) {
    throw new DomainError(409, STALE_EDIT, { order_id: open.id, version: open.version });
  }
  const sent = await tx.$queryRaw<SentRow[]>`
    SELECT menuItemId, menuItemName, quantity, unitPrice, totalPrice, complimentary, note, options, paidQuantity
    FROM order_items WHERE orderId = ${open.id}`;
  const sentUnits = new Map<number, number>();
  for (const l of sent) if (l.menuItemId !== null) sentUnits.set(l.menuItemId, (sentUnits.get(l.menuItemId) ?? 0) + l.quantity);
  const { lines, total: newTotal } = await priceLines(tx, actor.restaurantId, input.items, sentUnits);
  const events = takeAwayEvents(sent, lines);
  assertApproved(events, input.approval ?? null);
  // Lines of items deleted from the menu since cannot be named in an edit: they stay as they are.
  const kept = sent.filter((l) => l.menuItemId === null);
  const total = kept.reduce((sum, l) => sum.add(new Prisma.Decimal(l.totalPrice)), newTotal);
  const paid = paidUnitsKept(sent, lines);
  // What parts paid at the table settled stays on the order (decision 086).
  if (total.lt(open.paidLines)) throw new DomainError(409, PAID_PART_KEPT);
  const version = open.version + 1;
  await tx.$executeRaw`DELETE FROM order_items WHERE orderId = ${open.id} AND menuItemId IS NOT NULL`;
  await insertItems(tx, open.id, lines, now);
  for (const p of paid) {
    await tx.$executeRaw`
      UPDATE order_items SET paidQuantity = ${p.units}
      WHERE orderId = ${open.id} AND menuItemId = ${p.line.menuItemId} AND complimentary = ${p.line.complimentary}
        AND note <=> ${p.line.note} AND options <=> ${p.line.options}`;
  }
  const editable = new Set([...sentUnits.keys(), ...lines.map((l) => l.menuItemId)]);
  const tickets = await syncTickets(tx, actor, { id: open.id, version, first: false }, kitchenLines(lines), editable, now);
  await recordEvents(tx, actor, { id: open.id, tableNumber: table.number }, events, input.approval ?? null, now);
  await tx.$executeRaw`UPDATE orders SET totalAmount = ${total}, version = ${version}, updatedAt = ${now} WHERE id = ${open.id}`;
  // Every edit is recorded with who made it (and its key, when sent: a retry is then answered, not applied).
  await tx.$executeRaw`
    INSERT INTO order_edits (restaurantId, orderId, editKey, version, createdAt, userId, userName)
    VALUES (${actor.restaurantId}, ${open.id}, ${input.key ?? null}, ${version}, ${now}, ${actor.userId}, ${actor.name.slice(0, 120)})`;
  await occupyTable(tx, table, actor, now);
  await emitOrderEvents(tx, actor.restaurantId, "order.updated", { id: open.id, tableNumber: table.number, version }, tickets);
  return dtoWithStoredItems(tx, {
    id: open.id,
    tableNumber: table.number,
    waiterName: open.waiterName,
    status: "active",
    totalAmount: total,
    clientOrderId: open.clientOrderId,
    version,
    createdAt: open.createdAt,
  });
}

/**
 * Replaces the items of the table's open order (its latest, or `order_id`). With
 * an edit key, a retry returns the order and changes nothing; with a base version,
 * an edit of an order changed since is refused (409).
 */
export async function updateTableOrder(
  actor: Actor,
  tableNumber: number,
  input: UpdateOrderInput,
  now = new Date(),
  approval: Approval | null = null,
): Promise<WriteOutcome> {
  const key = input.edit_key ?? null;
  return writeOnce(actor.restaurantId, tableNumber, key, async (tx, table) => ({
    order: await applyEdit(
      tx,
      actor,
      table,
      { items: input.items, orderId: input.order_id, baseVersion: input.base_version, key, approval },
      now,
    ),
    replayed: false,
  }));
}

interface SentRow {
  menuItemId: number | null;
  menuItemName: string;
  quantity: number;
  unitPrice: Prisma.Decimal;
  totalPrice: Prisma.Decimal;
  complimentary: number | boolean;
  note: string | null;
  options: string | null;
  /** Units paid at the table (decision 086). */
  paidQuantity: number;
}

export const PAID_PART_KEPT = "Bu siparişin bir kısmı ödendi; sipariş ödenen tutarın altına indirilemez.";
export const paidUnitsStay = (name: string, units: number) => `${name}: ${units} adedi ödendi; bu satır ${units} adetten aza indirilemez.`;

/**
 * The paid units of the order's lines (hesap bölme by lines, decision 086) and the edited line
 * that keeps them: the same item, ikram or not, note and options. An edit that takes a line below
 * its paid units is refused (409).
 */
function paidUnitsKept(sent: SentRow[], next: PricedLine[]): { line: PricedLine; units: number }[] {
  const out: { line: PricedLine; units: number }[] = [];
  for (const l of sent) {
    if (l.menuItemId === null || l.paidQuantity === 0) continue;
    const key = lineKey(
      l.menuItemId,
      Boolean(l.complimentary),
      l.note,
      readChosen(l.options).map((o) => o.id),
    );
    const line = next.find(
      (n) =>
        lineKey(
          n.menuItemId,
          n.complimentary,
          n.note,
          readChosen(n.options).map((o) => o.id),
        ) === key,
    );
    if (!line || line.quantity < l.paidQuantity) throw new DomainError(409, paidUnitsStay(l.menuItemName, l.paidQuantity));
    out.push({ line, units: l.paidQuantity });
  }
  return out;
}

interface TakeAwayEvent {
  kind: "void" | "complimentary";
  menuItemId: number;
  menuItemName: string;
  quantity: number;
  amount: Prisma.Decimal;
}

/**
 * What an edit takes away from the order as it was sent, per menu item: units
 * no longer on it (iptal, valued at the price billed) and units newly made free
 * (ikram, valued at their price). Paid units turned into ikram count as ikram only.
 */
function takeAwayEvents(sent: SentRow[], next: PricedLine[]): TakeAwayEvent[] {
  const ids = new Set<number>([
    ...sent.map((l) => l.menuItemId).filter((id): id is number => id !== null),
    ...next.map((l) => l.menuItemId),
  ]);
  const events: TakeAwayEvent[] = [];
  for (const id of ids) {
    const was = sent.filter((l) => l.menuItemId === id);
    const now = next.filter((l) => l.menuItemId === id);
    const sum = (rows: { quantity: number }[]) => rows.reduce((n, l) => n + l.quantity, 0);
    const { freed, paidVoided, freeVoided } = takeAwayOf(
      { paid: sum(was.filter((l) => !l.complimentary)), free: sum(was.filter((l) => l.complimentary)) },
      { paid: sum(now.filter((l) => !l.complimentary)), free: sum(now.filter((l) => l.complimentary)) },
    );
    const name = now[0]?.menuItemName ?? was[0]!.menuItemName;
    if (paidVoided + freeVoided > 0) {
      const billed = was.find((l) => !l.complimentary)?.unitPrice ?? 0;
      events.push({
        kind: "void",
        menuItemId: id,
        menuItemName: name,
        quantity: paidVoided + freeVoided,
        amount: new Prisma.Decimal(billed).mul(paidVoided),
      });
    }
    if (freed > 0) {
      const price = now.find((l) => l.complimentary)!.unitPrice;
      events.push({ kind: "complimentary", menuItemId: id, menuItemName: name, quantity: freed, amount: price.mul(freed) });
    }
  }
  return events;
}

function assertApproved(events: TakeAwayEvent[], approval: Approval | null) {
  if (events.length === 0) return;
  if (!approval) throw new DomainError(403, APPROVAL_NEEDED, { approval_required: true });
  if (!approval.reason) throw new DomainError(400, REASON_NEEDED, { field: "reason" });
  if (approval.reason === "other" && !approval.note) throw new DomainError(400, NOTE_NEEDED, { field: "note" });
}

async function recordEvents(
  tx: SqlTx,
  actor: Actor,
  order: { id: number; tableNumber: number },
  events: TakeAwayEvent[],
  approval: Approval | null,
  now: Date,
) {
  if (events.length === 0 || !approval?.reason) return;
  const rows = events.map(
    (
      e,
    ) => Prisma.sql`(${actor.restaurantId}, ${order.id}, ${order.tableNumber}, ${e.kind}, ${e.menuItemId}, ${e.menuItemName}, ${e.quantity},
      ${e.amount}, ${approval.reason}, ${approval.note ?? null}, ${actor.userId}, ${actor.name}, ${approval.by}, ${now})`,
  );
  await tx.$executeRaw`
    INSERT INTO order_events (restaurantId, orderId, tableNumber, kind, menuItemId, menuItemName, quantity, amount, reason, note, userId, userName, approval, createdAt)
    VALUES ${Prisma.join(rows)}`;
}

/** The table's unpaid orders, oldest first: "active" for editing and "payable" for payment are the same set. */
export async function listOpenOrders(restaurantId: number, tableNumber: number): Promise<OrderDto[]> {
  const table = await findTable(restaurantId, tableNumber);
  return openOrdersAt(restaurantId, table.id);
}

/** The open orders of a table already found (by its id, within the restaurant), oldest first. */
export async function openOrdersAt(restaurantId: number, tableId: number): Promise<OrderDto[]> {
  const orders = await prisma.order.findMany({
    where: { restaurantId, tableId, status: "active" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: orderInclude,
  });
  return orders.map(orderDto);
}

/** What the staff panel says after an order was saved: its table and total, from the database (never from the URL). */
export async function savedOrderNotice(restaurantId: number, orderId: number): Promise<{ table: number; total: number } | null> {
  const order = await prisma.order.findFirst({ where: { id: orderId, restaurantId }, select: { tableNumber: true, totalAmount: true } });
  return order ? { table: order.tableNumber, total: toMoney(order.totalAmount) } : null;
}

/** How many of these order ids are this restaurant's (another restaurant's id counts as none). */
export function countOrders(restaurantId: number, ids: number[]): Promise<number> {
  return prisma.order.count({ where: { restaurantId, id: { in: ids } } });
}
