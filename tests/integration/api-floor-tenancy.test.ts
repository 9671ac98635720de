// Tenant isolation of the service-floor API: ids and table numbers of one restaurant never reach
// another's rows, and every endpoint needs a session.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, MESSAGES } from "../setup/expect";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";
import {
  clientOrderId,
  EMPTY_TABLE,
  expireTrial,
  menuOf,
  MSG,
  orderCount,
  orderRow,
  OWNER_NAME,
  paymentCount,
  payOrder,
  placeOrder,
  postOrder,
  setStatus,
  tableOrders,
  tableState,
  updateOrder,
} from "../setup/floor";

describe("tenant isolation of the service floor", () => {
  it("B paying A's orders: 404 and A's orders stay unpaid (then A can pay them)", async () => {
    const { a, b } = await createTenantPair();
    const menu = await menuOf(a);
    const o1 = await placeOrder(a, 5, [["Adana Kebap", 1]], menu);
    const o2 = await placeOrder(a, 6, [["Çay", 2]], menu);

    for (const id of [o1.id, o2.id]) {
      expectError(await payOrder(b, id, "cash"), 404, MSG.orderNotFound);
      expect((await orderRow(id)).status).toBe("active");
    }
    expect(await paymentCount(a)).toBe(0);
    expect(await paymentCount(b)).toBe(0);
    expect((await tableState(a, 5)).status).toBe("occupied");

    // The helper tries B first (404), then A (who pays, so not a 404).
    await expectIdsRefusedToOtherTenant(
      { owner: a, other: b },
      [o1.id, o2.id],
      [
        {
          name: "PUT /api/orders/{id}/pay",
          send: (id, token) => api(`/api/orders/${id}/pay?payment_method=card`, { method: "PUT", token }),
        },
      ],
    );
    expect((await orderRow(o1.id)).payment).toMatchObject({ restaurantId: a.restaurantId, takenById: a.userId, method: "card" });
    expect(await paymentCount(b)).toBe(0);
  });

  it("B's order on its table 5 leaves A's table 5 alone", async () => {
    const { a, b } = await createTenantPair();
    const menuB = await menuOf(b);
    const order = await placeOrder(b, 5, [["Su", 1]], menuB);
    expect(await tableState(b, 5)).toEqual({ status: "occupied", waiter_name: OWNER_NAME, customer_count: 1 });
    expect(await tableState(a, 5)).toEqual(EMPTY_TABLE);
    const row = await orderRow(order.id);
    expect(row.restaurantId).toBe(b.restaurantId);
    expect(row.tableId).toBe(
      (await prisma.restaurantTable.findUniqueOrThrow({ where: { restaurantId_number: { restaurantId: b.restaurantId, number: 5 } } })).id,
    );
    expect(await orderCount(a)).toBe(0);
    expect((await api("/api/tables", { token: a.token })).json.every((t: any) => t.status === "empty")).toBe(true);
  });

  it("B's GET /api/tables lists only B's tables", async () => {
    const { a, b } = await createTenantPair();
    const [ta, tb] = [await api("/api/tables", { token: a.token }), await api("/api/tables", { token: b.token })];
    const idsA = await prisma.restaurantTable.findMany({ where: { restaurantId: a.restaurantId }, select: { id: true } });
    const idsB = await prisma.restaurantTable.findMany({ where: { restaurantId: b.restaurantId }, select: { id: true } });
    expect(ta.json.map((t: any) => t.id).sort()).toEqual(idsA.map((t) => t.id).sort());
    expect(tb.json.map((t: any) => t.id).sort()).toEqual(idsB.map((t) => t.id).sort());
  });

  it("B's update on table 5 cannot see A's open order there: 404, A's order unchanged", async () => {
    const { a, b } = await createTenantPair();
    const [menuA, menuB] = [await menuOf(a), await menuOf(b)];
    const order = await placeOrder(a, 5, [["İskender", 1]], menuA);
    expectError(await updateOrder(b, 5, { items: [{ menu_item_id: menuB["Su"]!.id, quantity: 1 }] }), 404, MSG.noOpenOrder);
    // Naming A's order id does not help.
    expectError(
      await updateOrder(b, 5, { order_id: order.id, items: [{ menu_item_id: menuB["Su"]!.id, quantity: 1 }] }),
      404,
      MSG.noOpenOrder,
    );
    const row = await orderRow(order.id);
    expect(row.items.map((i) => [i.menuItemName, i.quantity])).toEqual([["İskender", 1]]);
    expect(row.totalAmount.toFixed(2)).toBe("420.00");
    expect(await tableState(b, 5)).toEqual(EMPTY_TABLE);
    expect(await orderCount(b)).toBe(0);
  });

  it("B's GET /api/orders/table/5 does not list A's order", async () => {
    const { a, b } = await createTenantPair();
    const order = await placeOrder(a, 5, [["Humus", 1]]);
    expect((await tableOrders(a, 5, "active")).json.map((o: any) => o.id)).toEqual([order.id]);
    for (const status of ["active", "payable"]) {
      const res = await tableOrders(b, 5, status);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual([]);
    }
  });

  it("B's status change on table 3 leaves A's table 3 alone", async () => {
    const { a, b } = await createTenantPair();
    expect((await setStatus(b, 3, { status: "occupied", waiter_name: "B Garson", customer_count: 6 })).status).toBe(200);
    expect(await tableState(b, 3)).toEqual({ status: "occupied", waiter_name: "B Garson", customer_count: 6 });
    expect(await tableState(a, 3)).toEqual(EMPTY_TABLE);
    expect((await setStatus(b, 3, { status: "out_of_order" })).status).toBe(200);
    expect(await tableState(a, 3)).toEqual(EMPTY_TABLE);
    // A can still take orders on its table 3.
    await placeOrder(a, 3, [["Su", 1]]);
  });

  it("A's menu item ids in B's order or update: 404, nothing written", async () => {
    const { a, b } = await createTenantPair();
    const [menuA, menuB] = [await menuOf(a), await menuOf(b)];
    const foreign = menuA["Adana Kebap"]!.id;
    const res = await postOrder(b, {
      table_number: 5,
      items: [
        { menu_item_id: menuB["Su"]!.id, quantity: 1 },
        { menu_item_id: foreign, quantity: 1 },
      ],
    });
    expectError(res, 404, MSG.unknownMenuItem(foreign));
    expect(await orderCount(b)).toBe(0);
    expect(await tableState(b, 5)).toEqual(EMPTY_TABLE);

    const own = await placeOrder(b, 6, [["Su", 1]], menuB);
    expectError(await updateOrder(b, 6, { items: [{ menu_item_id: foreign, quantity: 2 }] }), 404, MSG.unknownMenuItem(foreign));
    expect((await orderRow(own.id)).items.map((i) => i.menuItemName)).toEqual(["Su"]);
  });

  it("A's sold-out item does not change B's menu or B's orders", async () => {
    const { a, b } = await createTenantPair();
    const [menuA, menuB] = [await menuOf(a), await menuOf(b)];
    await prisma.menuItem.update({ where: { id: menuA["Künefe"]!.id }, data: { available: false, price: "1.00" } });
    const listB = await api("/api/menu", { token: b.token });
    expect(listB.json.map((i: any) => i.id).sort()).toEqual(
      Object.values(menuB)
        .map((m) => m.id)
        .sort(),
    );
    expect(listB.json.find((i: any) => i.name === "Künefe")).toMatchObject({ available: true, price: 190 });
    const order = await placeOrder(b, 1, [["Künefe", 1]], menuB);
    expect(order.total_amount).toBe(190);
  });

  it("the same client_order_id in two restaurants makes two orders", async () => {
    const { a, b } = await createTenantPair();
    const [menuA, menuB] = [await menuOf(a), await menuOf(b)];
    const key = clientOrderId();
    const ra = await postOrder(a, { table_number: 2, client_order_id: key, items: [{ menu_item_id: menuA["Su"]!.id, quantity: 1 }] });
    const rb = await postOrder(b, { table_number: 2, client_order_id: key, items: [{ menu_item_id: menuB["Kola"]!.id, quantity: 1 }] });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(rb.json.id).not.toBe(ra.json.id);
    expect(rb.json.total_amount).toBe(60);
    expect(await orderCount(a)).toBe(1);
    expect(await orderCount(b)).toBe(1);
  });

  it("B's daily report excludes A's payments", async () => {
    const { a, b } = await createTenantPair();
    const oa = await placeOrder(a, 4, [["Serpme Kahvaltı", 1]]);
    expect((await payOrder(a, oa.id, "cash")).status).toBe(200);
    const ob = await placeOrder(b, 4, [["Çay", 1]]);
    expect((await payOrder(b, ob.id, "card")).status).toBe(200);

    const rb = await api("/api/reports/daily", { token: b.token });
    expect(rb.status, rb.text).toBe(200);
    expect(rb.json).toMatchObject({
      total_revenue: 20,
      total_orders: 1,
      cash_revenue: 0,
      cash_orders: 0,
      card_revenue: 20,
      card_orders: 1,
      table_performance: [{ _id: 4, revenue: 20, orders: 1 }],
      waiter_performance: [{ _id: OWNER_NAME, orders: 1, revenue: 20 }],
    });
    const ra = await api("/api/reports/daily", { token: a.token });
    expect(ra.json).toMatchObject({ total_revenue: 450, cash_revenue: 450, card_orders: 0 });
  });

  it("application status is per restaurant", async () => {
    const { a, b } = await createTenantPair();
    await expireTrial(a);
    const sent = await api("/api/application/submit", { token: a.token, body: { restaurant_name: "A Lokantası" } });
    expect(sent.status, sent.text).toBe(201);
    expect((await api("/api/application/status", { token: a.token })).json.has_application).toBe(true);
    expect((await api("/api/application/status", { token: b.token })).json).toEqual({ has_application: false, application: null });
    // A's pending application does not block B.
    await expireTrial(b);
    const sentB = await api("/api/application/submit", { token: b.token, body: { restaurant_name: "B Lokantası" } });
    expect(sentB.status, sentB.text).toBe(201);
    const statusB = await api("/api/application/status", { token: b.token });
    expect(statusB.json.application).toMatchObject({ id: sentB.json.application.id, restaurant_name: "B Lokantası" });
    const row = await prisma.premiumApplication.findUniqueOrThrow({ where: { id: sentB.json.application.id } });
    expect(row).toMatchObject({ restaurantId: b.restaurantId, ownerEmail: b.email });
  });
});

describe("every service-floor endpoint needs a session", () => {
  it.each([
    ["GET", "/api/tables"],
    ["POST", "/api/tables/1/status?status=empty"],
    ["GET", "/api/menu"],
    ["POST", "/api/orders"],
    ["GET", "/api/orders/table/1?status=active"],
    ["PUT", "/api/orders/table/1/update"],
    ["PUT", "/api/orders/1/pay?payment_method=cash"],
    ["GET", "/api/reports/daily"],
    ["POST", "/api/application/submit"],
    ["GET", "/api/application/status"],
  ])("%s %s without a token: 401", async (method, path) => {
    const body = method === "GET" ? undefined : { table_number: 1, items: [{ menu_item_id: 1, quantity: 1 }], restaurant_name: "X" };
    expectError(await api(path, { method, body }), 401, MESSAGES.unauthorized);
  });

  it.each([
    ["GET", "/api/tables"],
    ["POST", "/api/orders"],
    ["PUT", "/api/orders/1/pay?payment_method=cash"],
  ])("%s %s with an unknown token: 401 session expired", async (method, path) => {
    const body = method === "GET" ? undefined : {};
    expectError(await api(path, { method, body, token: "gecersiz-token" }), 401, MESSAGES.sessionExpired);
  });
});
