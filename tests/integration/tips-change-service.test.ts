// Issue 22 (decision 085): the settings' service charge actually charged (per order, on the lines
// after the discount, part of the amount), the tip (bahşiş) apart from revenue and credited to the
// order's waiter, cash tendered and the change.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { istanbulToday, menuOf, paymentCount, placeOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const JSON_TYPE = { "content-type": "application/json" };
const TOO_LOW = "Alınan tutar ödemeden az olamaz.";
const CASH_ONLY = "Alınan tutar (para üstü) yalnız nakit ödemede gönderilir.";

const pay = (tenant: Tenant, orderId: number, body: Record<string, unknown>) =>
  api(`/api/orders/${orderId}/pay`, { method: "PUT", token: tenant.token, body, headers: JSON_TYPE });

const setServiceCharge = (tenant: Tenant, percent: string) =>
  prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { serviceCharge: percent } });

/** An order of one "Su" priced at `price` (exact text) on `table`. */
async function orderOf(tenant: Tenant, table: number, price: string) {
  const menu = await menuOf(tenant);
  await prisma.menuItem.update({ where: { id: menu["Su"]!.id }, data: { price } });
  return placeOrder(tenant, table, [["Su", 1]], menu);
}

const paymentOf = (orderId: number) => prisma.payment.findFirstOrThrow({ where: { orderId } });

describe("the service charge is charged", () => {
  it("10 % on a ₺333,33 order charges ₺366,66, the service (₺33,33) kept on the payment", async () => {
    const tenant = await createTenant({ manager: true });
    await setServiceCharge(tenant, "10.00");
    const order = await orderOf(tenant, 4, "333.33");
    const res = await pay(tenant, order.id, { payment_method: "card" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      amount: 366.66,
      amount_charged: 366.66,
      service_charge: 33.33,
      order_total: 333.33,
      discount_amount: 0,
      tip: 0,
      tendered: null,
      change: null,
    });
    const p = await paymentOf(order.id);
    expect([p.amount.toFixed(2), p.serviceCharge.toFixed(2), p.tip.toFixed(2), p.tendered]).toEqual(["366.66", "33.33", "0.00", null]);
    const report = (await api("/api/reports/daily", { token: tenant.token })).json;
    expect(report).toMatchObject({ total_revenue: 366.66, service_charge_total: 33.33, tips_total: 0, tips_by_waiter: [] });
  });

  it("with a discount code the service is on the discounted lines", async () => {
    const tenant = await createTenant({ manager: true });
    await setServiceCharge(tenant, "10.00");
    const created = await api("/api/discounts", {
      method: "POST",
      token: tenant.token,
      headers: JSON_TYPE,
      body: {
        name: "Kasa",
        type: "percentage",
        value: 10,
        code: "SERVIS10",
        start_date: istanbulToday(),
        end_date: istanbulToday(),
      },
    });
    expect(created.status, created.text).toBe(201);
    const order = await orderOf(tenant, 2, "200.00");
    const res = await pay(tenant, order.id, { payment_method: "cash", discount_code: "SERVIS10" });
    expect(res.status, res.text).toBe(200);
    // 200 − 20 = 180 of lines; 10 % of 180 = 18 service; 198 charged.
    expect(res.json).toMatchObject({ order_total: 200, discount_amount: 20, service_charge: 18, amount: 198, amount_charged: 198 });
  });

  it("with 0 % nothing changes", async () => {
    const tenant = await createTenant({ manager: true });
    const order = await orderOf(tenant, 3, "333.33");
    const res = await pay(tenant, order.id, { payment_method: "cash" });
    expect(res.json).toMatchObject({ amount: 333.33, service_charge: 0, order_total: 333.33 });
  });

  it("the bill's service charge is the sum of the payments' service charges (table of two orders, rounded per order)", async () => {
    const tenant = await createTenant({ manager: true });
    await setServiceCharge(tenant, "12.50");
    // 12,5 % of 0,05 = 0,00625 → 0,01 per order: 0,02 together (on the summed 0,10 it would be 0,01).
    const first = await orderOf(tenant, 6, "0.05");
    const second = await orderOf(tenant, 6, "0.05");
    const bill = (await api("/api/tables/6/bill", { token: tenant.token })).json;
    expect(bill).toMatchObject({ subtotal: 0.1, service_charge: 0.02, total: 0.12 });
    for (const o of [first, second]) expect((await pay(tenant, o.id, { payment_method: "card" })).status).toBe(200);
    const payments = await prisma.payment.findMany({ where: { restaurantId: tenant.restaurantId } });
    const sum = (pick: (p: (typeof payments)[number]) => Prisma.Decimal) =>
      payments.reduce((s, p) => s.add(pick(p)), new Prisma.Decimal(0)).toFixed(2);
    expect(sum((p) => p.serviceCharge)).toBe("0.02");
    expect(sum((p) => p.amount)).toBe("0.12");
  });
});

