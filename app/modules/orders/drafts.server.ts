// The order screen without JavaScript: the cart is a server-side draft for the
// session and table, and each +, -, remove or clear is a form post. Reading the
// cart writes nothing; the draft is created on the first change.
//
// Every change and the submit run in one transaction that locks the table row
// first (as every write to a table's orders does, see lockTable): twenty "+"
// pressed at once are twenty increments, and of five submits of one cart one
// consumes the draft while the others find it gone and answer with that order.
// Under that lock the draft is read with a plain read (the transaction's first, so
// it sees what the previous holder committed): a locking read of a draft that is
// not there takes a gap lock in (sessionId, tableId), which sessions of other
// restaurants share, and two such transactions inserting there deadlock.
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { publishEvents, recordEvent, type LiveEvent } from "~/modules/live/events.server";
import { findTable, lockTable, type LockedTable } from "~/modules/tables/tables.server";
import { prisma, type Tx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import type { Approval } from "./approval.server";
import { applyEdit, insertOrder, readOrder, writeOnce, type WriteOutcome } from "./orders.server";
import { chosenIds, optionKey } from "~/modules/menu/options";
import { cartItems, unsentAdditions, withAdditions } from "./cart";
import { EMPTY_CART, MAX_QUANTITY, QUANTITY_RANGE } from "./schemas";

type SessionActor = Actor & { sessionId: number };

export interface CartLine {
  menuItemId: number;
  /** Paid units. */
  quantity: number;
  /** Ikram units. */
  free: number;
  /** The line's note for the kitchen. */
  note: string | null;
  /** The line's chosen option ids (decision 082). */
  options: number[];
}

/** A draft line's option ids as stored ("12,40"), and back. */
const storedIds = (ids: readonly number[]) => (ids.length > 0 ? ids.join(",") : null);
const idsOf = (stored: string | null) =>
  stored
    ? stored
        .split(",")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];

