// The kitchen's read-only view: every open order of the restaurant with its items, by table.
import { prisma } from "~/utils/db.server";

export interface KitchenTable {
  table_number: number;
  orders: {
    id: number;
    waiter_name: string;
    created_at: string;
    items: { id: number; name: string; quantity: number; complimentary: boolean }[];
  }[];
}

export async function kitchenOrders(restaurantId: number): Promise<KitchenTable[]> {
  const orders = await prisma.order.findMany({
    where: { restaurantId, status: "active" },
    orderBy: [{ tableNumber: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      tableNumber: true,
      waiterName: true,
      createdAt: true,
      items: { orderBy: { id: "asc" }, select: { id: true, menuItemName: true, quantity: true, complimentary: true } },
    },
  });
  const byTable = new Map<number, KitchenTable>();
  for (const o of orders) {
    const entry = byTable.get(o.tableNumber) ?? { table_number: o.tableNumber, orders: [] };
    entry.orders.push({
      id: o.id,
      waiter_name: o.waiterName,
      created_at: o.createdAt.toISOString(),
      items: o.items.map((i) => ({ id: i.id, name: i.menuItemName, quantity: i.quantity, complimentary: i.complimentary })),
    });
    byTable.set(o.tableNumber, entry);
  }
  return [...byTable.values()];
}
