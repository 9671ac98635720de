// Menu management: POST /api/menu, PUT and DELETE /api/menu/{id}, and the
// /app/menu-management page's forms (posted as a browser without JavaScript). A new item's bad
// input, case by case: tests/domain/menu-items-input.test.ts.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl } from "../setup/api";
import { expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial, menuOf, MSG, payOrder, placeOrder, postOrder, updateOrder } from "../setup/floor";
import { getPage, joinedText, postForm, sessionCookie } from "../setup/pages";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PAGE = "/app/menu-management";
const NOT_FOUND = "Ürün bulunamadı; silinmiş olabilir.";
const STALE = "Bu ürün siz düzenlerken başka bir yerden değiştirildi. Güncel bilgileri görmek için formu yeniden açın.";
const MANAGER_ONLY_PAGE = "Bu sayfa yönetici girişi gerektirir.";

const LAHMACUN = { name: "Lahmacun", category: "main_course", price: 85.5, description: "İnce hamur, bol yeşillik", available: true };

const createItem = (tenant: Tenant, body: unknown, headers: Record<string, string> = {}) =>
  api("/api/menu", { token: tenant.token, body, headers });
const putItem = (tenant: Tenant, id: number | string, body: unknown) =>
  api(`/api/menu/${id}`, { method: "PUT", token: tenant.token, body });
const deleteItem = (tenant: Tenant, id: number | string) => api(`/api/menu/${id}`, { method: "DELETE", token: tenant.token });
const rowsOf = (tenant: Tenant) =>
  prisma.menuItem.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
const itemRow = (id: number) => prisma.menuItem.findUnique({ where: { id } });
const countOf = (tenant: Tenant) => prisma.menuItem.count({ where: { restaurantId: tenant.restaurantId } });
const categoryIds = async (tenant: Tenant, category: string) =>
  (await rowsOf(tenant)).filter((r) => r.category === category).map((r) => r.id);

async function toBasicPlan(tenant: Tenant) {
  await prisma.restaurant.update({
    where: { id: tenant.restaurantId },
    data: { subscriptionPlan: "basic", subscriptionStatus: "active" },
  });
}

/** Fills the menu up to `n` items straight in the database. */
async function fillMenu(tenant: Tenant, n: number) {
  const missing = n - (await countOf(tenant));
  await prisma.menuItem.createMany({
    data: Array.from({ length: missing }, (_, i) => ({
      restaurantId: tenant.restaurantId,
      name: `Dolgu ${i + 1}`,
      category: "drinks" as const,
      price: "10.00",
    })),
  });
}

