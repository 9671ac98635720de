// The order screen without JavaScript: the cart is a server-side draft for the
// session and table, and each +, -, remove or clear is a form post. Reading the
// cart writes nothing; the draft is created on the first change.
//
// Every change and the submit run in one transaction that locks the table row
// first (as every write to a table's orders does, see lockTable): twenty "+"
// pressed at once are twenty increments, and of five submits of one cart one
// consumes the draft while the others find it gone and answer with that order.
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { findTable, lockTable, type LockedTable } from "~/modules/tables/tables.server";
import { prisma, type Tx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import type { Approval } from "./approval.server";
import { applyEdit, insertOrder, orderDto, writeOnce, type WriteOutcome } from "./orders.server";
import { cartItems, unsentAdditions, withAdditions } from "./cart";
import { EMPTY_CART, MAX_QUANTITY, QUANTITY_RANGE } from "./schemas";

type SessionActor = Actor & { sessionId: number };

export interface CartLine {
  menuItemId: number;
  /** Paid units. */
  quantity: number;
  /** Ikram units. */
  free: number;
}

async function latestOpenOrder(restaurantId: number, tableId: number, db: Tx | typeof prisma = prisma) {
  return db.order.findFirst({
    where: { restaurantId, tableId, status: "active" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { items: { orderBy: { id: "asc" } } },
  });
}

type OpenOrder = Awaited<ReturnType<typeof latestOpenOrder>>;

/** An order's items as cart lines, one per menu item (paid and ikram units apart). */
const orderLines = (order: OpenOrder | null): CartLine[] => {
  const lines = new Map<number, CartLine>();
  for (const i of order?.items ?? []) {
    if (i.menuItemId === null) continue;
    const line = lines.get(i.menuItemId) ?? { menuItemId: i.menuItemId, quantity: 0, free: 0 };
    if (i.complimentary) line.free += i.quantity;
    else line.quantity += i.quantity;
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
    lines: draft.items.map((i) => ({ menuItemId: i.menuItemId, quantity: i.quantity, free: i.freeQuantity })),
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
  await prisma.$transaction(async (tx) => {
    const table = await lockTable(tx, actor.restaurantId, tableNumber);
    const [existing] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM order_drafts WHERE sessionId = ${actor.sessionId} AND tableId = ${table.id} FOR UPDATE`;
    const draftId = existing?.id ?? (await createDraft(tx, actor, table));
    await change(tx, draftId);
  });
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
      INSERT INTO order_draft_items (draftId, menuItemId, quantity, freeQuantity, baseQuantity, baseFreeQuantity)
      VALUES ${Prisma.join(lines.map((l) => Prisma.sql`(${draftId}, ${l.menuItemId}, ${l.quantity}, ${l.free}, ${l.quantity}, ${l.free})`))}`;
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
  return prisma.$transaction(async (tx) => {
    const table = await lockTable(tx, actor.restaurantId, tableNumber);
    const [draft] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM order_drafts WHERE sessionId = ${actor.sessionId} AND tableId = ${table.id} FOR UPDATE`;
    if (!draft) return false;
    const items = await tx.$queryRaw<{ menuItemId: number; quantity: number; free: number; baseQuantity: number; baseFree: number }[]>`
      SELECT menuItemId, quantity, freeQuantity AS free, baseQuantity, baseFreeQuantity AS baseFree
      FROM order_draft_items WHERE draftId = ${draft.id} ORDER BY id`;
    const additions = unsentAdditions(
      items.map((i) => ({ menuItemId: i.menuItemId, quantity: i.baseQuantity, free: i.baseFree })),
      items.map((i) => ({ menuItemId: i.menuItemId, quantity: i.quantity, free: i.free })),
    );
    await tx.$executeRaw`DELETE FROM order_drafts WHERE id = ${draft.id}`;
    if (additions.length === 0) return false;
    const draftId = await createDraft(tx, actor, table);
    const fresh = await tx.$queryRaw<{ menuItemId: number; quantity: number; free: number }[]>`
      SELECT menuItemId, quantity, freeQuantity AS free FROM order_draft_items WHERE draftId = ${draftId}`;
    for (const line of withAdditions(fresh, additions)) {
      await tx.$executeRaw`
        INSERT INTO order_draft_items (draftId, menuItemId, quantity, freeQuantity) VALUES (${draftId}, ${line.menuItemId}, ${line.quantity}, ${line.free ?? 0})
        ON DUPLICATE KEY UPDATE quantity = VALUES(quantity), freeQuantity = VALUES(freeQuantity)`;
    }
    return true;
  });
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
): Promise<WriteOutcome> {
  return writeOnce(actor.restaurantId, tableNumber, key, async (tx, table) => {
    const [draft] = await tx.$queryRaw<{ id: number; baseOrderId: number | null; baseVersion: number | null }[]>`
      SELECT id, baseOrderId, baseVersion FROM order_drafts WHERE sessionId = ${actor.sessionId} AND tableId = ${table.id} FOR UPDATE`;
    if (!draft) {
      // Nothing was changed since the cart was opened: the open order stands as it is.
      const open = await latestOpenOrder(actor.restaurantId, table.id, tx);
      if (!open) throw new DomainError(400, EMPTY_CART);
      return { order: orderDto(open), replayed: false };
    }
    const lines = await tx.$queryRaw<{ menuItemId: number; quantity: number; free: number }[]>`
      SELECT menuItemId, quantity, freeQuantity AS free FROM order_draft_items WHERE draftId = ${draft.id} ORDER BY id`;
    const items = cartItems(lines);
    if (items.length === 0) throw new DomainError(400, EMPTY_CART);
    const order = draft.baseOrderId
      ? await applyEdit(tx, actor, table, { items, orderId: draft.baseOrderId, baseVersion: draft.baseVersion, key, approval }, now)
      : await insertOrder(tx, actor, table, items, key, now, approval);
    return { order, replayed: false };
  });
}
