// Edits carry an idempotency key and the version they were based on: a retried
// edit changes nothing and answers as the first did, a stale one gets 409.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { expectError } from "../setup/expect";
import { createTenant } from "../setup/factories";
import { clientOrderId, menuOf, orderRow, OWNER_NAME, placeOrder, updateOrder } from "../setup/floor";
import { createStaffMember } from "../setup/staff";
import { api } from "../setup/api";
import { getPage, postForm } from "../setup/pages";
import type { Tenant } from "../setup/factories";

/** Another device of the same restaurant: a second session of the owner. */
async function otherDevice(tenant: Tenant): Promise<Tenant> {
  const res = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } });
  expect(res.status, res.text).toBe(200);
  return { ...tenant, token: res.json.access_token };
}

const STALE = "Bu sipariş siz düzenlerken başka bir cihazdan değiştirildi. Güncel siparişi açıp değişikliğinizi yeniden yapın.";

describe("PUT /api/orders/table/{n}/update: keys and versions", () => {
  it("a new order is version 1; each edit raises it and records its key", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 2, [["Çay", 1]]);
    expect((order as any).version).toBe(1);
    const key = clientOrderId();
    const res = await updateOrder(tenant, 2, {
      order_id: order.id,
      base_version: 1,
      edit_key: key,
      items: [{ menu_item_id: menu["Çay"]!.id, quantity: 2 }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.version).toBe(2);
    expect(res.json.total_amount).toBe(40);
    expect(await prisma.orderEdit.count({ where: { orderId: order.id, editKey: key } })).toBe(1);
  });

  it("every edit is recorded with the account that made it, with or without a key", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner, { first_name: "Mehmet", last_name: "Garson" });
    const menu = await menuOf(owner);
    const order = await placeOrder(owner, 4, [["Çay", 1]]);
    const byWaiter = await updateOrder(waiter, 4, { order_id: order.id, items: [{ menu_item_id: menu["Çay"]!.id, quantity: 3 }] });
    expect(byWaiter.status, byWaiter.text).toBe(200);
    const byOwner = await updateOrder(owner, 4, {
      order_id: order.id,
      edit_key: clientOrderId(),
      items: [{ menu_item_id: menu["Çay"]!.id, quantity: 4 }],
    });
    expect(byOwner.status, byOwner.text).toBe(200);
    const edits = await prisma.orderEdit.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(edits.map((e) => [e.version, e.userId, e.userName, e.editKey === null])).toEqual([
      [2, waiter.staffId, "Mehmet Garson", true],
      [3, owner.userId, OWNER_NAME, false],
    ]);
  });

  it("a retried edit (same key) changes nothing, not even after a later edit, and answers with the order", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 3, [["Çay", 1]]);
    const first = {
      order_id: order.id,
      base_version: 1,
      edit_key: clientOrderId(),
      items: [
        { menu_item_id: menu["Çay"]!.id, quantity: 1 },
        { menu_item_id: menu["Ayran"]!.id, quantity: 1 },
      ],
    };
    const a = await updateOrder(tenant, 3, first);
    expect(a.status, a.text).toBe(200);
    expect(a.headers.get("idempotent-replay")).toBeNull();

    // The same edit again right away (its answer was lost): the same answer, flagged as a replay.
    const retry = await updateOrder(tenant, 3, first);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get("idempotent-replay")).toBe("true");
    expect(retry.json).toEqual(a.json);

    // Another device adds a kebab; then the first edit arrives once more (an offline replay).
    const b = await updateOrder(tenant, 3, {
      order_id: order.id,
      base_version: 2,
      edit_key: clientOrderId(),
      items: [...first.items, { menu_item_id: menu["Adana Kebap"]!.id, quantity: 1 }],
    });
    expect(b.status, b.text).toBe(200);
    const late = await updateOrder(tenant, 3, first);
    expect(late.status, late.text).toBe(200);
    expect(late.headers.get("idempotent-replay")).toBe("true");
    const row = await orderRow(order.id);
    expect(row.version).toBe(3);
    expect(Number(row.totalAmount)).toBe(20 + 40 + 380);
  });

  it("5 concurrent sends of one edit apply it once", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 4, [["Çay", 1]]);
    const edit = {
      order_id: order.id,
      base_version: 1,
      edit_key: clientOrderId(),
      items: [{ menu_item_id: menu["Çay"]!.id, quantity: 3 }],
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => updateOrder(tenant, 4, edit)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(4);
    expect((await orderRow(order.id)).version).toBe(2);
  });

  it("a stale edit (based on an older version) gets 409 and changes nothing", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 5, [["Çay", 1]]);
    const items = (q: number) => [{ menu_item_id: menu["Çay"]!.id, quantity: q }];
    expect((await updateOrder(tenant, 5, { order_id: order.id, base_version: 1, items: items(2) })).status).toBe(200);
    expectError(
      await updateOrder(tenant, 5, { order_id: order.id, base_version: 1, edit_key: clientOrderId(), items: items(5) }),
      409,
      STALE,
    );
    const row = await orderRow(order.id);
    expect(row.version).toBe(2);
    expect(row.items.map((i) => i.quantity)).toEqual([2]);
  });

  it("rejects a malformed key or version with 400", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await placeOrder(tenant, 6, [["Çay", 1]]);
    const items = [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }];
    expectError(await updateOrder(tenant, 6, { items, edit_key: "kısa" }), 400, "Düzenleme anahtarı 8-64 harf, rakam, - veya _ olmalıdır.");
    expectError(await updateOrder(tenant, 6, { items, base_version: "1" }), 400, "Sürüm numarası bir sayı olmalıdır.");
  });
});