async function latestOpenOrder(restaurantId: number, tableId: number, db: Tx | typeof prisma = prisma) {
  return db.order.findFirst({
    where: { restaurantId, tableId, status: "active" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { items: { orderBy: { id: "asc" } } },
  });
}

type OpenOrder = Awaited<ReturnType<typeof latestOpenOrder>>;

/**
 * An order's items as cart lines, one per menu item (paid and ikram units apart) with its note.
 * The screen has one note per item: lines of one item with different notes (sent through the
 * API) show the first; sending the cart gives all its units that note (decision 079).
 */
const orderLines = (order: OpenOrder | null): CartLine[] => {
  const lines = new Map<number, CartLine>();
  for (const i of order?.items ?? []) {
    if (i.menuItemId === null) continue;
    const first = !lines.has(i.menuItemId);
    const line = lines.get(i.menuItemId) ?? { menuItemId: i.menuItemId, quantity: 0, free: 0, note: null, options: [] };
    if (i.complimentary) line.free += i.quantity;
    else line.quantity += i.quantity;
    line.note ??= i.note;
    // Like the note, the first line's options stand for the item's (decision 082).
    if (first) line.options = chosenIds(i.options);
    lines.set(i.menuItemId, line);
  }
  return [...lines.values()];
};

export interface Cart {
  table: Awaited<ReturnType<typeof findTable>>;
  lines: CartLine[];
  /** The open order this cart edits (null: the cart makes a new order). */
  openOrderId: number | null;
  /** That order's version when the cart was loaded from it. */
  baseVersion: number | null;
  /** That order's lines as they were sent (for telling what an edit takes away). */
  sentLines: CartLine[];
}

/**
 * The cart for this session and table: the draft if there is one, else the
 * table's open order (an occupied table loads its order for editing).
 */
export async function readCart(actor: SessionActor, tableNumber: number): Promise<Cart> {
  const table = await findTable(actor.restaurantId, tableNumber);
  const [open, draft] = await Promise.all([
    latestOpenOrder(actor.restaurantId, table.id),
    prisma.orderDraft.findUnique({
      where: { sessionId_tableId: { sessionId: actor.sessionId, tableId: table.id } },
      include: { items: { orderBy: { id: "asc" } } },
    }),
  ]);
  if (!draft) {
    return {
      table,
      lines: orderLines(open),
      openOrderId: open?.id ?? null,
      baseVersion: open?.version ?? null,
      sentLines: orderLines(open),
    };
  }
  const base = draft.baseOrderId
    ? open?.id === draft.baseOrderId
      ? open
      : await prisma.order.findFirst({ where: { id: draft.baseOrderId, restaurantId: actor.restaurantId }, include: { items: true } })
    : null;
  return {
    table,
    lines: draft.items.map((i) => ({
      menuItemId: i.menuItemId,
      quantity: i.quantity,
      free: i.freeQuantity,
      note: i.note,
      options: idsOf(i.optionIds),
    })),
    openOrderId: draft.baseOrderId,
    baseVersion: draft.baseVersion,
    sentLines: orderLines(base),
  };
}

/**
 * Runs `change` on this session's draft for the table inside a transaction that
 * holds the table's lock, creating the draft (from the open order, if any) first.
 */
async function withDraft(actor: SessionActor, tableNumber: number, change: (tx: Tx, draftId: number) => Promise<void>) {
  const event = await prisma.$transaction(async (tx) => {
    const table = await lockTable(tx, actor.restaurantId, tableNumber);
    const [existing] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM order_drafts WHERE sessionId = ${actor.sessionId} AND tableId = ${table.id}`;
    const draftId = existing?.id ?? (await createDraft(tx, actor, table));
    await change(tx, draftId);
    return cartChanged(tx, actor, table);
  });
  publishEvents([event]);
}

/**
 * The table's unsent-cart mark may have changed: an event for the floor's grids, last in the
 * transaction (after the table's and the draft's locks; decision 078).
 */
function cartChanged(tx: Tx, actor: SessionActor, table: LockedTable): Promise<LiveEvent> {
  return recordEvent(tx, actor.restaurantId, "cart.changed", { table_id: table.id, number: table.number }, "floor");
}

async function createDraft(tx: Tx, actor: SessionActor, table: LockedTable): Promise<number> {
  const open = await latestOpenOrder(actor.restaurantId, table.id, tx);
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO order_drafts (restaurantId, sessionId, tableId, baseOrderId, baseVersion, createdAt, updatedAt)
    VALUES (${actor.restaurantId}, ${actor.sessionId}, ${table.id}, ${open?.id ?? null}, ${open?.version ?? null}, ${now}, ${now})`;
  const [inserted] = await tx.$queryRaw<{ id: bigint }[]>`SELECT LAST_INSERT_ID() AS id`;
  const draftId = Number(inserted!.id);
  const lines = orderLines(open);
  if (lines.length > 0) {
    await tx.$executeRaw`
      INSERT INTO order_draft_items (draftId, menuItemId, quantity, freeQuantity, baseQuantity, baseFreeQuantity, note, optionIds)
      VALUES ${Prisma.join(
        lines.map(
          (l) =>
            Prisma.sql`(${draftId}, ${l.menuItemId}, ${l.quantity}, ${l.free}, ${l.quantity}, ${l.free}, ${l.note}, ${storedIds(l.options)})`,
        ),
      )}`;
  }
  return draftId;
}

async function assertOrderable(restaurantId: number, menuItemId: number) {
  const item = await prisma.menuItem.findFirst({
    where: { id: menuItemId, restaurantId },
    select: { name: true, available: true, categoryRow: { select: { hidden: true } } },
  });
  if (!item) throw new DomainError(404, `Menüde böyle bir ürün yok (#${menuItemId}).`);
  // A hidden category's items are not sold, like a sold-out item (decision 068).
  if (!item.available || item.categoryRow.hidden) throw new DomainError(409, `“${item.name}” şu anda satışta değil.`);
}

/** Adds `by` (1, or 3 for +3; negative to take away) to an item's paid units; with no units left the line goes. */
export async function changeDraftQuantity(actor: SessionActor, tableNumber: number, menuItemId: number, by: number) {
  if (by > 0) await assertOrderable(actor.restaurantId, menuItemId);
  await withDraft(actor, tableNumber, async (tx, draftId) => {
    if (by > 0) {
      await tx.$executeRaw`
        INSERT INTO order_draft_items (draftId, menuItemId, quantity) VALUES (${draftId}, ${menuItemId}, ${by})
        ON DUPLICATE KEY UPDATE quantity = quantity + ${by}`;
      const [line] = await tx.$queryRaw<{ n: number }[]>`
        SELECT quantity + freeQuantity AS n FROM order_draft_items WHERE draftId = ${draftId} AND menuItemId = ${menuItemId}`;
      // Over the limit: the transaction (and so the increment) is rolled back.
      if (line && Number(line.n) > MAX_QUANTITY) throw new DomainError(400, QUANTITY_RANGE);
      return;
    }
    await tx.$executeRaw`
      UPDATE order_draft_items SET quantity = GREATEST(quantity + ${by}, 0) WHERE draftId = ${draftId} AND menuItemId = ${menuItemId}`;
    await tx.$executeRaw`
      DELETE FROM order_draft_items WHERE draftId = ${draftId} AND menuItemId = ${menuItemId} AND quantity <= 0 AND freeQuantity <= 0`;
  });
}

/** Ikram: moves one unit of an item from paid to free (`free` true) or back. */
export async function setDraftFree(actor: SessionActor, tableNumber: number, menuItemId: number, free: boolean) {
  await withDraft(actor, tableNumber, async (tx, draftId) => {
    if (free) {
      await tx.$executeRaw`
        UPDATE order_draft_items SET quantity = quantity - 1, freeQuantity = freeQuantity + 1
        WHERE draftId = ${draftId} AND menuItemId = ${menuItemId} AND quantity >= 1`;
    } else {
      await tx.$executeRaw`
        UPDATE order_draft_items SET quantity = quantity + 1, freeQuantity = freeQuantity - 1
        WHERE draftId = ${draftId} AND menuItemId = ${menuItemId} AND freeQuantity >= 1`;
    }
  });
}

/** The cart's note fields and option selects by menu item id (see OrderTakingFormSchema). */
export interface LineChoices {
  notes?: Record<string, string | null>;
  options?: Record<string, number[]>;
}

/**
 * The cart's note fields and option selects, posted with any of its buttons: the notes and
 * choices that differ from the cart's are saved on its lines (an item not in the cart is
 * ignored; an option is checked when the order is sent). Writes nothing when none changed.
 */
export async function saveDraftChoices(actor: SessionActor, tableNumber: number, { notes = {}, options = {} }: LineChoices) {
  const { lines } = await readCart(actor, tableNumber);
  const changes = lines.flatMap((l) => {
    const id = String(l.menuItemId);
    const note = id in notes ? (notes[id] ?? null) : l.note;
    const chosen = id in options ? options[id]! : l.options;
    return note !== l.note || optionKey(chosen) !== optionKey(l.options) ? [{ menuItemId: l.menuItemId, note, chosen }] : [];
  });
  if (changes.length === 0) return;
  await withDraft(actor, tableNumber, async (tx, draftId) => {
    for (const c of changes) {
      await tx.$executeRaw`
        UPDATE order_draft_items SET note = ${c.note}, optionIds = ${storedIds(c.chosen)}
        WHERE draftId = ${draftId} AND menuItemId = ${c.menuItemId}`;
    }
  });
}

export async function removeDraftItem(actor: SessionActor, tableNumber: number, menuItemId: number) {
  await withDraft(actor, tableNumber, async (tx, draftId) => {
    await tx.$executeRaw`DELETE FROM order_draft_items WHERE draftId = ${draftId} AND menuItemId = ${menuItemId}`;
  });
}

export async function clearDraft(actor: SessionActor, tableNumber: number) {
  await withDraft(actor, tableNumber, async (tx, draftId) => {
    await tx.$executeRaw`DELETE FROM order_draft_items WHERE draftId = ${draftId}`;
  });
}

/**
 * After an edit refused because the order changed meanwhile: the draft is made again from the
 * order as it is now, with what the waiter had added on top (never silently dropped); changes to
 * sent units are not carried over (they were made against lines that changed). Returns whether
 * anything was carried over; without additions the draft is simply gone.
 */
export async function rebaseDraft(actor: SessionActor, tableNumber: number): Promise<boolean> {
  let events: LiveEvent[] = [];
  const carried = await prisma.$transaction(async (tx) => {
    const table = await lockTable(tx, actor.restaurantId, tableNumber);
    const [draft] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM order_drafts WHERE sessionId = ${actor.sessionId} AND tableId = ${table.id}`;
    if (!draft) return false;
    const items = await tx.$queryRaw<{ menuItemId: number; quantity: number; free: number; baseQuantity: number; baseFree: number }[]>`
      SELECT menuItemId, quantity, freeQuantity AS free, baseQuantity, baseFreeQuantity AS baseFree
      FROM order_draft_items WHERE draftId = ${draft.id} ORDER BY id`;
    const additions = unsentAdditions(
      items.map((i) => ({ menuItemId: i.menuItemId, quantity: i.baseQuantity, free: i.baseFree })),
      items.map((i) => ({ menuItemId: i.menuItemId, quantity: i.quantity, free: i.free })),
    );
    await tx.$executeRaw`DELETE FROM order_drafts WHERE id = ${draft.id}`;
    if (additions.length === 0) {
      events = [await cartChanged(tx, actor, table)];
      return false;
    }
    const draftId = await createDraft(tx, actor, table);
    const fresh = await tx.$queryRaw<{ menuItemId: number; quantity: number; free: number }[]>`
      SELECT menuItemId, quantity, freeQuantity AS free FROM order_draft_items WHERE draftId = ${draftId}`;
    for (const line of withAdditions(fresh, additions)) {
      await tx.$executeRaw`
        INSERT INTO order_draft_items (draftId, menuItemId, quantity, freeQuantity) VALUES (${draftId}, ${line.menuItemId}, ${line.quantity}, ${line.free ?? 0})
        ON DUPLICATE KEY UPDATE quantity = VALUES(quantity), freeQuantity = VALUES(freeQuantity)`;
    }
    events = [await cartChanged(tx, actor, table)];
    return true;
  });
  publishEvents(events);
  return carried;
}

/**
 * Saves the cart: edits the order the draft was loaded from, or creates an order.
 * `key` is the idempotency key rendered into the form: a repeat of a submit that
 * went through (a double click, a reload, a lost answer) answers with that order
 * and writes nothing. The draft is read and deleted under the table's lock.
 */
export async function submitCart(
  actor: SessionActor,
  tableNumber: number,
  key: string | null,
  approval: Approval | null = null,
  now = new Date(),
  guests: number | null = null,
): Promise<WriteOutcome> {
  return writeOnce(actor.restaurantId, tableNumber, key, async (tx, table) => {
    const [draft] = await tx.$queryRaw<{ id: number; baseOrderId: number | null; baseVersion: number | null }[]>`
      SELECT id, baseOrderId, baseVersion FROM order_drafts WHERE sessionId = ${actor.sessionId} AND tableId = ${table.id}`;
    if (!draft) {
      // Nothing was changed since the cart was opened: the open order stands as it is.
      const [open] = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM orders WHERE restaurantId = ${actor.restaurantId} AND tableId = ${table.id} AND status = 'active'
        ORDER BY createdAt DESC, id DESC LIMIT 1`;
      if (!open) throw new DomainError(400, EMPTY_CART);
      return { order: await readOrder(tx, actor.restaurantId, open.id), replayed: false };
    }
    const lines = await tx.$queryRaw<
      { menuItemId: number; quantity: number; free: number; note: string | null; optionIds: string | null }[]
    >`
      SELECT menuItemId, quantity, freeQuantity AS free, note, optionIds FROM order_draft_items WHERE draftId = ${draft.id} ORDER BY id`;
    const items = cartItems(lines.map((l) => ({ ...l, options: idsOf(l.optionIds) })));
    if (items.length === 0) throw new DomainError(400, EMPTY_CART);
    const order = draft.baseOrderId
      ? await applyEdit(tx, actor, table, { items, orderId: draft.baseOrderId, baseVersion: draft.baseVersion, key, approval }, now)
      : await insertOrder(tx, actor, table, items, key, now, approval, guests);
    return { order, replayed: false };
  });
}
