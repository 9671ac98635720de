// The grids' read of a restaurant's tables (every phone's floor, the manager panel, the poll) must
// not grow with the kitchen tickets of every restaurant: the "ready" mark reaches tickets through
// the table's open orders (decision 095). Measured with MariaDB's ANALYZE: rows actually read.
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { gridColumnsSql, gridJoinsSql } from "~/modules/tables/tables.server";
import { rawQuery } from "~/utils/db.server";
import { createRestaurant, placeOrder } from "../setup/domain";

interface PlanNode {
  table?: { table_name?: string; r_loops?: number; r_rows?: number | null };
  [key: string]: unknown;
}

/** Rows read of `name` over the whole statement (the sum of loops × rows of its accesses). */
function rowsRead(plan: unknown, name: string): number {
  if (Array.isArray(plan)) return plan.reduce((n: number, p) => n + rowsRead(p, name), 0);
  if (!plan || typeof plan !== "object") return 0;
  const node = plan as PlanNode;
  let n = 0;
  if (node.table?.table_name === name) n += (node.table.r_loops ?? 0) * (node.table.r_rows ?? 0);
  for (const value of Object.values(node)) n += rowsRead(value, name);
  return n;
}

/** How `name` is reached in the plan: access type and key of each access. */
function accessesOf(plan: unknown, name: string): { type?: string; key?: string }[] {
  if (Array.isArray(plan)) return plan.flatMap((p) => accessesOf(p, name));
  if (!plan || typeof plan !== "object") return [];
  const node = plan as PlanNode & { table?: { access_type?: string; key?: string } };
  const own = node.table?.table_name === name ? [{ type: node.table.access_type, key: node.table.key }] : [];
  return [...own, ...Object.values(node).flatMap((v) => accessesOf(v, name))];
}

describe("the grid's read of the tables", () => {
  it("reads only its own tables' open tickets, however many tickets other restaurants have", async () => {
    const [mine, busy] = await Promise.all([createRestaurant(), createRestaurant()]);
    await placeOrder(mine, 1, [["Adana Kebap", 1]]);
    await placeOrder(mine, 2, [["Adana Kebap", 2]]);
    await placeOrder(busy, 1, [["Adana Kebap", 1]]);
    // A long history at another restaurant: 3,000 tickets (copies of its one, each a new order version).
    await rawQuery(Prisma.sql`
      INSERT INTO kitchen_tickets (restaurantId, orderId, orderVersion, stationId, kind, status, version, sentByName, createdAt, updatedAt)
      SELECT t.restaurantId, t.orderId, t.orderVersion + n.n, t.stationId, t.kind, 'served', 1, t.sentByName, t.createdAt, t.updatedAt
      FROM kitchen_tickets t
      JOIN (SELECT a.seq * 100 + b.seq + 1 AS n FROM seq_0_to_29 a JOIN seq_0_to_99 b) n
      WHERE t.restaurantId = ${busy.restaurantId}`);
    await rawQuery(Prisma.sql`ANALYZE TABLE kitchen_tickets, kitchen_ticket_items, orders`);
    const [row] = await rawQuery<Record<string, string>>(Prisma.sql`
      ANALYZE FORMAT=JSON SELECT ${gridColumnsSql} FROM tables t ${gridJoinsSql} WHERE t.restaurantId = ${mine.restaurantId}`);
    const plan = JSON.parse(Object.values(row!)[0]!) as unknown;
    // Two open orders with a ticket each: a handful of rows, not thousands.
    expect(rowsRead(plan, "kt")).toBeLessThan(20);
    // And the way it gets there: every ticket through an order's (orderId), never a scan.
    expect(
      accessesOf(plan, "kt").every((a) => a.key === "kitchen_tickets_orderId_orderVersion_stationId_key"),
      JSON.stringify(accessesOf(plan, "kt")),
    ).toBe(true);
  });
});
