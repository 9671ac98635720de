// POST /api/orders, PUT /api/orders/table/{n}/update and GET /api/orders/table/{n}.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import {
  clientOrderId,
  EMPTY_TABLE,
  linesOf,
  menuOf,
  MSG,
  orderCount,
  orderRow,
  OWNER_NAME,
  payOrder,
  placeOrder,
  postOrder,
  setStatus,
  tableOrders,
  tableState,
  updateOrder,
  type MenuEntry,
} from "../setup/floor";

type Menu = Record<string, MenuEntry>;

const line = (menu: Menu, name: string, quantity: number, price: number) => ({
  menu_item_id: menu[name]!.id,
  menu_item_name: name,
  quantity,
  unit_price: price,
  total_price: price * quantity,
  discount_applied: 0,
  complimentary: false,
  note: null,
  options: [],
});

describe("POST /api/orders", () => {
  it("201: prices and total come from the menu; the client's prices, total and waiter are ignored", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const res = await postOrder(tenant, {
      table_number: 5,
      waiter_name: "Sahte Garson",
      total_amount: 1,
      items: [
        {
          menu_item_id: menu["Adana Kebap"]!.id,
          menu_item_name: "Bedava",
          quantity: 2,
          unit_price: 0.01,
          total_price: 0.02,
          discount_applied: 380,
        },
        { menu_item_id: menu["Ayran"]!.id, quantity: 3, unit_price: -1000, total_price: 999999 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("idempotent-replay")).toBeNull();
    const expectedLines = [line(menu, "Adana Kebap", 2, 380), line(menu, "Ayran", 3, 40)].sort((x, y) => x.menu_item_id - y.menu_item_id);
    expect({ ...res.json, items: linesOf(res.json.items) }).toEqual({
      id: expect.any(Number),
      table_number: 5,
      waiter_name: OWNER_NAME,
      status: "active",
      total_amount: 880,
      client_order_id: null,
      version: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      items: expectedLines,
    });
    expect(Math.abs(Date.parse(res.json.created_at) - Date.now())).toBeLessThan(60_000);

    const row = await orderRow(res.json.id);
    expect(row.restaurantId).toBe(tenant.restaurantId);
    expect(row.totalAmount.toFixed(2)).toBe("880.00");
    expect(row.createdById).toBe(tenant.userId);
    expect(row.waiterName).toBe(OWNER_NAME);
    expect(row.tableNumber).toBe(5);
    expect(
      row.items
        .map((i) => [i.menuItemName, i.quantity, i.unitPrice.toFixed(2), i.totalPrice.toFixed(2), i.discountApplied.toFixed(2)])
        .sort(),
    ).toEqual([
      ["Adana Kebap", 2, "380.00", "760.00", "0.00"],
      ["Ayran", 3, "40.00", "120.00", "0.00"],
    ]);
  });

  it("sets the table occupied with the owner's name and one guest", async () => {
    const tenant = await createTenant();
    await placeOrder(tenant, 7, [["Çay", 2]]);
    expect(await tableState(tenant, 7)).toEqual({ status: "occupied", waiter_name: OWNER_NAME, customer_count: 1 });
    const list = await api("/api/tables", { token: tenant.token });
    expect(list.json[6]).toMatchObject({ number: 7, status: "occupied", waiter_name: OWNER_NAME, customer_count: 1 });
    // The other tables stay empty.
    expect(list.json.filter((t: any) => t.status !== "empty").map((t: any) => t.number)).toEqual([7]);
  });

  it("keeps a guest count the manager set", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await setStatus(tenant, 3, { status: "occupied", waiter_name: "Ayşe", customer_count: 4 })).status).toBe(200);
    await placeOrder(tenant, 3, [["Su", 1]]);
    expect(await tableState(tenant, 3)).toEqual({ status: "occupied", waiter_name: OWNER_NAME, customer_count: 4 });
  });

  it("an order on a reserved table takes it (occupied, one guest)", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await setStatus(tenant, 11, { status: "reserved" })).status).toBe(200);
    await placeOrder(tenant, 11, [["Su", 1]]);
    expect(await tableState(tenant, 11)).toEqual({ status: "occupied", waiter_name: OWNER_NAME, customer_count: 1 });
  });

  it("repeated menu items are merged into one line", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const res = await postOrder(tenant, {
      table_number: 2,
      items: [
        { menu_item_id: menu["Çay"]!.id, quantity: 2 },
        { menu_item_id: menu["Su"]!.id, quantity: 1 },
        { menu_item_id: menu["Çay"]!.id, quantity: 3 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.total_amount).toBe(115);
    expect(linesOf(res.json.items)).toEqual(
      [line(menu, "Çay", 5, 20), line(menu, "Su", 1, 15)].sort((x, y) => x.menu_item_id - y.menu_item_id),
    );
    expect((await orderRow(res.json.id)).items).toHaveLength(2);
  });

  it("kuruş are added exactly", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await prisma.menuItem.update({ where: { id: menu["Çay"]!.id }, data: { price: "0.10" } });
    await prisma.menuItem.update({ where: { id: menu["Su"]!.id }, data: { price: "0.20" } });
    const res = await postOrder(tenant, {
      table_number: 1,
      items: [
        { menu_item_id: menu["Çay"]!.id, quantity: 1 },
        { menu_item_id: menu["Su"]!.id, quantity: 1 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.total_amount).toBe(0.3);
    expect((await orderRow(res.json.id)).totalAmount.toFixed(2)).toBe("0.30");
  });

  describe("refusals write nothing", () => {
    let tenant: Tenant;
    let menu: Menu;
    beforeAll(async () => {
      tenant = await createTenant();
      menu = await menuOf(tenant);
    });
    const item = (name: string, quantity = 1) => ({ menu_item_id: menu[name]!.id, quantity });

    const cases: [string, () => unknown, string | null, string][] = [
      ["empty items", () => ({ table_number: 5, items: [] }), "items", MSG.emptyCart],
      ["no items", () => ({ table_number: 5 }), "items", MSG.emptyCart],
      ["items null", () => ({ table_number: 5, items: null }), "items", MSG.emptyCart],
      ["no table_number", () => ({ items: [item("Çay")] }), "table_number", MSG.noTable],
      ["table_number null", () => ({ table_number: null, items: [item("Çay")] }), "table_number", MSG.noTable],
      ["table_number 0", () => ({ table_number: 0, items: [item("Çay")] }), "table_number", MSG.noTable],
      ["table_number '5'", () => ({ table_number: "5", items: [item("Çay")] }), "table_number", MSG.tableNotNumber],
      ["quantity 0", () => ({ table_number: 5, items: [item("Çay", 0)] }), "items.0.quantity", MSG.quantityRange],
      ["quantity 100", () => ({ table_number: 5, items: [item("Çay", 100)] }), "items.0.quantity", MSG.quantityRange],
      ["quantity -1", () => ({ table_number: 5, items: [item("Çay", -1)] }), "items.0.quantity", MSG.quantityRange],
      ["quantity 1.5", () => ({ table_number: 5, items: [item("Su"), item("Çay", 1.5)] }), "items.1.quantity", MSG.quantityInt],
      ["no quantity", () => ({ table_number: 5, items: [{ menu_item_id: menu["Çay"]!.id }] }), "items.0.quantity", "Adet zorunludur."],
      ["no menu_item_id", () => ({ table_number: 5, items: [{ quantity: 1 }] }), "items.0.menu_item_id", "Ürün numarası zorunludur."],
      [
        "client_order_id too short",
        () => ({ table_number: 5, items: [item("Çay")], client_order_id: "abc" }),
        "client_order_id",
        MSG.badClientOrderId,
      ],
      [
        "client_order_id with a space",
        () => ({ table_number: 5, items: [item("Çay")], client_order_id: "abc def ghi" }),
        "client_order_id",
        MSG.badClientOrderId,
      ],
      [
        "client_order_id of 65 characters",
        () => ({ table_number: 5, items: [item("Çay")], client_order_id: "a".repeat(65) }),
        "client_order_id",
        MSG.badClientOrderId,
      ],
      [
        "client_order_id a number",
        () => ({ table_number: 5, items: [item("Çay")], client_order_id: 12345678 }),
        "client_order_id",
        "İstemci sipariş numarası metin olmalıdır.",
      ],
    ];
    it.each(cases)("%s: 400", async (_name, body, field, detail) => {
      expectFieldError(await postOrder(tenant, body()), field!, detail);
      expect(await orderCount(tenant)).toBe(0);
      expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
    });

    it("quantities of one item adding up to more than 99: 400", async () => {
      expectError(
        await postOrder(tenant, { table_number: 5, items: [item("Çay", 50), item("Su"), item("Çay", 50)] }),
        400,
        MSG.quantityRange,
      );
      expect(await orderCount(tenant)).toBe(0);
      expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
    });

    it("an unknown menu item, even next to a known one: 404", async () => {
      const res = await postOrder(tenant, { table_number: 5, items: [item("Çay"), { menu_item_id: 999999999, quantity: 1 }] });
      expectError(res, 404, MSG.unknownMenuItem(999999999));
      expect(res.json.menu_item_id).toBe(999999999);
      expect(await orderCount(tenant)).toBe(0);
      expect(await prisma.orderItem.count({ where: { order: { restaurantId: tenant.restaurantId } } })).toBe(0);
      expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
    });

    it("an unknown table: 404", async () => {
      expectError(await postOrder(tenant, { table_number: 999, items: [item("Çay")] }), 404, MSG.tableNotFound(999));
      expect(await orderCount(tenant)).toBe(0);
    });

    it("malformed JSON: 400", async () => {
      expectError(await postOrder(tenant, '{"table_number": 5, "items": ['), 400, MESSAGES.malformedJson);
      expect(await orderCount(tenant)).toBe(0);
    });

    it("a JSON array: 400", async () => {
      expectError(await postOrder(tenant, [{ table_number: 5 }]), 400, MESSAGES.expectedJsonObject);
    });

    it("a text/plain body: 415", async () => {
      const res = await api("/api/orders", {
        token: tenant.token,
        body: JSON.stringify({ table_number: 5, items: [item("Çay")] }),
        headers: { "content-type": "text/plain" },
      });
      expectError(res, 415, MESSAGES.unsupportedMediaType);
      expect(await orderCount(tenant)).toBe(0);
      expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
    });

    it("an empty body: 400 (asks for a table first)", async () => {
      expectFieldError(await api("/api/orders", { method: "POST", token: tenant.token }), "table_number", MSG.noTable);
    });
  });

  it("a sold-out item, even next to an available one: 409 naming it, nothing written", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await prisma.menuItem.update({ where: { id: menu["Künefe"]!.id }, data: { available: false } });
    const res = await postOrder(tenant, {
      table_number: 5,
      items: [
        { menu_item_id: menu["Çay"]!.id, quantity: 1 },
        { menu_item_id: menu["Künefe"]!.id, quantity: 1 },
      ],
    });
    expectError(res, 409, MSG.unavailable("Künefe"));
    expect(res.json.menu_item_id).toBe(menu["Künefe"]!.id);
    expect(await orderCount(tenant)).toBe(0);
    expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
  });

  it("an out-of-order table: 409, and it stays out of order", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    expect((await setStatus(tenant, 5, { status: "out_of_order" })).status).toBe(200);
    expectError(
      await postOrder(tenant, { table_number: 5, items: [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }] }),
      409,
      MSG.outOfOrder(5),
    );
    expect(await orderCount(tenant)).toBe(0);
    expect(await tableState(tenant, 5)).toEqual({ status: "out_of_order", waiter_name: null, customer_count: 0 });
  });

  it("staff mode may take orders", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 1, [["Çay", 1]]);
    expect(order.total_amount).toBe(20);
  });

  it("GET: 405", async () => {
    const tenant = await createTenant();
    expectError(await api("/api/orders", { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
  });

  describe("idempotency with client_order_id", () => {
    it("a repeat answers 200 with the first order and Idempotent-Replay: true; one order exists", async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const key = clientOrderId();
      const body = { table_number: 4, client_order_id: key, items: [{ menu_item_id: menu["Menemen"]!.id, quantity: 2 }] };
      const first = await postOrder(tenant, body);
      expect(first.status, first.text).toBe(201);
      expect(first.headers.get("idempotent-replay")).toBeNull();
      expect(first.json.client_order_id).toBe(key);

      const again = await postOrder(tenant, body);
      expect(again.status, again.text).toBe(200);
      expect(again.headers.get("idempotent-replay")).toBe("true");
      expect(again.json).toEqual(first.json);
      expect(await orderCount(tenant)).toBe(1);
      expect(await prisma.order.count({ where: { restaurantId: tenant.restaurantId, clientOrderId: key } })).toBe(1);
      expect(await prisma.orderItem.count({ where: { orderId: first.json.id } })).toBe(1);
    });

    it("a replay with other items and another table creates and changes nothing", async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const key = clientOrderId();
      const first = await postOrder(tenant, {
        table_number: 4,
        client_order_id: key,
        items: [{ menu_item_id: menu["Menemen"]!.id, quantity: 2 }],
      });
      expect(first.status).toBe(201);
      const replay = await postOrder(tenant, {
        table_number: 9,
        client_order_id: key,
        items: [{ menu_item_id: menu["İskender"]!.id, quantity: 5 }],
      });
      expect(replay.status, replay.text).toBe(200);
      expect(replay.headers.get("idempotent-replay")).toBe("true");
      expect(replay.json).toEqual(first.json);
      expect(replay.json.total_amount).toBe(320);
      expect(await orderCount(tenant)).toBe(1);
      const row = await orderRow(first.json.id);
      expect(row.items.map((i) => [i.menuItemName, i.quantity])).toEqual([["Menemen", 2]]);
      expect(row.totalAmount.toFixed(2)).toBe("320.00");
      expect(await tableState(tenant, 9)).toEqual(EMPTY_TABLE);
    });

    it("a different client_order_id is a new order", async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const body = (key: string) => ({ table_number: 4, client_order_id: key, items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] });
      const [r1, r2] = [await postOrder(tenant, body(clientOrderId())), await postOrder(tenant, body(clientOrderId()))];
      expect([r1.status, r2.status]).toEqual([201, 201]);
      expect(r1.json.id).not.toBe(r2.json.id);
      expect(await orderCount(tenant)).toBe(2);
    });

    it("an Idempotency-Key header works like client_order_id: 10 concurrent requests with one key make one order", async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const key = clientOrderId();
      const body = { table_number: 4, items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] };
      const send = () => api("/api/orders", { token: tenant.token, body, headers: { "idempotency-key": key } });
      const results = await Promise.all(Array.from({ length: 10 }, send));
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join("\n")).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
      expect(results.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(9);
      expect(await orderCount(tenant)).toBe(1);
      expect(results[0]!.json.client_order_id).toBe(key);
      // The body's own key wins over the header; a malformed header is refused.
      const own = clientOrderId();
      const withBoth = await api("/api/orders", {
        token: tenant.token,
        body: { ...body, client_order_id: own },
        headers: { "idempotency-key": key },
      });
      expect(withBoth.status, withBoth.text).toBe(201);
      expect(withBoth.json.client_order_id).toBe(own);
      expectError(
        await api("/api/orders", { token: tenant.token, body, headers: { "idempotency-key": "kisa" } }),
        400,
        "Idempotency-Key başlığı 8-64 harf, rakam, - veya _ olmalıdır.",
      );
      expect(await orderCount(tenant)).toBe(2);
    });

    it("a replay of a refused order is refused again, not replayed", async () => {
      const tenant = await createTenant();
      const key = clientOrderId();
      const body = { table_number: 4, client_order_id: key, items: [{ menu_item_id: 999999999, quantity: 1 }] };
      expectError(await postOrder(tenant, body), 404, MSG.unknownMenuItem(999999999));
      expectError(await postOrder(tenant, body), 404, MSG.unknownMenuItem(999999999));
      expect(await orderCount(tenant)).toBe(0);
    });

    it("the replay still answers after the order was paid", async () => {
      const tenant = await createTenant();
      const menu = await menuOf(tenant);
      const key = clientOrderId();
      const body = { table_number: 4, client_order_id: key, items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] };
      const first = await postOrder(tenant, body);
      expect((await payOrder(tenant, first.json.id)).status).toBe(200);
      const replay = await postOrder(tenant, body);
      expect(replay.status, replay.text).toBe(200);
      expect(replay.json.id).toBe(first.json.id);
      expect(replay.json.status).toBe("paid");
      expect(await orderCount(tenant)).toBe(1);
      // A replay must not take the freed table again.
      expect(await tableState(tenant, 4)).toEqual(EMPTY_TABLE);
    });
  });
});

