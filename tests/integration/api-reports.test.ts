// GET /api/reports/daily: today's figures in Europe/Istanbul, from real payments.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { istanbulToday, OWNER_NAME, payOrder, placeOrder } from "../setup/floor";
import { createStaffMember } from "../setup/staff";

const report = (tenant: Tenant) => api("/api/reports/daily", { token: tenant.token });
const HOUR_MS = 60 * 60 * 1000;

async function paid(tenant: Tenant, table: number, lines: [string, number][], method: "cash" | "card") {
  const order = await placeOrder(tenant, table, lines);
  const res = await payOrder(tenant, order.id, method);
  if (res.status !== 200) throw new Error(`payment failed: ${res.status} ${res.text}`);
  return order;
}

describe("GET /api/reports/daily", () => {
  it("a new restaurant: today's date and zeros", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await report(tenant);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      date: istanbulToday(),
      total_revenue: 0,
      total_orders: 0,
      cash_revenue: 0,
      cash_orders: 0,
      card_revenue: 0,
      card_orders: 0,
      meal_card_revenue: 0,
      meal_card_orders: 0,
      house_account_revenue: 0,
      house_account_orders: 0,
      meal_cards: [],
      avg_order_value: 0,
      table_performance: [],
      waiter_performance: [],
      void_count: 0,
      void_amount: 0,
      complimentary_count: 0,
      complimentary_amount: 0,
      discount_count: 0,
      discount_amount: 0,
      service_charge_total: 0,
      tips_total: 0,
      tips_by_waiter: [],
    });
    expect(res.json.date).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it("every field after cash and card payments; unpaid orders and yesterday's payments do not count", async () => {
    const tenant = await createTenant({ manager: true });
    // Test Sahibi: table 3 cash 760, table 7 card 840.
    await paid(tenant, 3, [["Adana Kebap", 2]], "cash");
    await paid(tenant, 7, [["İskender", 2]], "card");
    // Ali Sahibi, a waiter with his own account: table 3 card 60, table 12 cash 25.50. (Sorting by revenue, not by name or number.)
    const ali = await createStaffMember(tenant, { first_name: "Ali", last_name: "Sahibi" });
    await paid(ali, 3, [["Çay", 3]], "card");
    const su = await prisma.menuItem.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, name: "Su" } });
    await prisma.menuItem.update({ where: { id: su.id }, data: { price: "12.75" } });
    await paid(ali, 12, [["Su", 2]], "cash");

    // Not counted: an unpaid order, and a payment made 25 hours ago.
    await placeOrder(tenant, 9, [["Künefe", 1]]);
    const old = await paid(tenant, 15, [["Serpme Kahvaltı", 2]], "cash");
    await prisma.payment.updateMany({ where: { orderId: old.id }, data: { paidAt: new Date(Date.now() - 25 * HOUR_MS) } });

    const res = await report(tenant);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      date: istanbulToday(),
      total_revenue: 1685.5,
      total_orders: 4,
      cash_revenue: 785.5,
      cash_orders: 2,
      card_revenue: 900,
      card_orders: 2,
      meal_card_revenue: 0,
      meal_card_orders: 0,
      house_account_revenue: 0,
      house_account_orders: 0,
      meal_cards: [],
      avg_order_value: 421.38,
      table_performance: [
        { _id: 7, revenue: 840, orders: 1 },
        { _id: 3, revenue: 820, orders: 2 },
        { _id: 12, revenue: 25.5, orders: 1 },
      ],
      waiter_performance: [
        { _id: OWNER_NAME, user_id: tenant.userId, orders: 2, revenue: 1600 },
        { _id: "Ali Sahibi", user_id: ali.staffId, orders: 2, revenue: 85.5 },
      ],
      void_count: 0,
      void_amount: 0,
      complimentary_count: 0,
      complimentary_amount: 0,
      discount_count: 0,
      discount_amount: 0,
      service_charge_total: 0,
      tips_total: 0,
      tips_by_waiter: [],
    });
  });

  it("a payment made now counts; moved to 25 hours ago it no longer does", async () => {
    const tenant = await createTenant({ manager: true });
    const order = await paid(tenant, 2, [["Menemen", 1]], "card");
    expect((await report(tenant)).json).toMatchObject({ total_orders: 1, card_revenue: 160, card_orders: 1 });
    await prisma.payment.updateMany({ where: { orderId: order.id }, data: { paidAt: new Date(Date.now() - 25 * HOUR_MS) } });
    expect((await report(tenant)).json).toMatchObject({
      total_orders: 0,
      total_revenue: 0,
      card_orders: 0,
      table_performance: [],
      waiter_performance: [],
    });
  });

  it("an order paid today counts by its payment, even though it was opened yesterday", async () => {
    const tenant = await createTenant({ manager: true });
    const order = await placeOrder(tenant, 4, [["Sütlaç", 1]]);
    await prisma.order.update({ where: { id: order.id }, data: { createdAt: new Date(Date.now() - 25 * HOUR_MS) } });
    expect((await payOrder(tenant, order.id, "cash")).status).toBe(200);
    expect((await report(tenant)).json).toMatchObject({
      total_orders: 1,
      total_revenue: 110,
      cash_revenue: 110,
      table_performance: [{ _id: 4, revenue: 110, orders: 1 }],
    });
  });

  it("staff mode: 403", async () => {
    const tenant = await createTenant();
    expectError(await report(tenant), 403, MESSAGES.managerOnly);
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/reports/daily"), 401, MESSAGES.unauthorized);
  });

  it("POST: 405", async () => {
    const tenant = await createTenant({ manager: true });
    expectError(await api("/api/reports/daily", { token: tenant.token, body: {} }), 405, MESSAGES.methodNotAllowed);
  });
});
