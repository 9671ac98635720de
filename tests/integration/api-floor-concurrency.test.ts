// The service floor under concurrent requests: no lost orders, no double payments, no
// duplicate replays, no order changed after it was paid.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant } from "../setup/factories";
import { createTenantPair } from "../setup/tenancy";
import {
  clientOrderId,
  EMPTY_TABLE,
  menuOf,
  MSG,
  orderCount,
  orderRow,
  paymentCount,
  payOrder,
  placeOrder,
  postOrder,
  tableState,
  updateOrder,
} from "../setup/floor";

const TIMEOUT = 60_000;

/**
 * An order sent as the offline queue sends it: one Idempotency-Key for all its tries, and a busy
 * answer (503, on a loaded machine the restaurant's lock may be held past the bounded wait) tried
 * again after its Retry-After. Whatever the tries, the order is written once.
 */
async function postOrderLikeTheQueue(tenant: Parameters<typeof postOrder>[0], body: unknown) {
  const key = `queue-${randomUUID()}`;
  for (let attempt = 1; ; attempt++) {
    const res = await api("/api/orders", { token: tenant.token, body, headers: { "Idempotency-Key": key } });
    if (res.status !== 503 || attempt === 5) return res;
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get("retry-after") ?? "1") * 1000));
  }
}
const statusesOf = (results: { status: number }[]) => results.map((r) => r.status).sort((x, y) => x - y);
const texts = (results: { status: number; text: string }[]) => results.map((r) => `${r.status} ${r.text}`).join("\n");