describe("PUT /api/orders/table/{n}/update", () => {
  // These edits take sent items away: a manager does them, with a reason (see order-take-away.test.ts).
  it("replaces the items and total of the table's open order; the old items are gone", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    const order = await placeOrder(
      tenant,
      6,
      [
        ["Adana Kebap", 1],
        ["Kola", 2],
      ],
      menu,
    );
    const oldItemIds = (await orderRow(order.id)).items.map((i) => i.id);
    const res = await updateOrder(tenant, 6, {
      table_number: 6,
      total_amount: 1,
      reason: "wrong_order",
      items: [
        { menu_item_id: menu["Çay"]!.id, quantity: 2, unit_price: 1000, total_price: 2000 },
        { menu_item_id: menu["Su"]!.id, quantity: 1, unit_price: 0 },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: order.id, table_number: 6, status: "active", total_amount: 55, waiter_name: OWNER_NAME });
    expect(linesOf(res.json.items)).toEqual(
      [line(menu, "Çay", 2, 20), line(menu, "Su", 1, 15)].sort((x, y) => x.menu_item_id - y.menu_item_id),
    );

    const row = await orderRow(order.id);
    expect(row.totalAmount.toFixed(2)).toBe("55.00");
    expect(row.items.map((i) => [i.menuItemName, i.quantity, i.totalPrice.toFixed(2)]).sort()).toEqual([
      ["Su", 1, "15.00"],
      ["Çay", 2, "40.00"],
    ]);
    expect(await prisma.orderItem.count({ where: { id: { in: oldItemIds } } })).toBe(0);
    expect(await orderCount(tenant)).toBe(1);
    expect(await tableState(tenant, 6)).toEqual({ status: "occupied", waiter_name: OWNER_NAME, customer_count: 1 });
  });

  it("merges repeated items as a new order does", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 6, [["Su", 1]], menu);
    const res = await updateOrder(tenant, 6, {
      reason: "wrong_order",
      items: [
        { menu_item_id: menu["Ayran"]!.id, quantity: 1 },
        { menu_item_id: menu["Ayran"]!.id, quantity: 2 },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.total_amount).toBe(120);
    expect((await orderRow(order.id)).items.map((i) => [i.menuItemName, i.quantity])).toEqual([["Ayran", 3]]);
  });

  it("with two open orders: the latest by default, or the one named by order_id", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    const older = await placeOrder(tenant, 8, [["Su", 1]], menu);
    const newer = await placeOrder(tenant, 8, [["Kola", 1]], menu);

    const latest = await updateOrder(tenant, 8, { reason: "wrong_order", items: [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }] });
    expect(latest.status, latest.text).toBe(200);
    expect(latest.json.id).toBe(newer.id);
    expect((await orderRow(older.id)).items.map((i) => i.menuItemName)).toEqual(["Su"]);

    const named = await updateOrder(tenant, 8, {
      order_id: older.id,
      reason: "wrong_order",
      items: [{ menu_item_id: menu["Ayran"]!.id, quantity: 2 }],
    });
    expect(named.status, named.text).toBe(200);
    expect(named.json).toMatchObject({ id: older.id, total_amount: 80 });
    expect((await orderRow(newer.id)).items.map((i) => i.menuItemName)).toEqual(["Çay"]);
  });

  it("an order_id of another table: 404", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const other = await placeOrder(tenant, 2, [["Su", 1]], menu);
    await placeOrder(tenant, 8, [["Su", 1]], menu);
    expectError(
      await updateOrder(tenant, 8, { order_id: other.id, items: [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }] }),
      404,
      MSG.noOpenOrder,
    );
    expect((await orderRow(other.id)).items.map((i) => i.menuItemName)).toEqual(["Su"]);
  });

  it("an empty table: 404, nothing is written and the table stays empty", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    expectError(await updateOrder(tenant, 6, { items: [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }] }), 404, MSG.noOpenOrder);
    expect(await orderCount(tenant)).toBe(0);
    expect(await tableState(tenant, 6)).toEqual(EMPTY_TABLE);
  });

  it("after the order was paid: 404, and the paid order keeps its items", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 6, [["İskender", 1]], menu);
    expect((await payOrder(tenant, order.id, "card")).status).toBe(200);
    expectError(await updateOrder(tenant, 6, { items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] }), 404, MSG.noOpenOrder);
    expectError(
      await updateOrder(tenant, 6, { order_id: order.id, items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] }),
      404,
      MSG.noOpenOrder,
    );
    const row = await orderRow(order.id);
    expect(row.items.map((i) => [i.menuItemName, i.quantity])).toEqual([["İskender", 1]]);
    expect(row.totalAmount.toFixed(2)).toBe("420.00");
    expect(await tableState(tenant, 6)).toEqual(EMPTY_TABLE);
  });

  describe("refusals leave the order as it was", () => {
    let tenant: Tenant;
    let menu: Menu;
    let orderId: number;
    beforeAll(async () => {
      tenant = await createTenant();
      menu = await menuOf(tenant);
      orderId = (await placeOrder(tenant, 6, [["Adana Kebap", 1]], menu)).id;
    });
    const unchanged = async () => {
      const row = await orderRow(orderId);
      expect(row.items.map((i) => [i.menuItemName, i.quantity])).toEqual([["Adana Kebap", 1]]);
      expect(row.totalAmount.toFixed(2)).toBe("380.00");
    };

    it.each([
      ["empty items", { items: [] }, "items", MSG.emptyCart],
      ["no items", {}, "items", MSG.emptyCart],
      ["quantity 100", { items: [{ menu_item_id: 1, quantity: 100 }] }, "items.0.quantity", MSG.quantityRange],
      ["quantity 1.5", { items: [{ menu_item_id: 1, quantity: 1.5 }] }, "items.0.quantity", MSG.quantityInt],
      ["order_id 'x'", { order_id: "x", items: [{ menu_item_id: 1, quantity: 1 }] }, "order_id", MSG.orderIdNotNumber],
    ])("%s: 400", async (_name, body, field, detail) => {
      expectFieldError(await updateOrder(tenant, 6, body), field, detail);
      await unchanged();
    });

    it("an unknown menu item: 404", async () => {
      expectError(await updateOrder(tenant, 6, { items: [{ menu_item_id: 999999999, quantity: 1 }] }), 404, MSG.unknownMenuItem(999999999));
      await unchanged();
    });

    it("a sold-out item: 409", async () => {
      await prisma.menuItem.update({ where: { id: menu["Baklava"]!.id }, data: { available: false } });
      const res = await updateOrder(tenant, 6, {
        items: [
          { menu_item_id: menu["Su"]!.id, quantity: 1 },
          { menu_item_id: menu["Baklava"]!.id, quantity: 1 },
        ],
      });
      expectError(res, 409, MSG.unavailable("Baklava"));
      await unchanged();
    });

    it("merged quantities over 99: 400", async () => {
      const id = menu["Su"]!.id;
      expectError(
        await updateOrder(tenant, 6, {
          items: [
            { menu_item_id: id, quantity: 60 },
            { menu_item_id: id, quantity: 40 },
          ],
        }),
        400,
        MSG.quantityRange,
      );
      await unchanged();
    });

    it("malformed JSON: 400", async () => {
      expectError(await updateOrder(tenant, 6, "{items:"), 400, MESSAGES.malformedJson);
      await unchanged();
    });

    it("an unknown table: 404", async () => {
      expectError(await updateOrder(tenant, 999, { items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] }), 404, MSG.tableNotFound(999));
      await unchanged();
    });

    it("table 'abc': 400", async () => {
      expectError(await updateOrder(tenant, "abc", { items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] }), 400, MSG.tableNotNumber);
      await unchanged();
    });

    it("POST and GET: 405", async () => {
      const body = { items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] };
      expectError(await api("/api/orders/table/6/update", { token: tenant.token, body }), 405, MESSAGES.methodNotAllowed);
      expectError(await api("/api/orders/table/6/update", { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
      await unchanged();
    });
  });
});

