// The server side of the premium gate on the service floor: order taking and payment close
// when the trial ends; reading tables and the menu does not.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant } from "../setup/factories";
import { getPage, joinedText } from "../setup/pages";
import { createStaffMember, setMode } from "../setup/staff";
import {
  expireTrial,
  menuOf,
  MSG,
  orderCount,
  orderRow,
  paymentCount,
  payOrder,
  placeOrder,
  postOrder,
  tableOrders,
  tableState,
  updateOrder,
} from "../setup/floor";

describe("premium gate on orders and payments", () => {
  it("an expired trial: POST /api/orders 403 'order_taking', nothing written", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await expireTrial(tenant);
    const res = await postOrder(tenant, { table_number: 5, items: [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }] });
    expectError(res, 403, MSG.orderGate);
    expect(res.json).toMatchObject({ feature: "order_taking", upgrade_required: true });
    expect(await orderCount(tenant)).toBe(0);
    expect((await tableState(tenant, 5)).status).toBe("empty");
  });

  it("an expired trial: the gate answers before the body is looked at", async () => {
    const tenant = await createTenant();
    await expireTrial(tenant);
    expectError(await postOrder(tenant, { items: [] }), 403, MSG.orderGate);
  });

  it("an expired trial: PUT update 403 'order_taking', PUT pay 403 'payment_processing'; the order is untouched", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 6, [["Adana Kebap", 1]], menu);
    await expireTrial(tenant);

    const update = await updateOrder(tenant, 6, { items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] });
    expectError(update, 403, MSG.orderGate);
    expect(update.json).toMatchObject({ feature: "order_taking", upgrade_required: true });

    const pay = await payOrder(tenant, order.id, "cash");
    expectError(pay, 403, MSG.paymentGate);
    expect(pay.json).toMatchObject({ feature: "payment_processing", upgrade_required: true });

    const row = await orderRow(order.id);
    expect(row.status).toBe("active");
    expect(row.items.map((i) => i.menuItemName)).toEqual(["Adana Kebap"]);
    expect(await paymentCount(tenant)).toBe(0);
    expect((await tableState(tenant, 6)).status).toBe("occupied");
  });

  it("an expired trial can still read tables, the menu and a table's orders", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 6, [["Su", 1]]);
    await expireTrial(tenant);
    const tables = await api("/api/tables", { token: tenant.token });
    expect(tables.status, tables.text).toBe(200);
    expect(tables.json).toHaveLength(20);
    const menu = await api("/api/menu", { token: tenant.token });
    expect(menu.status, menu.text).toBe(200);
    expect(menu.json).toHaveLength(20);
    const orders = await tableOrders(tenant, 6, "payable");
    expect(orders.status, orders.text).toBe(200);
    expect(orders.json.map((o: any) => o.id)).toEqual([order.id]);
  });

  it("after an upgrade, orders and payments work again", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    await expireTrial(tenant);
    const body = { table_number: 2, items: [{ menu_item_id: menu["Kola"]!.id, quantity: 2 }] };
    expectError(await postOrder(tenant, body), 403, MSG.orderGate);

    const upgrade = await api("/api/trial/upgrade", { token: tenant.token, body: { plan: "pro" } });
    expect(upgrade.status, upgrade.text).toBe(200);

    const created = await postOrder(tenant, body);
    expect(created.status, created.text).toBe(201);
    expect(created.json.total_amount).toBe(120);
    const updated = await updateOrder(tenant, 2, { items: [{ menu_item_id: menu["Kola"]!.id, quantity: 3 }] });
    expect(updated.status, updated.text).toBe(200);
    const pay = await payOrder(tenant, created.json.id, "card");
    expect(pay.status, pay.text).toBe(200);
    expect(pay.json.amount).toBe(180);
  });

  it("a suspended subscription: 403 with its own reason", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 6, [["Su", 1]], menu);
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { subscriptionStatus: "suspended" } });
    expectError(
      await postOrder(tenant, { table_number: 5, items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }] }),
      403,
      "Aboneliğiniz aktif değil. Sipariş alma için planınızı yükseltin.",
    );
    expectError(await payOrder(tenant, order.id), 403, "Aboneliğiniz aktif değil. Ödeme alma için planınızı yükseltin.");
  });

  it("a waiter meets the gate: no application link (that page is 403 to them), they are told to ask their manager", async () => {
    const manager = await createTenant({ manager: true });
    const waiter = await createStaffMember(manager, { role: "waiter" });
    await setMode(waiter, "staff");
    await expireTrial(manager);
    const page = await getPage(waiter, "/app/payments");
    expect(page.status).toBe(200);
    expect(joinedText(page.text)).toContain("Planı yükseltmek için restoran yöneticinize başvurun.");
    expect(page.text).not.toContain("/app/premium-application");
    expect((await getPage(waiter, "/app/premium-application")).status).toBe(403);
    // The owner, in staff mode, still gets the link.
    await setMode(manager, "staff");
    const owner = await getPage(manager, "/app/payments");
    expect(owner.text).toContain("/app/premium-application");
    expect(joinedText(owner.text)).not.toContain("yöneticinize başvurun");
  });
});
