// Orders: prices and totals always come from the menu in the database; a
// client's prices are never read. Every multi-row write is one transaction.
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { findTable, lockTable } from "~/modules/tables/tables.server";
import { prisma, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
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
}

/** Merges repeated items, then prices every line from the restaurant's menu. */
async function priceLines(tx: Tx, restaurantId: number, lines: OrderLine[]) {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.menu_item_id, (quantities.get(line.menu_item_id) ?? 0) + line.quantity);
  for (const q of quantities.values()) if (q > 99) throw new DomainError(400, QUANTITY_RANGE);

  const menu = await tx.$queryRaw<{ id: number; name: string; price: Prisma.Decimal; available: number | boolean }[]>`
    SELECT id, name, price, available FROM menu_items
    WHERE restaurantId = ${restaurantId} AND id IN (${Prisma.join([...quantities.keys()])})`;
  const priced: PricedLine[] = [...quantities].map(([id, quantity]) => {
    const item = menu.find((m) => m.id === id);
    if (!item) throw new DomainError(404, `Menüde böyle bir ürün yok (#${id}).`, { menu_item_id: id });
    if (!item.available) {
      throw new DomainError(409, `“${item.name}” şu anda satışta değil.`, { menu_item_id: id });
    }
    const unitPrice = new Prisma.Decimal(item.price);
    return { menuItemId: item.id, menuItemName: item.name, quantity, unitPrice, totalPrice: unitPrice.mul(quantity) };
  });
  const total = priced.reduce((sum, l) => sum.add(l.totalPrice), new Prisma.Decimal(0));
  return { lines: priced, total };
}

async function insertItems(tx: Tx, orderId: number, lines: PricedLine[], now: Date) {
  const rows = lines.map(
    (l) => Prisma.sql`(${orderId}, ${l.menuItemId}, ${l.menuItemName}, ${l.quantity}, ${l.unitPrice}, ${l.totalPrice}, 0, ${now})`,
  );
  await tx.$executeRaw`
    INSERT INTO order_items (orderId, menuItemId, menuItemName, quantity, unitPrice, totalPrice, discountApplied, createdAt)
    VALUES ${Prisma.join(rows)}`;
}

interface ItemRow {
  id: number;
  menuItemId: number | null;
  menuItemName: string;
  quantity: number;
  unitPrice: Prisma.Decimal;
  totalPrice: Prisma.Decimal;
  discountApplied: Prisma.Decimal;
}

/** The order's DTO from its row's values and its items as stored. */
async function dtoWithStoredItems(
  tx: Tx,
  order: Omit<OrderWithItems, "items" | "restaurantId" | "tableId" | "createdById" | "updatedAt" | "paidAt">,
) {
  const items = await tx.$queryRaw<ItemRow[]>`
    SELECT id, menuItemId, menuItemName, quantity, unitPrice, totalPrice, discountApplied
    FROM order_items WHERE orderId = ${order.id} ORDER BY id`;
  return {
    id: order.id,
    table_number: order.tableNumber,
    waiter_name: order.waiterName,
    status: order.status,
    total_amount: toMoney(new Prisma.Decimal(order.totalAmount)),
    client_order_id: order.clientOrderId,
    created_at: order.createdAt.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      menu_item_id: i.menuItemId,
      menu_item_name: i.menuItemName,
      quantity: i.quantity,
      unit_price: toMoney(new Prisma.Decimal(i.unitPrice)),
      total_price: toMoney(new Prisma.Decimal(i.totalPrice)),
      discount_applied: toMoney(new Prisma.Decimal(i.discountApplied)),
    })),
  } satisfies OrderDto;
}

async function occupyTable(tx: Tx, table: { id: number }, actor: Actor, now: Date) {
  // Keep a guest count the manager set; an empty table gets one guest.
  await tx.$executeRaw`
    UPDATE tables SET status = 'occupied', waiterName = ${actor.name}, customerCount = GREATEST(customerCount, 1), updatedAt = ${now}
    WHERE id = ${table.id}`;
  // Saving the cart ends the no-JavaScript draft of this session and table (its items cascade).
  if (actor.sessionId) await tx.$executeRaw`DELETE FROM order_drafts WHERE sessionId = ${actor.sessionId} AND tableId = ${table.id}`;
}