describe("POST /api/menu", () => {
  it("adds the item at the end of its category: 201 with the spec's fields and a version; order taking lists it", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await createItem(tenant, LAHMACUN);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number), ...LAHMACUN, version: 1 });
    const mains = await categoryIds(tenant, "main_course");
    expect(mains.at(-1)).toBe(res.json.id);
    const row = await itemRow(res.json.id);
    expect(row!.price.toFixed(2)).toBe("85.50");
    const menu = await api("/api/menu", { token: tenant.token });
    expect(menu.json.find((i: any) => i.id === res.json.id)).toEqual({ id: res.json.id, ...LAHMACUN });
    // A waiter can order it at once, at its price.
    const order = await postOrder(tenant, { table_number: 3, items: [{ menu_item_id: res.json.id, quantity: 2 }] });
    expect(order.status, order.text).toBe(201);
    expect(order.json.total_amount).toBe(171);
  });

  it("trims the name and the description; an empty description is none; available defaults to true", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await createItem(tenant, { name: "  Gözleme  ", category: "breakfast", price: "120", description: "   " });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ name: "Gözleme", description: null, price: 120, available: true });
  });

  it("bad input: 400 with the Turkish message under its field, nothing added (every case: tests/domain/menu-items-input.test.ts)", async () => {
    const tenant = await createTenant({ manager: true });
    expectFieldError(
      await createItem(tenant, { ...LAHMACUN, price: "0,345" }),
      "price",
      "Fiyat en fazla iki ondalık basamak içerebilir (kuruş).",
    );
    expectFieldError(
      await createItem(tenant, { ...LAHMACUN, category: "pizza" }),
      "category",
      "Kategori şunlardan biri olmalıdır: drinks, breakfast, appetizer, main_course, dessert, soup.",
    );
    expect(await countOf(tenant)).toBe(20);
  });

  it("accepts the edges: 0.01, 99999.99, a comma as decimal point, two decimals", async () => {
    const tenant = await createTenant({ manager: true });
    for (const [price, expected] of [
      [0.01, 0.01],
      [99999.99, 99999.99],
      ["12,5", 12.5],
      ["7.00", 7],
      ["0012.30", 12.3],
    ] as const) {
      const res = await createItem(tenant, { ...LAHMACUN, price });
      expect(res.status, `${price}: ${res.text}`).toBe(201);
      expect(res.json.price).toBe(expected);
    }
  });

  it("not JSON, or a malformed body: 415 / 400", async () => {
    const tenant = await createTenant({ manager: true });
    expectError(await createItem(tenant, "{", { "content-type": "application/json" }), 400, MESSAGES.malformedJson);
    expectError(await createItem(tenant, "name=Lahmacun", { "content-type": "text/plain" }), 415, MESSAGES.unsupportedMediaType);
    expect(await countOf(tenant)).toBe(20);
  });

  it("five concurrent creates with one client_id: one row; one 201, the others 200 replays of it", async () => {
    const tenant = await createTenant({ manager: true });
    const key = `menu-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 5 }, () => createItem(tenant, { ...LAHMACUN, client_id: key })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(4);
    expect(await countOf(tenant)).toBe(21);
  });

  it("the Idempotency-Key header works the same; a malformed header: 400", async () => {
    const tenant = await createTenant({ manager: true });
    const key = `hdr-${randomUUID()}`;
    const [a, b] = await Promise.all([
      createItem(tenant, LAHMACUN, { "idempotency-key": key }),
      createItem(tenant, LAHMACUN, { "idempotency-key": key }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.json.id).toBe(b.json.id);
    expectError(
      await createItem(tenant, LAHMACUN, { "idempotency-key": "x" }),
      400,
      "Idempotency-Key başlığı 8-64 harf, rakam, - veya _ olmalıdır.",
    );
    expect(await countOf(tenant)).toBe(21);
    // The same key in another restaurant is another item.
    const other = await createTenant({ manager: true });
    const theirs = await createItem(other, LAHMACUN, { "idempotency-key": key });
    expect(theirs.status).toBe(201);
    expect(theirs.json.id).not.toBe(a.json.id);
  });

  it("staff mode: 403, nothing added", async () => {
    const tenant = await createTenant();
    expectError(await createItem(tenant, LAHMACUN), 403, MESSAGES.managerOnly);
    expect(await countOf(tenant)).toBe(20);
  });

  it("an expired trial cannot add: 403 with the premium message", async () => {
    const tenant = await createTenant({ manager: true });
    await expireTrial(tenant);
    expectError(await createItem(tenant, LAHMACUN), 403, "Deneme süreniz doldu. Menü yönetimi için planınızı yükseltin.");
    expect(await countOf(tenant)).toBe(20);
  });
});

describe("plan limit (menu items)", () => {
  it("a Basic restaurant with 100 items: 403 naming the plan and its limit, nothing added; the page shows it with a link to change plan", async () => {
    const tenant = await createTenant({ manager: true });
    await toBasicPlan(tenant);
    await fillMenu(tenant, 100);
    const res = await createItem(tenant, LAHMACUN);
    expectError(res, 403, "Basic planında en fazla 100 menü ürünü eklenebilir. Daha fazlası için planınızı yükseltin.");
    expect(res.json).toMatchObject({ code: "plan_limit", plan: "basic", limit: 100, used: 100, upgrade_url: "/app/plans" });
    const form = await postForm(tenant, `${PAGE}?new=1`, { intent: "create", name: "Lahmacun", category: "main_course", price: "85" });
    expect(form.status).toBe(403);
    const html = joinedText(form.text);
    expect(html).toContain("Basic planında en fazla 100 menü ürünü eklenebilir.");
    expect(html).toMatch(/href="\/app\/plans"[^>]*>Planı değiştir/);
    expect(await countOf(tenant)).toBe(100);
  });

  it("with one place left, three concurrent creates: exactly one is added", async () => {
    const tenant = await createTenant({ manager: true });
    await toBasicPlan(tenant);
    await fillMenu(tenant, 99);
    const results = await Promise.all([1, 2, 3].map((n) => createItem(tenant, { ...LAHMACUN, name: `Lahmacun ${n}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(await countOf(tenant)).toBe(100);
  });

  it("a replay of a create that went through is answered even at the limit", async () => {
    const tenant = await createTenant({ manager: true });
    await toBasicPlan(tenant);
    await fillMenu(tenant, 99);
    const key = `last-${randomUUID()}`;
    const first = await createItem(tenant, { ...LAHMACUN, client_id: key });
    expect(first.status).toBe(201);
    const again = await createItem(tenant, { ...LAHMACUN, client_id: key });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
  });
});

