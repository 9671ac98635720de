// PUT /api/orders/{id}/pay?payment_method=cash|card.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { EMPTY_TABLE, menuOf, MSG, orderRow, OWNER_NAME, paymentCount, payOrder, placeOrder, setStatus, tableState } from "../setup/floor";

describe("PUT /api/orders/{id}/pay", () => {
  it("cash: 200 with the amount from the database; a payments row, the order paid, the table freed", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 5, [
      ["Adana Kebap", 2],
      ["Ayran", 3],
    ]);
    const res = await payOrder(tenant, order.id, "cash");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      message: MSG.paid,
      order_id: order.id,
      amount: 880,
      service_charge: 0,
      tip: 0,
      tendered: null,
      change: null,
      order_total: 880,
      discount_code: null,
      discount_amount: 0,
      amount_charged: 880,
      method: "cash",
      meal_card: null,
      table_number: 5,
      table_freed: true,
      paid_at: expect.any(String),
    });

    const row = await orderRow(order.id);
    expect(row.status).toBe("paid");
    expect(row.paidAt).not.toBeNull();
    expect(row.payment).toMatchObject({
      restaurantId: tenant.restaurantId,
      orderId: order.id,
      method: "cash",
      takenById: tenant.userId,
      takenByName: OWNER_NAME,
    });
    expect(row.payment!.amount.toFixed(2)).toBe(row.totalAmount.toFixed(2));
    expect(row.payment!.amount.toFixed(2)).toBe("880.00");
    expect(row.payment!.paidAt.toISOString()).toBe(res.json.paid_at);
    expect(Math.abs(row.payment!.paidAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await paymentCount(tenant)).toBe(1);

    expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
    const list = await api("/api/tables", { token: tenant.token });
    expect(list.json[4]).toMatchObject({ number: 5, ...EMPTY_TABLE });
  });

  it("card, taken in staff mode: 200 with method card", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 9, [["İskender", 1]]);
    const res = await payOrder(tenant, order.id, "card");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ order_id: order.id, amount: 420, method: "card", table_number: 9, table_freed: true });
    const payment = await prisma.payment.findFirstOrThrow({ where: { orderId: order.id } });
    expect(payment.method).toBe("card");
    expect(payment.amount.toFixed(2)).toBe("420.00");
  });

  it("the amount is the order's total at payment time, after the menu price changed", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 3, [["Künefe", 2]], menu);
    await prisma.menuItem.update({ where: { id: menu["Künefe"]!.id }, data: { price: "999.00" } });
    const res = await payOrder(tenant, order.id, "cash");
    expect(res.json.amount).toBe(380);
    expect((await prisma.payment.findFirstOrThrow({ where: { orderId: order.id } })).amount.toFixed(2)).toBe("380.00");
  });

  it("payment_method in a JSON body also works", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 3, [["Su", 1]]);
    const res = await api(`/api/orders/${order.id}/pay`, { method: "PUT", token: tenant.token, body: { payment_method: "card" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.method).toBe("card");
  });

  it("one of two open orders: the table stays occupied; the last one frees it", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    expect((await setStatus(tenant, 7, { status: "occupied", waiter_name: "Ayşe", customer_count: 3 })).status).toBe(200);
    const first = await placeOrder(tenant, 7, [["Çay", 2]], menu);
    const second = await placeOrder(tenant, 7, [["Baklava", 1]], menu);
    const occupied = { status: "occupied", waiter_name: OWNER_NAME, customer_count: 3 };
    expect(await tableState(tenant, 7)).toEqual(occupied);

    const r1 = await payOrder(tenant, second.id, "card");
    expect(r1.status, r1.text).toBe(200);
    expect(r1.json).toMatchObject({ order_id: second.id, amount: 220, table_freed: false });
    expect(await tableState(tenant, 7)).toEqual(occupied);

    const r2 = await payOrder(tenant, first.id, "cash");
    expect(r2.status, r2.text).toBe(200);
    expect(r2.json).toMatchObject({ order_id: first.id, amount: 40, table_freed: true });
    expect(await tableState(tenant, 7)).toEqual(EMPTY_TABLE);
  });

  it("an open order on another table keeps that table occupied", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const a = await placeOrder(tenant, 1, [["Su", 1]], menu);
    await placeOrder(tenant, 2, [["Su", 1]], menu);
    expect((await payOrder(tenant, a.id)).json.table_freed).toBe(true);
    expect(await tableState(tenant, 1)).toEqual(EMPTY_TABLE);
    expect((await tableState(tenant, 2)).status).toBe("occupied");
  });

  it("a second payment: 409, still one payments row with the first method", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 5, [["Humus", 1]]);
    expect((await payOrder(tenant, order.id, "cash")).status).toBe(200);
    expectError(await payOrder(tenant, order.id, "card"), 409, MSG.alreadyPaid);
    expectError(await payOrder(tenant, order.id, "cash"), 409, MSG.alreadyPaid);
    expect(await paymentCount(tenant)).toBe(1);
    expect((await prisma.payment.findFirstOrThrow({ where: { orderId: order.id } })).method).toBe("cash");
  });

  it("a repeat with the same key (a retry after a lost answer) gets the first answer; another key gets 409", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 5, [["Humus", 1]]);
    const put = (headers: Record<string, string>, method = "cash") =>
      api(`/api/orders/${order.id}/pay?payment_method=${method}`, { method: "PUT", token: tenant.token, headers });
    const [a, b] = await Promise.all([put({ "idempotency-key": "retry-key-0001" }), put({ "idempotency-key": "retry-key-0001" })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.amount, b.json.amount]).toEqual([order.total_amount, order.total_amount]);
    expect([a.json.replayed, b.json.replayed].filter(Boolean)).toHaveLength(1);
    // Even a repeat that names another method is the same payment, taken once.
    const again = await put({ "idempotency-key": "retry-key-0001" }, "card");
    expect(again.status).toBe(200);
    expect(again.json.method).toBe("cash");
    expectError(await put({ "idempotency-key": "another-key-0002" }), 409, MSG.alreadyPaid);
    expectError(await put({}), 409, MSG.alreadyPaid);
    expect(await paymentCount(tenant)).toBe(1);
    const bad = await put({ "idempotency-key": "short" });
    expect(bad.status).toBe(400);
  });

  it("a paid order does not free a table taken again since", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const old = await placeOrder(tenant, 5, [["Su", 1]], menu);
    expect((await payOrder(tenant, old.id)).status).toBe(200);
    await placeOrder(tenant, 5, [["Kola", 1]], menu);
    expectError(await payOrder(tenant, old.id), 409, MSG.alreadyPaid);
    expect(await tableState(tenant, 5)).toEqual({ status: "occupied", waiter_name: OWNER_NAME, customer_count: 1 });
  });

  describe("refusals leave the order unpaid", () => {
    let tenant: Tenant;
    let orderId: number;
    beforeAll(async () => {
      tenant = await createTenant();
      orderId = (await placeOrder(tenant, 5, [["Su", 1]])).id;
    });
    const unpaid = async () => {
      expect((await orderRow(orderId)).status).toBe("active");
      expect(await paymentCount(tenant)).toBe(0);
      expect((await tableState(tenant, 5)).status).toBe("occupied");
    };

    it.each(["bitcoin", "CASH", ""])("payment_method '%s': 400", async (method) => {
      expectFieldError(await payOrder(tenant, orderId, method), "payment_method", MSG.badPaymentMethod);
      await unpaid();
    });

    it("no payment_method: 400", async () => {
      const res = await api(`/api/orders/${orderId}/pay`, { method: "PUT", token: tenant.token });
      expectFieldError(res, "payment_method", "Ödeme yöntemi zorunludur.");
      await unpaid();
    });

    it.each([
      ["x", MSG.orderIdNotNumber],
      ["1.5", "Sipariş numarası tam sayı olmalıdır."],
      ["0", "Sipariş numarası geçersiz."],
      ["-4", "Sipariş numarası geçersiz."],
    ])("id '%s': 400", async (id, detail) => {
      expectError(await payOrder(tenant, id, "cash"), 400, detail);
      await unpaid();
    });

    it("an unknown id: 404", async () => {
      expectError(await payOrder(tenant, 999999999, "cash"), 404, MSG.orderNotFound);
      await unpaid();
    });

    it("GET and POST: 405", async () => {
      expectError(await api(`/api/orders/${orderId}/pay?payment_method=cash`, { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
      expectError(
        await api(`/api/orders/${orderId}/pay?payment_method=cash`, { method: "POST", token: tenant.token }),
        405,
        MESSAGES.methodNotAllowed,
      );
      await unpaid();
    });
  });

  it("a cancelled order: 409", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 5, [["Su", 1]]);
    await prisma.order.update({ where: { id: order.id }, data: { status: "cancelled" } });
    expectError(await payOrder(tenant, order.id), 409, "Bu sipariş iptal edilmiş; ödenemez.");
    expect(await paymentCount(tenant)).toBe(0);
  });
});
