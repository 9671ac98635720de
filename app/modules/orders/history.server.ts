// The order history the manager reads: which sent items were taken away (iptal)
// or made free (ikram), by whom, when, why and with which approval.
import { Prisma } from "~/generated/prisma/client";
import { prisma, sqlQuery } from "~/utils/db.server";
import { DEFAULT_TIME_ZONE, localDay } from "~/utils/dates";
import { toMoney } from "~/utils/money";

export interface OrderEventDto {
  id: number;
  order_id: number;
  table_number: number;
  kind: "void" | "complimentary";
  menu_item_name: string;
  quantity: number;
  amount: number;
  reason: "customer_changed_mind" | "wrong_order" | "complimentary" | "other";
  note: string | null;
  user_name: string;
  approval: "manager_mode" | "manager_password";
  created_at: string;
}

const select = {
  id: true,
  orderId: true,
  tableNumber: true,
  kind: true,
  menuItemName: true,
  quantity: true,
  amount: true,
  reason: true,
  note: true,
  userName: true,
  approval: true,
  createdAt: true,
} as const;

type Row = Prisma.OrderEventGetPayload<{ select: typeof select }>;

const dto = (e: Row): OrderEventDto => ({
  id: e.id,
  order_id: e.orderId,
  table_number: e.tableNumber,
  kind: e.kind,
  menu_item_name: e.menuItemName,
  quantity: e.quantity,
  amount: toMoney(e.amount),
  reason: e.reason,
  note: e.note,
  user_name: e.userName,
  approval: e.approval,
  created_at: e.createdAt.toISOString(),
});

/** The history of these orders of the restaurant, oldest first. */
export async function orderHistory(restaurantId: number, orderIds: number[]): Promise<OrderEventDto[]> {
  if (orderIds.length === 0) return [];
  const rows = await prisma.orderEvent.findMany({
    where: { restaurantId, orderId: { in: orderIds } },
    orderBy: { id: "asc" },
    select,
  });
  return rows.map(dto);
}

/** Today's (the restaurant's local day) iptal and ikram, newest first. */
export async function dayHistory(restaurantId: number, timeZone = DEFAULT_TIME_ZONE, now = new Date()): Promise<OrderEventDto[]> {
  const { start, end } = localDay(now, timeZone);
  // On the driver (decision 091): the manager panel reloads it after each order and payment.
  const rows = await sqlQuery.$queryRaw<Row[]>`
    SELECT id, orderId, tableNumber, kind, menuItemName, quantity, amount, reason, note, userName, approval, createdAt
    FROM order_events WHERE restaurantId = ${restaurantId} AND createdAt >= ${start} AND createdAt < ${end}
    ORDER BY id DESC LIMIT 100`;
  return rows.map(dto);
}