describe("PUT /api/menu/{id}", () => {
  it("changes the fields sent and raises the version; the others stay", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, LAHMACUN);
    const res = await putItem(tenant, item.id, { price: "90.25", description: "  Acılı  " });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ ...item, price: 90.25, description: "Acılı", version: 2 });
    const all = await putItem(tenant, item.id, { ...LAHMACUN, name: " Fındık Lahmacun ", category: "appetizer", available: false });
    expect(all.json).toMatchObject({ name: "Fındık Lahmacun", category: "appetizer", available: false, version: 3 });
    // A new category: at its end.
    expect((await categoryIds(tenant, "appetizer")).at(-1)).toBe(item.id);
    const cleared = await putItem(tenant, item.id, { description: null });
    expect(cleared.json.description).toBeNull();
  });

  it("with the version it was based on: a stale edit gets 409 and changes nothing", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, LAHMACUN);
    const first = await putItem(tenant, item.id, { price: 95, version: 1 });
    expect(first.status).toBe(200);
    const stale = await putItem(tenant, item.id, { price: 70, version: 1 });
    expectError(stale, 409, STALE);
    expect(stale.json.version).toBe(2);
    expect((await itemRow(item.id))!.price.toFixed(2)).toBe("95.00");
    // Two edits based on the same version at once: one wins, the other is refused.
    const both = await Promise.all([
      putItem(tenant, item.id, { price: 80, version: 2 }),
      putItem(tenant, item.id, { price: 81, version: 2 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await itemRow(item.id))!.version).toBe(3);
  });

  it("bad input: 400 with the Turkish message, nothing changes", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, LAHMACUN);
    expectFieldError(await putItem(tenant, item.id, { name: "" }), "name", "Ürün adı zorunludur.");
    expectFieldError(
      await putItem(tenant, item.id, { price: "12,3456" }),
      "price",
      "Fiyat en fazla iki ondalık basamak içerebilir (kuruş).",
    );
    expectFieldError(await putItem(tenant, item.id, { price: 0 }), "price", "Fiyat 0'dan büyük olmalıdır.");
    expectFieldError(
      await putItem(tenant, item.id, { category: "pizza" }),
      "category",
      "Kategori şunlardan biri olmalıdır: drinks, breakfast, appetizer, main_course, dessert, soup.",
    );
    expectFieldError(await putItem(tenant, item.id, { version: "1", price: 5 }), "version", "Sürüm numarası bir sayı olmalıdır.");
    expectError(
      await putItem(tenant, item.id, {}),
      400,
      "Güncellenecek en az bir alan gönderin: name, category, price, description, available.",
    );
    expectError(await putItem(tenant, "abc", { price: 5 }), 400, NOT_FOUND);
    expect(await itemRow(item.id)).toMatchObject({ name: "Lahmacun", version: 1 });
  });

  it("an id that does not exist: 404", async () => {
    const tenant = await createTenant({ manager: true });
    expectError(await putItem(tenant, 2_000_000_000, { price: 5 }), 404, NOT_FOUND);
  });

  it("staff mode: 403 and nothing changes", async () => {
    const tenant = await createTenant();
    const [cay] = await rowsOf(tenant);
    expectError(await putItem(tenant, cay!.id, { price: 1 }), 403, MESSAGES.managerOnly);
    expect((await itemRow(cay!.id))!.version).toBe(1);
  });

  it("GET on an item: 405", async () => {
    const tenant = await createTenant({ manager: true });
    const [cay] = await rowsOf(tenant);
    expectError(await api(`/api/menu/${cay!.id}`, { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
  });
});

describe("DELETE /api/menu/{id}", () => {
  it("deletes; a second delete finds nothing (404) and changes nothing", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, LAHMACUN);
    const res = await deleteItem(tenant, item.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: "Ürün silindi", id: item.id });
    expect(await itemRow(item.id)).toBeNull();
    expectError(await deleteItem(tenant, item.id), 404, NOT_FOUND);
    expect(await countOf(tenant)).toBe(20);
  });

  it("staff mode: 403 and the item stays", async () => {
    const tenant = await createTenant();
    const [cay] = await rowsOf(tenant);
    expectError(await deleteItem(tenant, cay!.id), 403, MESSAGES.managerOnly);
    expect(await itemRow(cay!.id)).not.toBeNull();
  });

  it("keeps every past order and the daily report as they were", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    const paid = await placeOrder(tenant, 1, [
      ["Künefe", 2],
      ["Çay", 3],
    ]);
    expect((await payOrder(tenant, paid.id, "card")).status).toBe(200);
    const open = await placeOrder(tenant, 2, [
      ["Künefe", 1],
      ["Ayran", 1],
    ]);
    const before = (await api("/api/reports/daily", { token: tenant.token })).json;
    const paidBefore = (await api(`/api/orders/table/1?status=payable`, { token: tenant.token })).json;

    expect((await deleteItem(tenant, menu["Künefe"]!.id)).status).toBe(200);

    const after = (await api("/api/reports/daily", { token: tenant.token })).json;
    expect(after).toEqual(before);
    expect(after.total_revenue).toBe(2 * 190 + 3 * 20);
    const lines = await prisma.orderItem.findMany({ where: { orderId: paid.id }, orderBy: { id: "asc" } });
    expect(lines.map((l) => [l.menuItemName, l.quantity, l.unitPrice.toFixed(2), l.totalPrice.toFixed(2), l.menuItemId])).toEqual([
      ["Künefe", 2, "190.00", "380.00", null],
      ["Çay", 3, "20.00", "60.00", menu["Çay"]!.id],
    ]);
    expect((await api(`/api/orders/table/1?status=payable`, { token: tenant.token })).json).toEqual(paidBefore);
    // The open order keeps its Künefe line; it can still be edited and paid.
    const active = (await api(`/api/orders/table/2?status=active`, { token: tenant.token })).json;
    expect(active[0].items.map((i: any) => [i.menu_item_name, i.menu_item_id])).toContainEqual(["Künefe", null]);
    const edited = await updateOrder(tenant, 2, { items: [{ menu_item_id: menu["Ayran"]!.id, quantity: 2 }] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.total_amount).toBe(190 + 2 * 40);
    expect((await payOrder(tenant, open.id)).status).toBe(200);
  });

  it("a cart still holding the deleted item: a clear 404 naming it gone, not a 500", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    await deleteItem(tenant, menu["Künefe"]!.id);
    const res = await postOrder(tenant, { table_number: 4, items: [{ menu_item_id: menu["Künefe"]!.id, quantity: 1 }] });
    expectError(res, 404, MSG.unknownMenuItem(menu["Künefe"]!.id));
    // Without JavaScript the cart is a draft on the server: its line goes with the item.
    const draftTenant = await createTenant({ manager: true });
    const draftMenu = await menuOf(draftTenant);
    const add = await postForm(draftTenant, "/app/order-taking?table=5", { add: draftMenu["Sütlaç"]!.id, table: 5 });
    expect(add.status).toBe(302);
    expect((await deleteItem(draftTenant, draftMenu["Sütlaç"]!.id)).status).toBe(200);
    const page = await getPage(draftTenant, "/app/order-taking?table=5");
    expect(page.status).toBe(200);
    const send = await postForm(draftTenant, "/app/order-taking?table=5", { submit: "1", table: 5, client_order_id: `k-${randomUUID()}` });
    expect(send.status).toBe(400);
    expect(joinedText(send.text)).toContain(MSG.emptyCart);
  });
});

