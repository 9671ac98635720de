// Orders: prices and totals always come from the menu in the database; a
// client's prices are never read. Every multi-row write is one transaction.
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { findTable, lockTable } from "~/modules/tables/tables.server";
import { prisma, type Tx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
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
  created_at: string;
  items: {
    id: number;
    menu_item_id: number | null;
    menu_item_name: string;
    quantity: number;
    unit_price: number;
    total_price: number;
    discount_applied: number;
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
    created_at: o.createdAt.toISOString(),
    items: o.items.map((i) => ({
      id: i.id,
      menu_item_id: i.menuItemId,
      menu_item_name: i.menuItemName,
      quantity: i.quantity,
      unit_price: toMoney(i.unitPrice),
      total_price: toMoney(i.totalPrice),
      discount_applied: toMoney(i.discountApplied),
    })),
  };
}

/** Merges repeated items, then prices every line from the restaurant's menu. */
async function priceLines(tx: Tx, restaurantId: number, lines: OrderLine[]) {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.menu_item_id, (quantities.get(line.menu_item_id) ?? 0) + line.quantity);
  for (const q of quantities.values()) if (q > 99) throw new DomainError(400, QUANTITY_RANGE);

  const menu = await tx.menuItem.findMany({
    where: { restaurantId, id: { in: [...quantities.keys()] } },
    select: { id: true, name: true, price: true, available: true },
  });
  const priced = [...quantities].map(([id, quantity]) => {
    const item = menu.find((m) => m.id === id);
    if (!item) throw new DomainError(404, `Menüde böyle bir ürün yok (#${id}).`, { menu_item_id: id });
    if (!item.available) {
      throw new DomainError(409, `“${item.name}” şu anda satışta değil.`, { menu_item_id: id });
    }
    return {
      menuItemId: item.id,
      menuItemName: item.name,
      quantity,
      unitPrice: item.price,
      totalPrice: item.price.mul(quantity),
    };
  });
  const total = priced.reduce((sum, l) => sum.add(l.totalPrice), new Prisma.Decimal(0));
  return { lines: priced, total };
}

async function occupyTable(tx: Tx, table: { id: number; customerCount: number }, actor: Actor) {
  await tx.restaurantTable.update({
    where: { id: table.id },
    // Keep a guest count the manager set; an empty table gets one guest.
    data: { status: "occupied", waiterName: actor.name, customerCount: Math.max(table.customerCount, 1) },
  });
  if (actor.sessionId) await tx.orderDraft.deleteMany({ where: { sessionId: actor.sessionId, tableId: table.id } });
}

function assertTableTakesOrders(table: { number: number; status: string }) {
  if (table.status === "out_of_order") throw new DomainError(409, `Masa ${table.number} servis dışı; sipariş alınamaz.`);
}

const isClientOrderIdClash = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError &&
  error.code === "P2002" &&
  JSON.stringify(error.meta ?? {}).includes("clientOrderId");

async function findByClientOrderId(restaurantId: number, clientOrderId: string) {
  return prisma.order.findUnique({
    where: { restaurantId_clientOrderId: { restaurantId, clientOrderId } },
    include: orderInclude,
  });
}

/**
 * Creates an order and sets its table occupied. With a client order id, a
 * repeat (an offline replay whose first answer was lost) returns the first
 * order and creates nothing.
 */
export async function createOrder(actor: Actor, input: CreateOrderInput): Promise<{ order: OrderDto; replayed: boolean }> {
  const key = input.client_order_id;
  if (key) {
    const existing = await findByClientOrderId(actor.restaurantId, key);
    if (existing) return { order: orderDto(existing), replayed: true };
  }
  try {
    const order = await prisma.$transaction(async (tx) => {
      const table = await lockTable(tx, actor.restaurantId, input.table_number);
      assertTableTakesOrders(table);
      const { lines, total } = await priceLines(tx, actor.restaurantId, input.items);
      const created = await tx.order.create({
        data: {
          restaurantId: actor.restaurantId,
          tableId: table.id,
          tableNumber: table.number,
          waiterName: actor.name,
          createdById: actor.userId,
          totalAmount: total,
          clientOrderId: key ?? null,
          items: { create: lines },
        },
        include: orderInclude,
      });
      await occupyTable(tx, table, actor);
      return created;
    });
    return { order: orderDto(order), replayed: false };
  } catch (error) {
    // Two replays of one order raced: the loser answers with the winner's order.
    if (key && isClientOrderIdClash(error)) {
      const existing = await findByClientOrderId(actor.restaurantId, key);
      if (existing) return { order: orderDto(existing), replayed: true };
    }
    throw error;
  }
}

export const NO_OPEN_ORDER = "Bu masada düzenlenecek açık sipariş yok.";

/** Replaces the items of the table's open order (its latest, or `order_id`). */
export async function updateTableOrder(actor: Actor, tableNumber: number, input: UpdateOrderInput): Promise<OrderDto> {
  const order = await prisma.$transaction(async (tx) => {
    const table = await lockTable(tx, actor.restaurantId, tableNumber);
    assertTableTakesOrders(table);
    // Lock the order so a payment cannot slip in between.
    const [open] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM orders
      WHERE restaurantId = ${actor.restaurantId} AND tableId = ${table.id} AND status = 'active'
        ${input.order_id ? Prisma.sql`AND id = ${input.order_id}` : Prisma.empty}
      ORDER BY createdAt DESC, id DESC LIMIT 1 FOR UPDATE`;
    if (!open) throw new DomainError(404, NO_OPEN_ORDER);
    const { lines, total } = await priceLines(tx, actor.restaurantId, input.items);
    await tx.orderItem.deleteMany({ where: { orderId: open.id } });
    const updated = await tx.order.update({
      where: { id: open.id },
      data: { totalAmount: total, items: { create: lines } },
      include: orderInclude,
    });
    await occupyTable(tx, table, actor);
    return updated;
  });
  return orderDto(order);
}

/** The table's unpaid orders, oldest first: "active" for editing and "payable" for payment are the same set. */
export async function listOpenOrders(restaurantId: number, tableNumber: number): Promise<OrderDto[]> {
  const table = await findTable(restaurantId, tableNumber);
  const orders = await prisma.order.findMany({
    where: { restaurantId, tableId: table.id, status: "active" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: orderInclude,
  });
  return orders.map(orderDto);
}