describe("concurrency on the service floor", () => {
  it(
    "50 orders on 20 tables of one restaurant and 30 on another's, all at once: every one is written, with the right total",
    async () => {
      const { a, b } = await createTenantPair({ manager: false });
      const [menuA, menuB] = [await menuOf(a), await menuOf(b)];
      // Order i: (i % 5 + 1) teas and one Adana: 20 * q + 380.
      const body = (menu: typeof menuA, i: number) => ({
        table_number: (i % 20) + 1,
        items: [
          { menu_item_id: menu["Çay"]!.id, quantity: (i % 5) + 1 },
          { menu_item_id: menu["Adana Kebap"]!.id, quantity: 1 },
        ],
      });
      const expectedTotal = (i: number) => 20 * ((i % 5) + 1) + 380;
      const requests = [
        ...Array.from({ length: 50 }, (_, i) => postOrderLikeTheQueue(a, body(menuA, i)).then((res) => ({ res, tenant: "a", i }))),
        ...Array.from({ length: 30 }, (_, i) => postOrderLikeTheQueue(b, body(menuB, i)).then((res) => ({ res, tenant: "b", i }))),
      ];
      const results = await Promise.all(requests);

      const created = results.filter((r) => r.res.status === 201);
      expect(results.filter((r) => r.res.status !== 201).map((r) => `${r.tenant}#${r.i}: ${r.res.status} ${r.res.text}`)).toEqual([]);
      expect(await orderCount(a)).toBe(created.filter((r) => r.tenant === "a").length);
      expect(await orderCount(b)).toBe(created.filter((r) => r.tenant === "b").length);
      expect(await orderCount(a)).toBe(50);
      expect(await orderCount(b)).toBe(30);

      for (const { res, tenant, i } of created) {
        expect(res.json.total_amount, `${tenant}#${i}`).toBe(expectedTotal(i));
        expect(res.json.table_number).toBe((i % 20) + 1);
      }
      const rows = await prisma.order.findMany({
        where: { restaurantId: { in: [a.restaurantId, b.restaurantId] } },
        include: { items: true },
      });
      const byId = new Map(created.map((r) => [r.res.json.id as number, r]));
      expect(rows).toHaveLength(80);
      for (const row of rows) {
        const r = byId.get(row.id)!;
        expect(r, `order ${row.id} was not answered 201`).toBeDefined();
        expect(row.restaurantId).toBe(r.tenant === "a" ? a.restaurantId : b.restaurantId);
        expect(row.totalAmount.toFixed(2)).toBe(expectedTotal(r.i).toFixed(2));
        const sum = row.items.reduce((s, item) => s + Number(item.totalPrice), 0);
        expect(sum.toFixed(2)).toBe(row.totalAmount.toFixed(2));
      }
      const occupiedA = await prisma.restaurantTable.count({ where: { restaurantId: a.restaurantId, status: "occupied" } });
      const occupiedB = await prisma.restaurantTable.count({ where: { restaurantId: b.restaurantId, status: "occupied" } });
      expect([occupiedA, occupiedB]).toEqual([20, 20]);
    },
    TIMEOUT,
  );

  it(
    "10 payments of one order at once: one 200, nine 409, one payments row",
    async () => {
      const tenant = await createTenant();
      const order = await placeOrder(tenant, 5, [["İskender", 2]]);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => payOrder(tenant, order.id, i % 2 ? "card" : "cash")));
      expect(statusesOf(results), texts(results)).toEqual([200, ...Array(9).fill(409)]);
      for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, MSG.alreadyPaid);
      const ok = results.find((r) => r.status === 200)!;
      expect(ok.json).toMatchObject({ order_id: order.id, amount: 840, table_freed: true });

      expect(await paymentCount(tenant)).toBe(1);
      const row = await orderRow(order.id);
      expect(row.status).toBe("paid");
      expect(row.payment!.amount.toFixed(2)).toBe("840.00");
      expect(row.payment!.method).toBe(ok.json.method);
      expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
    },
    TIMEOUT,
  );

  it(
    "paying the two orders of one table at once: both paid, the table freed exactly once",
    async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const o1 = await placeOrder(tenant, 3, [["Su", 1]], menu);
      const o2 = await placeOrder(tenant, 3, [["Kola", 1]], menu);
      const results = await Promise.all([payOrder(tenant, o1.id), payOrder(tenant, o2.id, "card")]);
      expect(statusesOf(results), texts(results)).toEqual([200, 200]);
      expect(results.map((r) => r.json.table_freed).sort()).toEqual([false, true]);
      expect(await paymentCount(tenant)).toBe(2);
      expect(await tableState(tenant, 3)).toEqual(EMPTY_TABLE);
    },
    TIMEOUT,
  );

  it(
    "paying a table's last order while a new one is placed on it: the table is occupied exactly when it has an open order",
    async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const tables = [11, 12, 13, 14, 15, 16, 17, 18];
      const first = await Promise.all(tables.map((t) => placeOrder(tenant, t, [["Su", 1]], menu)));
      const raced = await Promise.all(
        tables.map((t, k) =>
          Promise.all([
            payOrder(tenant, first[k]!.id),
            postOrder(tenant, { table_number: t, items: [{ menu_item_id: menu["Kola"]!.id, quantity: 1 }] }),
          ]),
        ),
      );
      for (const [k, [pay, created]] of raced.entries()) {
        expect(pay.status, pay.text).toBe(200);
        expect(created.status, created.text).toBe(201);
        const open = await prisma.order.count({ where: { restaurantId: tenant.restaurantId, tableNumber: tables[k]!, status: "active" } });
        expect(open).toBe(1);
        expect((await tableState(tenant, tables[k]!)).status, `table ${tables[k]} has an open order`).toBe("occupied");
      }
    },
    TIMEOUT,
  );

  it(
    "10 copies of one order with the same client_order_id at once: one order, every answer names it",
    async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const key = clientOrderId();
      const body = { table_number: 8, client_order_id: key, items: [{ menu_item_id: menu["Baklava"]!.id, quantity: 2 }] };
      const results = await Promise.all(Array.from({ length: 10 }, () => postOrder(tenant, body)));
      expect(statusesOf(results), texts(results)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      const ids = new Set(results.map((r) => r.json.id));
      expect(ids.size).toBe(1);
      for (const r of results.filter((r) => r.status === 200)) expect(r.headers.get("idempotent-replay")).toBe("true");
      expect(await orderCount(tenant)).toBe(1);
      const row = await orderRow([...ids][0]);
      expect(row.clientOrderId).toBe(key);
      expect(row.items).toHaveLength(1);
      expect(row.totalAmount.toFixed(2)).toBe("440.00");
    },
    TIMEOUT,
  );

  it(
    "an update racing a payment never changes an order after it is paid",
    async () => {
      // The update takes the kebab away: a manager, with a reason (order-take-away.test.ts).
      const tenant = await createTenant({ manager: true });
      const menu = await menuOf(tenant);
      const tables = [1, 2, 3, 4, 5, 6, 7, 8];
      const orders = await Promise.all(tables.map((t) => placeOrder(tenant, t, [["Adana Kebap", 1]], menu)));
      const raced = await Promise.all(
        orders.map((o, k) =>
          Promise.all([
            updateOrder(tenant, tables[k]!, { reason: "wrong_order", items: [{ menu_item_id: menu["Çay"]!.id, quantity: 3 }] }),
            payOrder(tenant, o.id, "cash"),
          ]),
        ),
      );
      for (const [k, [update, pay]] of raced.entries()) {
        const order = orders[k]!;
        expect(pay.status, pay.text).toBe(200);
        expect([200, 404], update.text).toContain(update.status);
        const row = await orderRow(order.id);
        expect(row.status).toBe("paid");
        const itemsSum = row.items.reduce((s, i) => s + Number(i.totalPrice), 0).toFixed(2);
        // What was paid is exactly what the order holds now.
        expect(row.payment!.amount.toFixed(2)).toBe(row.totalAmount.toFixed(2));
        expect(itemsSum).toBe(row.totalAmount.toFixed(2));
        expect(pay.json.amount.toFixed(2)).toBe(row.totalAmount.toFixed(2));
        if (update.status === 200) {
          // The update went first: the payment took the new total.
          expect(row.items.map((i) => [i.menuItemName, i.quantity])).toEqual([["Çay", 3]]);
          expect(row.totalAmount.toFixed(2)).toBe("60.00");
        } else {
          expectError(update, 404, MSG.noOpenOrder);
          expect(row.items.map((i) => [i.menuItemName, i.quantity])).toEqual([["Adana Kebap", 1]]);
          expect(row.totalAmount.toFixed(2)).toBe("380.00");
        }
        expect(await tableState(tenant, tables[k]!)).toEqual(EMPTY_TABLE);
      }
    },
    TIMEOUT,
  );

  it("pay first, then update: the update is refused (404) and the paid order keeps its items", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 10, [["Tavuk Şiş", 1]], menu);
    expect((await payOrder(tenant, order.id, "card")).status).toBe(200);
    expectError(await updateOrder(tenant, 10, { items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] }), 404, MSG.noOpenOrder);
    const row = await orderRow(order.id);
    expect(row.items.map((i) => [i.menuItemName, i.quantity])).toEqual([["Tavuk Şiş", 1]]);
    expect(row.payment!.amount.toFixed(2)).toBe("300.00");
    expect(await tableState(tenant, 10)).toEqual(EMPTY_TABLE);
  });

  it(
    "orders with client order ids for different tables sent at once (the offline queue's parallel send) never deadlock",
    async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const tea = menu["Çay"]!.id;
      for (let round = 0; round < 5; round++) {
        const results = await Promise.all(
          [1, 2, 3, 4, 5, 6].map((table) =>
            postOrder(tenant, { table_number: table, items: [{ menu_item_id: tea, quantity: 1 }], client_order_id: clientOrderId() }),
          ),
        );
        expect(statusesOf(results), texts(results)).toEqual([201, 201, 201, 201, 201, 201]);
      }
      expect(await orderCount(tenant)).toBe(30);
    },
    TIMEOUT,
  );
});