describe("sold out", () => {
  it("an item marked sold out is refused by order taking (409), and orderable again once back on sale", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    const id = menu["Baklava"]!.id;
    expect((await putItem(tenant, id, { available: false })).json.available).toBe(false);
    const listed = await api("/api/menu", { token: tenant.token });
    expect(listed.json.find((i: any) => i.id === id).available).toBe(false);
    expectError(await postOrder(tenant, { table_number: 6, items: [{ menu_item_id: id, quantity: 1 }] }), 409, MSG.unavailable("Baklava"));
    const add = await postForm(tenant, "/app/order-taking?table=6", { add: id, table: 6 });
    expect(add.status).toBe(409);
    expect((await putItem(tenant, id, { available: true })).json.available).toBe(true);
    expect((await postOrder(tenant, { table_number: 6, items: [{ menu_item_id: id, quantity: 1 }] })).status).toBe(201);
  });
  it("an open order holding an item that sold out since can still be edited; only more of it is refused", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    await placeOrder(tenant, 7, [
      ["Künefe", 2],
      ["Çay", 1],
    ]);
    expect((await putItem(tenant, menu["Künefe"]!.id, { available: false })).status).toBe(200);
    const keep = await updateOrder(tenant, 7, {
      items: [
        { menu_item_id: menu["Künefe"]!.id, quantity: 2 },
        { menu_item_id: menu["Çay"]!.id, quantity: 3 },
      ],
    });
    expect(keep.status, keep.text).toBe(200);
    expect(keep.json.total_amount).toBe(2 * 190 + 3 * 20);
    const more = await updateOrder(tenant, 7, {
      items: [
        { menu_item_id: menu["Künefe"]!.id, quantity: 3 },
        { menu_item_id: menu["Çay"]!.id, quantity: 3 },
      ],
    });
    expectError(more, 409, MSG.unavailable("Künefe"));
  });
});