describe("tips and cash tendered", () => {
  it("a tip is stored apart, not in revenue, credited per waiter in the daily report", async () => {
    const tenant = await createTenant({ manager: true });
    await setServiceCharge(tenant, "10.00");
    const ali = await createStaffMember(tenant, { first_name: "Ali", last_name: "Garson" });
    const own = await orderOf(tenant, 1, "100.00");
    const his = await placeOrder(ali, 2, [["Su", 2]]);
    const first = await pay(tenant, own.id, { payment_method: "card", tip: "15,50" });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ amount: 110, service_charge: 10, tip: 15.5, tendered: null, change: null });
    // Cash: 220 + 20 tip from 250 → 10 change.
    const second = await pay(tenant, his.id, { payment_method: "cash", tip: 20, tendered: "250" });
    expect(second.status, second.text).toBe(200);
    expect(second.json).toMatchObject({ amount: 220, service_charge: 20, tip: 20, tendered: 250, change: 10 });
    const p = await paymentOf(his.id);
    expect([p.amount.toFixed(2), p.tip.toFixed(2), p.tendered!.toFixed(2)]).toEqual(["220.00", "20.00", "250.00"]);

    const report = (await api("/api/reports/daily", { token: tenant.token })).json;
    expect(report).toMatchObject({
      total_revenue: 330,
      service_charge_total: 30,
      tips_total: 35.5,
      tips_by_waiter: [
        { waiter_name: "Ali Garson", amount: 20 },
        { waiter_name: "Test Sahibi", amount: 15.5 },
      ],
    });
  });

  it("refusals are 400 in Turkish and write nothing", async () => {
    const tenant = await createTenant({ manager: true });
    const order = await orderOf(tenant, 5, "100.00");
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ payment_method: "cash", tendered: "99,99" }, TOO_LOW],
      [{ payment_method: "cash", tendered: 105, tip: 10 }, TOO_LOW],
      [{ payment_method: "card", tendered: 200 }, CASH_ONLY],
      [{ payment_method: "cash", tip: -5 }, "Bahşiş negatif olamaz."],
      [{ payment_method: "cash", tip: "abc" }, /^Bahşiş bir sayı olmalıdır/],
      [{ payment_method: "cash", tip: 100_000 }, /^Bahşiş en fazla/],
    ];
    for (const [body, message] of cases) {
      const res = await pay(tenant, order.id, body);
      expectError(res, 400, message);
    }
    expect(await paymentCount(tenant)).toBe(0);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("active");
  });

  it("a repeat with the same pay_key answers the first and records nothing twice", async () => {
    const tenant = await createTenant({ manager: true });
    await setServiceCharge(tenant, "10.00");
    const order = await orderOf(tenant, 7, "90.00");
    const body = { payment_method: "cash", tip: "5", tendered: "200", pay_key: `k-${randomUUID()}` };
    const [a, b] = await Promise.all([pay(tenant, order.id, body), pay(tenant, order.id, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const figures = { amount: 99, service_charge: 9, tip: 5, tendered: 200, change: 96, order_total: 90 };
    expect(a.json).toMatchObject(figures);
    expect(b.json).toMatchObject(figures);
    expect([a.json.replayed, b.json.replayed].filter(Boolean)).toHaveLength(1);
    expect(await paymentCount(tenant)).toBe(1);
    const report = (await api("/api/reports/daily", { token: tenant.token })).json;
    expect(report).toMatchObject({ total_revenue: 99, tips_total: 5, service_charge_total: 9 });
  });
});

describe("the payments screen (works without JavaScript)", () => {
  it("the confirmation shows the service and asks for Bahşiş and Alınan (nakit); the receipt gives the change", async () => {
    const tenant = await createTenant({ manager: true });
    await setServiceCharge(tenant, "10.00");
    const order = await orderOf(tenant, 2, "100.00");
    const confirmation = await postForm(tenant, "/app/payments?table=2", { table: 2, method: "cash", order_id: order.id });
    expect(confirmation.status).toBe(200);
    const text = joinedText(confirmation.text);
    expect(text).toMatch(/data-testid="confirm-service"[^>]*>₺10,00/);
    expect(text).toMatch(/data-testid="confirm-amount"[^>]*>₺110,00/);
    expect(text).toContain('name="tip"');
    expect(text).toContain("Alınan (nakit)");
    const payKey = /name="pay_key" value="([^"]+)"/.exec(confirmation.text)![1]!;
    const fields = { intent: "pay", table: 2, method: "cash", order_id: order.id, pay_key: payKey };

    const short = await postForm(tenant, "/app/payments?table=2", { ...fields, tip: "10", tendered: "115" });
    expect(short.status).toBe(400);
    expect(joinedText(short.text)).toContain(TOO_LOW);
    expect(await paymentCount(tenant)).toBe(0);

    const done = await postForm(tenant, "/app/payments?table=2", { ...fields, tip: "10", tendered: "150" });
    expect(done.status, done.text).toBe(302);
    const receipt = joinedText((await getPage(tenant, done.location!)).text);
    expect(receipt).toContain("ÖDEME BAŞARILI");
    expect(receipt).toContain("₺110,00");
    expect(receipt).toContain("Bahşiş: ₺10,00");
    expect(receipt).toContain("Para üstü: ₺30,00");
  });

  it("one sum of cash for two orders: too little for both is refused before either is paid; the change goes on the last", async () => {
    const tenant = await createTenant({ manager: true });
    const a = await orderOf(tenant, 8, "40.00");
    const b = await orderOf(tenant, 8, "60.00");
    const fields = { intent: "pay", table: 8, method: "cash", order_id: [a.id, b.id], pay_key: `k-${randomUUID()}` };
    const short = await postForm(tenant, "/app/payments?table=8", { ...fields, tendered: "90" });
    expect(short.status).toBe(400);
    expect(joinedText(short.text)).toContain(TOO_LOW);
    expect(await paymentCount(tenant)).toBe(0);
    const done = await postForm(tenant, "/app/payments?table=8", { ...fields, tendered: "120", tip: "5" });
    expect(done.status, done.text).toBe(302);
    const [pa, pb] = [await paymentOf(a.id), await paymentOf(b.id)];
    expect([pa.tendered!.toFixed(2), pa.tip.toFixed(2)]).toEqual(["40.00", "0.00"]);
    expect([pb.tendered!.toFixed(2), pb.tip.toFixed(2)]).toEqual(["80.00", "5.00"]);
    const receipt = joinedText((await getPage(tenant, done.location!)).text);
    expect(receipt).toContain("Para üstü: ₺15,00");
  });
});