describe("the order page's edit (no JavaScript)", () => {
  const page = (t: number) => `/app/order-taking?table=${t}`;
  const keyOf = (html: string) => /name="client_order_id" value="([^"]+)"/.exec(html)?.[1];

  it("an edit of an order changed meanwhile on another device gets 409 with the message; the order keeps the other change", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 8, [["Çay", 1]]);
    // This tablet opens the order and adds an ayran (its cart is based on version 1)…
    expect((await postForm(tenant, page(8), { table: 8, add: menu["Ayran"]!.id })).status).toBe(302);
    const key = keyOf((await getPage(tenant, page(8))).text)!;
    // …while another device adds a kebab.
    const other = await updateOrder(await otherDevice(tenant), 8, {
      order_id: order.id,
      base_version: 1,
      items: [
        { menu_item_id: menu["Çay"]!.id, quantity: 1 },
        { menu_item_id: menu["Adana Kebap"]!.id, quantity: 1 },
      ],
    });
    expect(other.status).toBe(200);
    const res = await postForm(tenant, page(8), { table: 8, client_order_id: key, submit: "1" });
    expect(res.status).toBe(409);
    expect(res.text).toContain("başka bir cihazdan değiştirildi");
    expect(Number((await orderRow(order.id)).totalAmount)).toBe(400);
    // The stale cart is made again from the order as it is, with this tablet's ayran on top (issue 20).
    const drafts = await prisma.orderDraft.findMany({ where: { restaurantId: tenant.restaurantId }, include: { items: true } });
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.baseVersion).toBe(2);
    const units = Object.fromEntries(drafts[0]!.items.map((i) => [i.menuItemId, i.quantity]));
    expect(units).toEqual({ [menu["Çay"]!.id]: 1, [menu["Adana Kebap"]!.id]: 1, [menu["Ayran"]!.id]: 1 });
  });

  it("the page's edit sent twice (same form) is applied once", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const order = await placeOrder(tenant, 9, [["Çay", 1]]);
    await postForm(tenant, page(9), { table: 9, add: menu["Ayran"]!.id });
    const key = keyOf((await getPage(tenant, page(9))).text)!;
    const results = await Promise.all([0, 1, 2].map(() => postForm(tenant, page(9), { table: 9, client_order_id: key, submit: "1" })));
    expect(results.map((r) => r.status)).toEqual([302, 302, 302]);
    const row = await orderRow(order.id);
    expect(row.version).toBe(2);
    expect(Number(row.totalAmount)).toBe(60);
  });
});