describe("tenant isolation", () => {
  it("PUT and DELETE /api/menu/{id} with another restaurant's id: 404, and the item is untouched", async () => {
    const { a, b } = await createTenantPair();
    const ids = (await rowsOf(a)).slice(0, 2).map((r) => r.id);
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      { name: "PUT /api/menu/{id}", send: (id, token) => api(`/api/menu/${id}`, { method: "PUT", token, body: { price: 33 } }) },
      { name: "DELETE /api/menu/{id}", send: (id, token) => api(`/api/menu/${id}`, { method: "DELETE", token }) },
    ]);
    // b's own menu is as it was.
    expect(await countOf(b)).toBe(20);
    expect((await rowsOf(b)).every((r) => r.version === 1)).toBe(true);
  });

  it("every page form with another restaurant's id: 404, and nothing of theirs changes", async () => {
    const { a, b } = await createTenantPair();
    const [first] = await rowsOf(a);
    // A name only restaurant a has, so the pages can be searched for it.
    const theirs = await prisma.menuItem.update({ where: { id: first!.id }, data: { name: `Gizli ${randomUUID().slice(0, 8)}` } });
    const before = await itemRow(theirs.id);
    const posts: Record<string, string | number>[] = [
      { intent: "update", id: theirs.id, version: 1, name: "X", category: "drinks", price: "1", available: "on" },
      { intent: "availability", id: theirs.id, available: "false" },
      { intent: "move", id: theirs.id, to: 3 },
      { intent: "delete", id: theirs.id },
    ];
    for (const fields of posts) {
      const res = await postForm(b, PAGE, fields);
      expect(res.status, JSON.stringify(fields)).toBe(404);
      expect(joinedText(res.text)).toContain(NOT_FOUND);
    }
    for (const dialog of ["edit", "delete"]) {
      const page = await getPage(b, `${PAGE}?${dialog}=${theirs.id}`);
      expect(page.status, dialog).toBe(404);
      expect(joinedText(page.text)).not.toContain(theirs.name);
    }
    expect(await itemRow(theirs.id)).toEqual(before);
    // The owner's own posts do reach the item (so the ids were real).
    expect((await postForm(a, PAGE, { intent: "availability", id: theirs.id, available: "false" })).status).toBe(302);
  });
});