function assertTableTakesOrders(table: { number: number; status: string }) {
  if (table.status === "out_of_order") throw new DomainError(409, `Masa ${table.number} servis dışı; sipariş alınamaz.`);
}

async function findByClientOrderId(restaurantId: number, clientOrderId: string) {
  return prisma.order.findUnique({
    where: { restaurantId_clientOrderId: { restaurantId, clientOrderId } },
    include: orderInclude,
  });
}

async function replayOf(restaurantId: number, clientOrderId: string) {
  const [seen] = await prisma.$queryRaw<{ id: number }[]>`
    SELECT id FROM orders WHERE restaurantId = ${restaurantId} AND clientOrderId = ${clientOrderId}`;
  return seen ? findByClientOrderId(restaurantId, clientOrderId) : null;
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
): Promise<{ order: OrderDto; replayed: boolean }> {
  const key = input.client_order_id ?? null;
  if (key) {
    const existing = await replayOf(actor.restaurantId, key);
    if (existing) return { order: orderDto(existing), replayed: true };
  }
  try {
    const order = await prisma.$transaction(async (tx) => {
      const table = await lockTable(tx, actor.restaurantId, input.table_number);
      assertTableTakesOrders(table);
      const { lines, total } = await priceLines(tx, actor.restaurantId, input.items);
      await tx.$executeRaw`
        INSERT INTO orders (restaurantId, tableId, tableNumber, waiterName, createdById, status, totalAmount, clientOrderId, createdAt, updatedAt)
        VALUES (${actor.restaurantId}, ${table.id}, ${table.number}, ${actor.name}, ${actor.userId}, 'active', ${total}, ${key}, ${now}, ${now})`;
      const [inserted] = await tx.$queryRaw<{ id: bigint }[]>`SELECT LAST_INSERT_ID() AS id`;
      const orderId = Number(inserted!.id);
      await insertItems(tx, orderId, lines, now);
      await occupyTable(tx, table, actor, now);
      return dtoWithStoredItems(tx, {
        id: orderId,
        tableNumber: table.number,
        waiterName: actor.name,
        status: "active",
        totalAmount: total,
        clientOrderId: key,
        createdAt: now,
      });
    });
    return { order, replayed: false };
  } catch (error) {
    // Two replays of one order raced: the loser answers with the winner's order.
    if (key && isUniqueViolation(error, "clientOrderId")) {
      const existing = await findByClientOrderId(actor.restaurantId, key);
      if (existing) return { order: orderDto(existing), replayed: true };
    }
    throw error;
  }
}

export const NO_OPEN_ORDER = "Bu masada düzenlenecek açık sipariş yok.";

/** Replaces the items of the table's open order (its latest, or `order_id`). */
export async function updateTableOrder(actor: Actor, tableNumber: number, input: UpdateOrderInput, now = new Date()): Promise<OrderDto> {
  return prisma.$transaction(async (tx) => {
    // The table first, as for every write to its orders (see lockTable), then the order.
    const table = await lockTable(tx, actor.restaurantId, tableNumber);
    assertTableTakesOrders(table);
    const [open] = await tx.$queryRaw<{ id: number; waiterName: string; clientOrderId: string | null; createdAt: Date }[]>`
      SELECT id, waiterName, clientOrderId, createdAt FROM orders
      WHERE restaurantId = ${actor.restaurantId} AND tableId = ${table.id} AND status = 'active'
        ${input.order_id ? Prisma.sql`AND id = ${input.order_id}` : Prisma.empty}
      ORDER BY createdAt DESC, id DESC LIMIT 1 FOR UPDATE`;
    if (!open) throw new DomainError(404, NO_OPEN_ORDER);
    const { lines, total } = await priceLines(tx, actor.restaurantId, input.items);
    await tx.$executeRaw`DELETE FROM order_items WHERE orderId = ${open.id}`;
    await insertItems(tx, open.id, lines, now);
    await tx.$executeRaw`UPDATE orders SET totalAmount = ${total}, updatedAt = ${now} WHERE id = ${open.id}`;
    await occupyTable(tx, table, actor, now);
    return dtoWithStoredItems(tx, {
      id: open.id,
      tableNumber: table.number,
      waiterName: open.waiterName,
      status: "active",
      totalAmount: total,
      clientOrderId: open.clientOrderId,
      createdAt: open.createdAt,
    });
  });
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