describe("GET /api/orders/table/{n}", () => {
  it("active and payable: the table's unpaid orders with their items, oldest first", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const first = await placeOrder(
      tenant,
      4,
      [
        ["Menemen", 1],
        ["Çay", 2],
      ],
      menu,
    );
    const second = await placeOrder(tenant, 4, [["Künefe", 1]], menu);
    await placeOrder(tenant, 5, [["Su", 1]], menu);

    for (const status of ["active", "payable", undefined]) {
      const res = await tableOrders(tenant, 4, status);
      expect(res.status, res.text).toBe(200);
      expect(res.json.map((o: any) => o.id)).toEqual([first.id, second.id]);
      expect(res.json[0]).toEqual(first);
      expect(res.json[1]).toMatchObject({ table_number: 4, status: "active", total_amount: 190, waiter_name: OWNER_NAME });
      expect(res.json[1].items).toEqual([
        expect.objectContaining({
          menu_item_id: menu["Künefe"]!.id,
          menu_item_name: "Künefe",
          quantity: 1,
          unit_price: 190,
          total_price: 190,
        }),
      ]);
    }
  });

  it("paid orders are no longer listed", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const paid = await placeOrder(tenant, 4, [["Su", 1]], menu);
    const open = await placeOrder(tenant, 4, [["Kola", 1]], menu);
    expect((await payOrder(tenant, paid.id)).status).toBe(200);
    expect((await tableOrders(tenant, 4, "payable")).json.map((o: any) => o.id)).toEqual([open.id]);
    expect((await payOrder(tenant, open.id)).status).toBe(200);
    expect((await tableOrders(tenant, 4, "active")).json).toEqual([]);
  });

  it("an empty table: an empty list", async () => {
    const tenant = await createTenant();
    const res = await tableOrders(tenant, 20, "active");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([]);
  });

  it("status=bogus: 400", async () => {
    const tenant = await createTenant();
    expectFieldError(await tableOrders(tenant, 4, "bogus"), "status", MSG.badOrderStatus);
  });

  it("an unknown table: 404; table 'abc': 400", async () => {
    const tenant = await createTenant();
    expectError(await tableOrders(tenant, 999, "active"), 404, MSG.tableNotFound(999));
    expectError(await tableOrders(tenant, "abc", "active"), 400, MSG.tableNotNumber);
  });

  it("numbers in paths are plain decimals: hex, exponent, sign, fraction, spaces and 20 digits get 400", async () => {
    const tenant = await createTenant();
    for (const n of ["0x4", "4e0", "+4", "4.", ".5", "%204", "04%20", "99999999999999999999"]) {
      const res = await tableOrders(tenant, n, "active");
      expect(res.status, `${n}: ${res.text}`).toBe(400);
      expect(res.json.detail, n).toBeTypeOf("string");
    }
    const pay = await api("/api/orders/0x1/pay?payment_method=cash", { method: "PUT", token: tenant.token });
    expect(pay.status, pay.text).toBe(400);
  });

  it("POST: 405", async () => {
    const tenant = await createTenant();
    expectError(await api("/api/orders/table/4", { token: tenant.token, body: {} }), 405, MESSAGES.methodNotAllowed);
  });
});