describe("the page", () => {
  it("staff mode: the page and its forms are refused with the Turkish 403 page", async () => {
    const tenant = await createTenant();
    const [cay] = await rowsOf(tenant);
    const page = await getPage(tenant, PAGE);
    expect(page.status).toBe(403);
    expect(joinedText(page.text)).toContain(MANAGER_ONLY_PAGE);
    const post = await postForm(tenant, PAGE, { intent: "availability", id: cay!.id, available: "false" });
    expect(post.status).toBe(403);
    expect((await itemRow(cay!.id))!.available).toBe(true);
  });

  it("lists the six categories with Turkish labels, the items, and finds by search without JavaScript", async () => {
    const tenant = await createTenant({ manager: true });
    const page = joinedText((await getPage(tenant, PAGE)).text);
    for (const label of ["İçecekler", "Kahvaltı", "Başlangıçlar", "Ana Yemekler", "Tatlılar", "Çorbalar"]) expect(page).toContain(label);
    expect(page).toContain("Adana Kebap");
    expect(page).toContain("20 / 500 ürün");
    const found = joinedText((await getPage(tenant, `${PAGE}?q=${encodeURIComponent("çorba")}`)).text);
    expect(found).toContain("Mercimek Çorbası");
    expect(found).not.toContain("Adana Kebap");
    expect(found).toContain("“çorba” için 2 ürün bulundu.");
  });

  it("create: 302 with a one-time message; the form's key makes a double submit one row", async () => {
    const tenant = await createTenant({ manager: true });
    const fields = {
      intent: "create",
      name: "  Su Böreği ",
      category: "breakfast",
      price: "150,50",
      description: "",
      available: "on",
      create_key: `form-${randomUUID()}`,
    };
    const results = await Promise.all([1, 2, 3].map(() => postForm(tenant, `${PAGE}?new=1`, fields)));
    expect(results.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(results[0]!.location).toMatch(/^\/app\/menu-management#item-\d+$/);
    const rows = (await rowsOf(tenant)).filter((r) => r.name === "Su Böreği");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: "breakfast", description: null, available: true });
    expect(rows[0]!.price.toFixed(2)).toBe("150.50");
    // The message rides on a one-time cookie: the next page shows it and clears it; a reload does not.
    const session = await sessionCookie(tenant);
    const post = await fetch(`${baseUrl()}${PAGE}?new=1`, {
      method: "POST",
      body: new URLSearchParams({ ...fields, name: "Boza", create_key: `form-${randomUUID()}` }),
      headers: { cookie: session, origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const flash = post.headers.get("set-cookie")!.split(";")[0]!;
    expect(flash).toMatch(/^sofra_flash=/);
    const shown = await fetch(`${baseUrl()}${PAGE}`, { headers: { cookie: `${session}; ${flash}` } });
    expect(joinedText(await shown.text())).toContain("Ürün eklendi");
    expect(shown.headers.get("set-cookie")).toMatch(/^sofra_flash=;.*Max-Age=0/);
    expect(joinedText((await getPage(tenant, PAGE)).text)).not.toContain("Ürün eklendi");
  });

  it("create with bad input: 400 and the page shows each message in Turkish; an unticked box is sold out", async () => {
    const tenant = await createTenant({ manager: true });
    const bad = await postForm(tenant, `${PAGE}?new=1`, { intent: "create", name: " ", category: "pizza", price: "12,3456" });
    expect(bad.status).toBe(400);
    const html = joinedText(bad.text);
    expect(html).toContain("Ürün adı zorunludur.");
    expect(html).toContain("Fiyat en fazla iki ondalık basamak içerebilir (kuruş).");
    expect(await countOf(tenant)).toBe(20);
    // A category the restaurant does not have is refused by the command (the keys are the restaurant's, decision 068).
    const unknown = await postForm(tenant, `${PAGE}?new=1`, { intent: "create", name: "Pide", category: "pizza", price: "12" });
    expect(unknown.status).toBe(400);
    expect(joinedText(unknown.text)).toContain(
      "Kategori şunlardan biri olmalıdır: drinks, breakfast, appetizer, main_course, dessert, soup.",
    );
    expect(await countOf(tenant)).toBe(20);
    const unticked = await postForm(tenant, `${PAGE}?new=1`, { intent: "create", name: "Boza", category: "drinks", price: "35" });
    expect(unticked.status).toBe(302);
    expect((await rowsOf(tenant)).find((r) => r.name === "Boza")!.available).toBe(false);
    const junk = await postForm(tenant, PAGE, { intent: "explode", id: 1 });
    expect(junk.status).toBe(400);
    expect(joinedText(junk.text)).toContain("Geçersiz işlem.");
  });

  it("edit: saves with the version it was based on; a stale edit gets 409 with the message and changes nothing", async () => {
    const tenant = await createTenant({ manager: true });
    const [cay] = await rowsOf(tenant);
    const edit = (price: string, version: number) =>
      postForm(tenant, `${PAGE}?edit=${cay!.id}`, {
        intent: "update",
        id: cay!.id,
        version,
        name: "Çay (ince belli)",
        category: "drinks",
        price,
        description: "Taze demlenmiş",
        available: "on",
      });
    expect((await edit("25", 1)).status).toBe(302);
    const stale = await edit("30", 1);
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain(STALE);
    expect(await itemRow(cay!.id)).toMatchObject({ name: "Çay (ince belli)", description: "Taze demlenmiş", version: 2 });
    expect((await itemRow(cay!.id))!.price.toFixed(2)).toBe("25.00");
  });

  it("availability posts the target state: repeats change nothing more; order taking follows it", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    const id = menu["Ayran"]!.id;
    const off = await Promise.all([1, 2, 3].map(() => postForm(tenant, PAGE, { intent: "availability", id, available: "false" })));
    expect(off.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(await itemRow(id)).toMatchObject({ available: false, version: 2 });
    expect((await postOrder(tenant, { table_number: 1, items: [{ menu_item_id: id, quantity: 1 }] })).status).toBe(409);
    expect((await postForm(tenant, PAGE, { intent: "availability", id, available: "true" })).status).toBe(302);
    expect(await itemRow(id)).toMatchObject({ available: true, version: 3 });
    const bad = await postForm(tenant, PAGE, { intent: "availability", id, available: "maybe" });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("Satış durumu true ya da false olmalıdır.");
  });

  it("move: to a place in the category; repeated and concurrent moves keep one consistent order", async () => {
    const tenant = await createTenant({ manager: true });
    const drinks = await categoryIds(tenant, "drinks");
    expect(drinks).toHaveLength(5);
    const last = drinks.at(-1)!;
    // Three clicks of one "move to the top" at once: it ends first, the others keep their order.
    const tops = await Promise.all([1, 2, 3].map(() => postForm(tenant, PAGE, { intent: "move", id: last, to: 0 })));
    expect(tops.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(await categoryIds(tenant, "drinks")).toEqual([last, ...drinks.slice(0, -1)]);
    // Many different moves at once: each waits for the other, the places stay 0..4 without gaps or doubles.
    const now = await categoryIds(tenant, "drinks");
    await Promise.all(now.map((id, i) => postForm(tenant, PAGE, { intent: "move", id, to: (i + 2) % 5 })));
    const rows = (await rowsOf(tenant)).filter((r) => r.category === "drinks");
    expect(rows.map((r) => r.sortOrder).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(drinks));
    // The order reaches order taking: /api/menu lists drinks in this order.
    const listed = (await api("/api/menu", { token: tenant.token })).json.filter((i: any) => i.category === "drinks").map((i: any) => i.id);
    expect(listed).toEqual(rows.map((r) => r.id));
    // Past the end is the end; other categories are untouched.
    expect((await postForm(tenant, PAGE, { intent: "move", id: listed[0], to: 99 })).status).toBe(302);
    expect((await categoryIds(tenant, "drinks")).at(-1)).toBe(listed[0]);
    const bad = await postForm(tenant, PAGE, { intent: "move", id: listed[0], to: -1 });
    expect(bad.status).toBe(400);
  });

  it("delete after the confirmation: 302; again: 404 with the message, nothing else deleted", async () => {
    const tenant = await createTenant({ manager: true });
    const [cay] = await rowsOf(tenant);
    const confirm = joinedText((await getPage(tenant, `${PAGE}?delete=${cay!.id}`)).text);
    expect(confirm).toContain("menüden silinsin mi?");
    const first = await postForm(tenant, `${PAGE}?delete=${cay!.id}`, { intent: "delete", id: cay!.id });
    expect(first.status).toBe(302);
    expect(first.location).toBe(PAGE);
    const again = await postForm(tenant, `${PAGE}?delete=${cay!.id}`, { intent: "delete", id: cay!.id });
    expect(again.status).toBe(404);
    expect(joinedText(again.text)).toContain(NOT_FOUND);
    expect(await countOf(tenant)).toBe(19);
  });

  it("an expired trial: every form is refused with 403, nothing changes", async () => {
    const tenant = await createTenant({ manager: true });
    const [cay] = await rowsOf(tenant);
    await expireTrial(tenant);
    const posts: Record<string, string | number>[] = [
      { intent: "create", name: "Boza", category: "drinks", price: "35" },
      { intent: "availability", id: cay!.id, available: "false" },
      { intent: "delete", id: cay!.id },
    ];
    for (const fields of posts) {
      const res = await postForm(tenant, PAGE, fields);
      expect(res.status, String(fields.intent)).toBe(403);
    }
    expect(await countOf(tenant)).toBe(20);
    expect((await itemRow(cay!.id))!.available).toBe(true);
  });
});
