// The order screen without JavaScript: the cart is a server-side draft for the
// session and table, and each +, -, remove or clear is a form post. Reading the
// cart writes nothing; the draft is created on the first change.
import type { Actor } from "~/modules/auth/actor";
import { findTable } from "~/modules/tables/tables.server";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { createOrder, updateTableOrder, type OrderDto } from "./orders.server";
import { EMPTY_CART, MAX_QUANTITY, QUANTITY_RANGE } from "./schemas";

type SessionActor = Actor & { sessionId: number };

export interface CartLine {
  menuItemId: number;
  quantity: number;
}

async function latestOpenOrder(restaurantId: number, tableId: number) {
  return prisma.order.findFirst({
    where: { restaurantId, tableId, status: "active" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { items: { orderBy: { id: "asc" } } },
  });
}

const orderLines = (order: Awaited<ReturnType<typeof latestOpenOrder>>): CartLine[] =>
  (order?.items ?? []).filter((i) => i.menuItemId !== null).map((i) => ({ menuItemId: i.menuItemId!, quantity: i.quantity }));

/**
 * The cart for this session and table: the draft if there is one, else the
 * table's open order (an occupied table loads its order for editing).
 */
export async function readCart(actor: SessionActor, tableNumber: number) {
  const table = await findTable(actor.restaurantId, tableNumber);
  const [open, draft] = await Promise.all([
    latestOpenOrder(actor.restaurantId, table.id),
    prisma.orderDraft.findUnique({
      where: { sessionId_tableId: { sessionId: actor.sessionId, tableId: table.id } },
      include: { items: { orderBy: { id: "asc" } } },
    }),
  ]);
  const lines = draft ? draft.items.map((i) => ({ menuItemId: i.menuItemId, quantity: i.quantity })) : orderLines(open);
  return { table, lines, openOrderId: open?.id ?? null };
}

/** The draft's id, creating it (from the open order, if any) on the first change. */
async function ensureDraft(actor: SessionActor, tableNumber: number): Promise<number> {
  const table = await findTable(actor.restaurantId, tableNumber);
  const key = { sessionId_tableId: { sessionId: actor.sessionId, tableId: table.id } };
  const existing = await prisma.orderDraft.findUnique({ where: key, select: { id: true } });
  if (existing) return existing.id;
  const open = await latestOpenOrder(actor.restaurantId, table.id);
  const draft = await prisma.orderDraft.create({
    data: {
      restaurantId: actor.restaurantId,
      sessionId: actor.sessionId,
      tableId: table.id,
      items: { create: orderLines(open) },
    },
    select: { id: true },
  });
  return draft.id;
}

async function assertOrderable(restaurantId: number, menuItemId: number) {
  const item = await prisma.menuItem.findFirst({ where: { id: menuItemId, restaurantId }, select: { name: true, available: true } });
  if (!item) throw new DomainError(404, `Menüde böyle bir ürün yok (#${menuItemId}).`);
  if (!item.available) throw new DomainError(409, `“${item.name}” şu anda satışta değil.`);
}

/** Adds `by` (1, or 3 for +3; negative to take away) to an item's quantity; at 0 the line goes. */
export async function changeDraftQuantity(actor: SessionActor, tableNumber: number, menuItemId: number, by: number) {
  if (by > 0) await assertOrderable(actor.restaurantId, menuItemId);
  const draftId = await ensureDraft(actor, tableNumber);
  const line = await prisma.orderDraftItem.findUnique({ where: { draftId_menuItemId: { draftId, menuItemId } } });
  const next = (line?.quantity ?? 0) + by;
  if (next > MAX_QUANTITY) throw new DomainError(400, QUANTITY_RANGE);
  if (next <= 0) {
    if (line) await prisma.orderDraftItem.delete({ where: { id: line.id } });
    return;
  }
  await prisma.orderDraftItem.upsert({
    where: { draftId_menuItemId: { draftId, menuItemId } },
    create: { draftId, menuItemId, quantity: next },
    update: { quantity: next },
  });
}

export async function removeDraftItem(actor: SessionActor, tableNumber: number, menuItemId: number) {
  const draftId = await ensureDraft(actor, tableNumber);
  await prisma.orderDraftItem.deleteMany({ where: { draftId, menuItemId } });
}

export async function clearDraft(actor: SessionActor, tableNumber: number) {
  const draftId = await ensureDraft(actor, tableNumber);
  await prisma.orderDraftItem.deleteMany({ where: { draftId } });
}

/** Saves the cart: replaces the open order's items when editing, else creates an order. Saving deletes the draft. */
export async function submitCart(actor: SessionActor, tableNumber: number): Promise<OrderDto> {
  const { lines, openOrderId } = await readCart(actor, tableNumber);
  if (lines.length === 0) throw new DomainError(400, EMPTY_CART);
  const items = lines.map((l) => ({ menu_item_id: l.menuItemId, quantity: l.quantity }));
  if (openOrderId) return updateTableOrder(actor, tableNumber, { items, order_id: openOrderId });
  return (await createOrder(actor, { table_number: tableNumber, items })).order;
}
