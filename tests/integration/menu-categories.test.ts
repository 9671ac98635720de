// The owner's own menu categories (decision 068): the API (GET/POST /api/menu/categories,
// PUT/DELETE /api/menu/categories/{id}), the management page's category and bulk forms (posted
// as a browser without JavaScript), what order taking and the public menu show, KDV defaults
// and the sample menus by kind of business.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl } from "../setup/api";
import { createTenant, withLegacyFloor, type Tenant } from "../setup/factories";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";
import { menuOf, placeOrder, postOrder, updateOrder } from "../setup/floor";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PAGE = "/app/menu-management";

const listCategories = (t: Tenant) => api("/api/menu/categories", { token: t.token });
const postCategory = (t: Tenant, body: unknown, headers: Record<string, string> = {}) =>
  api("/api/menu/categories", { token: t.token, body, headers });
const putCategory = (t: Tenant, id: number | string, body: unknown) =>
  api(`/api/menu/categories/${id}`, { method: "PUT", token: t.token, body });
const deleteCategory = (t: Tenant, id: number | string, body?: unknown) =>
  api(`/api/menu/categories/${id}`, { method: "DELETE", token: t.token, ...(body ? { body } : {}) });
const categoryRows = (t: Tenant) =>
  prisma.menuCategory.findMany({ where: { restaurantId: t.restaurantId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
const byKey = async (t: Tenant, key: string) => (await categoryRows(t)).find((c) => c.key === key)!;
const itemsIn = async (t: Tenant, key: string) =>
  (
    await prisma.menuItem.findMany({
      where: { restaurantId: t.restaurantId, category: key },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    })
  ).map((i) => i.name);

describe("GET /api/menu/categories", () => {
  it("a new restaurant has the spec's six in the screen's order, KDV 10 %, with their item counts", async () => {
    const t = await createTenant({ manager: true });
    const res = await listCategories(t);
    expect(res.status, res.text).toBe(200);
    expect(res.json.map((c: any) => [c.key, c.name, c.position, c.hidden, c.kdv_rate])).toEqual([
      ["drinks", "İçecekler", 0, false, 10],
      ["breakfast", "Kahvaltı", 1, false, 10],
      ["appetizer", "Başlangıçlar", 2, false, 10],
      ["main_course", "Ana Yemekler", 3, false, 10],
      ["dessert", "Tatlılar", 4, false, 10],
      ["soup", "Çorbalar", 5, false, 10],
    ]);
    expect(res.json.find((c: any) => c.key === "drinks")).toMatchObject({ item_count: 5, version: 1, id: expect.any(Number) });
  });

  it("a waiter reads them (the chips of order taking) but cannot change them: 403", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner);
    expect((await listCategories(waiter)).status).toBe(200);
    const res = await postCategory(waiter, { name: "Pideler" });
    expect(res.status).toBe(403);
    const drinks = await byKey(owner, "drinks");
    expect((await putCategory(waiter, drinks.id, { name: "X" })).status).toBe(403);
    expect((await deleteCategory(waiter, drinks.id)).status).toBe(403);
    expect((await byKey(owner, "drinks")).name).toBe("İçecekler");
  });
});

describe("POST /api/menu/categories", () => {
  it("creates a category at the end with a generated key and the settings' tax rate as its KDV; an item can go in it", async () => {
    const t = await createTenant({ manager: true });
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { taxRate: "8.00" } });
    const res = await postCategory(t, { name: "  Pideler ve Lahmacun  " });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      key: "pideler_ve_lahmacun",
      name: "Pideler ve Lahmacun",
      position: 6,
      hidden: false,
      kdv_rate: 8,
      item_count: 0,
    });
    const item = await api("/api/menu", { token: t.token, body: { name: "Kıymalı Pide", category: res.json.key, price: 180 } });
    expect(item.status, item.text).toBe(201);
    // Spec clients keep working: `category` is the category's key.
    const menu = await api("/api/menu", { token: t.token });
    expect(menu.json.find((i: any) => i.id === item.json.id)).toMatchObject({ category: "pideler_ve_lahmacun" });
    // A second category with a Turkish name gets an ASCII key of its own; the same name read the Turkish way is taken.
    const second = await postCategory(t, { name: "Şişler", kdv_rate: "20" });
    expect(second.json).toMatchObject({ key: "sisler", kdv_rate: 20 });
    const same = await postCategory(t, { name: "ŞİŞLER" });
    expect(same.status).toBe(409);
    expect(same.json.detail).toBe("Bu adda bir kategori zaten var.");
  });

  it("a repeat with the same Idempotency-Key (or client_id) creates one category and answers the first", async () => {
    const t = await createTenant({ manager: true });
    const key = `k-${randomUUID()}`;
    const results = await Promise.all(
      [0, 1, 2].map(() => postCategory(t, { name: "Kokteyller", kdv_rate: 20 }, { "Idempotency-Key": key })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(2);
    expect((await categoryRows(t)).filter((c) => c.name === "Kokteyller")).toHaveLength(1);
  });

  it.each([
    [{}, "Kategori adı zorunludur."],
    [{ name: "x".repeat(61) }, "Kategori adı en fazla 60 karakter olabilir."],
    [{ name: "Bira", kdv_rate: 120 }, "KDV oranı 0 ile 100 arasında bir yüzde olmalıdır (örnek: 10 ya da 8,5)."],
    [{ name: "Bira", kdv_rate: "on" }, "KDV oranı 0 ile 100 arasında bir yüzde olmalıdır (örnek: 10 ya da 8,5)."],
  ])("refuses %j with 400: %s", async (body, detail) => {
    const t = await createTenant({ manager: true });
    const res = await postCategory(t, body);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(detail);
    expect(await categoryRows(t)).toHaveLength(6);
  });
});

describe("PUT /api/menu/categories/{id}", () => {
  it("renames (the key stays), sets KDV as DECIMAL(5,2), hides, reorders; a stale version is 409", async () => {
    const t = await createTenant({ manager: true });
    const soup = await byKey(t, "soup");
    const renamed = await putCategory(t, soup.id, { name: "Sıcak Çorbalar", kdv_rate: "8,5", version: 1 });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ key: "soup", name: "Sıcak Çorbalar", kdv_rate: 8.5, version: 2 });
    expect((await byKey(t, "soup")).kdvRate.toFixed(2)).toBe("8.50");
    const stale = await putCategory(t, soup.id, { name: "Eski", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ version: 2 });
    expect((await byKey(t, "soup")).name).toBe("Sıcak Çorbalar");
    // Soup first: the others keep their order after it.
    const moved = await putCategory(t, soup.id, { position: 0 });
    expect(moved.json.position).toBe(0);
    expect((await categoryRows(t)).map((c) => c.key)).toEqual(["soup", "drinks", "breakfast", "appetizer", "main_course", "dessert"]);
    // The same target again changes nothing (no new version).
    expect((await putCategory(t, soup.id, { position: 0 })).json.version).toBe(moved.json.version);
    // /api/menu follows the owner's order.
    const menu = await api("/api/menu", { token: t.token });
    expect(menu.json[0].category).toBe("soup");
    const hidden = await putCategory(t, soup.id, { hidden: true });
    expect(hidden.json.hidden).toBe(true);
    expect((await putCategory(t, soup.id, {})).status).toBe(400);
  });
});

describe("DELETE /api/menu/categories/{id}", () => {
  it("an empty category goes; a second delete is 404", async () => {
    const t = await createTenant({ manager: true });
    const created = (await postCategory(t, { name: "Boş" })).json;
    const res = await deleteCategory(t, created.id);
    expect(res.status, res.text).toBe(200);
    expect((await deleteCategory(t, created.id)).status).toBe(404);
    expect(await categoryRows(t)).toHaveLength(6);
  });

  it("one with items: 409 without a target, nothing changes; with move_to its items move to the end of the target, at once", async () => {
    const t = await createTenant({ manager: true });
    const soup = await byKey(t, "soup");
    const dessert = await byKey(t, "dessert");
    const refused = await deleteCategory(t, soup.id);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(
      "“Çorbalar” kategorisinde 2 ürün var: önce ürünleri taşıyacağınız kategoriyi seçin ya da ürünleri silin.",
    );
    expect(await itemsIn(t, "soup")).toHaveLength(2);
    // A target of another restaurant (or itself) is refused.
    const other = await createTenant({ manager: true });
    const foreign = await byKey(other, "dessert");
    expect((await deleteCategory(t, soup.id, { move_to: foreign.id })).status).toBe(400);
    expect((await deleteCategory(t, soup.id, { move_to: soup.id })).status).toBe(400);
    const res = await deleteCategory(t, soup.id, { move_to: dessert.id });
    expect(res.status, res.text).toBe(200);
    expect(res.json.moved_items).toBe(2);
    expect(await itemsIn(t, "dessert")).toEqual(["Künefe", "Sütlaç", "Baklava", "Mercimek Çorbası", "Ezogelin Çorbası"]);
    expect((await categoryRows(t)).map((c) => [c.key, c.position])).toEqual([
      ["drinks", 0],
      ["breakfast", 1],
      ["appetizer", 2],
      ["main_course", 3],
      ["dessert", 4],
    ]);
    // The database itself refuses deleting a category that still has items (restricting foreign key).
    await expect(prisma.menuCategory.delete({ where: { id: dessert.id } })).rejects.toThrow();
  });

  it("another restaurant's category id is 404 for PUT and DELETE, and untouched", async () => {
    const { a, b } = await createTenantPair();
    const ids = (await categoryRows(a)).slice(0, 2).map((c) => c.id);
    const empty = (await postCategory(a, { name: "Boş kategori" })).json.id;
    await expectIdsRefusedToOtherTenant(
      { owner: a, other: b },
      [...ids, empty],
      [
        {
          name: "PUT /api/menu/categories/{id}",
          send: (id, token) => api(`/api/menu/categories/${id}`, { method: "PUT", token, body: { name: "X", version: 999 } }),
        },
      ],
    );
    await expectIdsRefusedToOtherTenant(
      { owner: a, other: b },
      [empty],
      [{ name: "DELETE /api/menu/categories/{id}", send: (id, token) => api(`/api/menu/categories/${id}`, { method: "DELETE", token }) }],
    );
    expect((await categoryRows(a)).map((c) => c.name)).not.toContain("X");
    // An item cannot be put into another restaurant's category key that this one lacks.
    const theirs = (await postCategory(b, { name: "Sadece B" })).json.key;
    const item = await api("/api/menu", { token: a.token, body: { name: "Pide", category: theirs, price: 10 } });
    expect(item.status).toBe(400);
    expect(item.json.errors.category[0]).toContain("Kategori şunlardan biri olmalıdır: drinks, breakfast");
  });
});

describe("the management page's category forms (without JavaScript)", () => {
  it("create, rename with KDV, move up, hide, delete empty, delete with move; errors in Turkish", async () => {
    const t = await createTenant({ manager: true });
    const page = `${PAGE}?kategoriler=1`;
    const created = await postForm(t, page, { intent: "category-create", name: "Pideler", kdv_rate: "", create_key: `c-${randomUUID()}` });
    expect(created.status, created.text.slice(0, 300)).toBe(302);
    expect(created.location).toBe(`${page}#category-pideler`);
    const pide = await byKey(t, "pideler");
    expect(pide.kdvRate.toFixed(2)).toBe("10.00");
    const html = joinedText((await getPage(t, page)).text);
    expect(html).toContain("Pideler");
    expect(html).toContain('id="category-pideler"');

    const renamed = await postForm(t, page, {
      intent: "category-update",
      id: pide.id,
      version: 1,
      name: "Pide Çeşitleri",
      kdv_rate: "8,5",
    });
    expect(renamed.status).toBe(302);
    expect(await byKey(t, "pideler")).toMatchObject({ name: "Pide Çeşitleri", version: 2 });
    expect((await byKey(t, "pideler")).kdvRate.toFixed(2)).toBe("8.50");
    const stale = await postForm(t, page, { intent: "category-update", id: pide.id, version: 1, name: "Eski", kdv_rate: "10" });
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain("Bu kategori siz düzenlerken başka bir yerden değiştirildi.");

    expect((await postForm(t, page, { intent: "category-move", id: pide.id, to: 5 })).status).toBe(302);
    expect((await categoryRows(t)).map((c) => c.key).slice(4)).toEqual(["dessert", "pideler", "soup"]);

    expect((await postForm(t, page, { intent: "category-hidden", id: pide.id, hidden: "true" })).status).toBe(302);
    expect((await byKey(t, "pideler")).hidden).toBe(true);

    expect((await postForm(t, page, { intent: "category-delete", id: pide.id, move_to: "" })).status).toBe(302);
    expect((await categoryRows(t)).map((c) => c.key)).not.toContain("pideler");

    const soup = await byKey(t, "soup");
    const notEmpty = await postForm(t, page, { intent: "category-delete", id: soup.id, move_to: "" });
    expect(notEmpty.status).toBe(409);
    expect(joinedText(notEmpty.text)).toContain("“Çorbalar” kategorisinde 2 ürün var");
    const drinks = await byKey(t, "drinks");
    const moved = await postForm(t, page, { intent: "category-delete", id: soup.id, move_to: drinks.id });
    expect(moved.status).toBe(302);
    expect(await itemsIn(t, "drinks")).toEqual(["Çay", "Türk Kahvesi", "Ayran", "Kola", "Su", "Mercimek Çorbası", "Ezogelin Çorbası"]);

    const bad = await postForm(t, page, { intent: "category-create", name: " ", kdv_rate: "yüz" });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("Kategori adı zorunludur.");
    expect(joinedText(bad.text)).toContain("KDV oranı 0 ile 100 arasında bir yüzde olmalıdır");
  });

  it("another restaurant's category id in a page form is 404 and changes nothing", async () => {
    const { a, b } = await createTenantPair();
    const theirs = await byKey(a, "soup");
    const res = await postForm(b, PAGE, { intent: "category-hidden", id: theirs.id, hidden: "true" });
    expect(res.status).toBe(404);
    expect((await byKey(a, "soup")).hidden).toBe(false);
  });
});

describe("bulk actions (one post, without JavaScript)", () => {
  it("sold out, on sale, move to a category and delete the ticked items; a repeat changes nothing more; foreign ids are untouched", async () => {
    const { a, b } = await createTenantPair();
    const ids = async (t: Tenant, key: string) =>
      (await prisma.menuItem.findMany({ where: { restaurantId: t.restaurantId, category: key }, orderBy: { sortOrder: "asc" } })).map(
        (i) => i.id,
      );
    const desserts = await ids(a, "dessert");
    const soldOut = await postForm(a, PAGE, { intent: "bulk", action: "sold_out", ids: desserts.slice(0, 2) });
    expect(soldOut.status).toBe(302);
    const rows = await prisma.menuItem.findMany({ where: { id: { in: desserts } }, orderBy: { sortOrder: "asc" } });
    expect(rows.map((r) => [r.available, r.version])).toEqual([
      [false, 2],
      [false, 2],
      [true, 1],
    ]);
    // A repeat: the target state is already there.
    await postForm(a, PAGE, { intent: "bulk", action: "sold_out", ids: desserts.slice(0, 2) });
    expect((await prisma.menuItem.findMany({ where: { id: { in: desserts } } })).map((r) => r.version).sort()).toEqual([1, 2, 2]);
    // A single ticked box (one value, not a list) works too.
    expect((await postForm(a, PAGE, { intent: "bulk", action: "available", ids: desserts[0]! })).status).toBe(302);
    expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: desserts[0]! } })).available).toBe(true);

    const soups = await ids(a, "soup");
    const moved = await postForm(a, PAGE, { intent: "bulk", action: "move", ids: soups, to_category: "main_course" });
    expect(moved.status).toBe(302);
    expect((await itemsIn(a, "main_course")).slice(-2)).toEqual(["Mercimek Çorbası", "Ezogelin Çorbası"]);
    const noTarget = await postForm(a, PAGE, { intent: "bulk", action: "move", ids: soups, to_category: "" });
    expect(noTarget.status).toBe(400);
    expect(joinedText(noTarget.text)).toContain("Taşınacak kategoriyi seçin.");

    // A foreign id in the batch: the whole batch is refused (404), nothing changes on either side.
    const theirs = await ids(b, "drinks");
    const mixed = await postForm(a, PAGE, { intent: "bulk", action: "sold_out", ids: [soups[0]!, theirs[0]!] });
    expect(mixed.status).toBe(404);
    expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: theirs[0]! } })).available).toBe(true);
    expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: soups[0]! } })).available).toBe(true);
    const del = await postForm(a, PAGE, { intent: "bulk", action: "delete", ids: [...soups, theirs[0]!] });
    expect(del.status).toBe(302);
    expect(await prisma.menuItem.count({ where: { id: { in: soups } } })).toBe(0);
    expect(await prisma.menuItem.count({ where: { id: theirs[0]! } })).toBe(1);
    // Deleting again deletes nothing more and does not fail.
    expect((await postForm(a, PAGE, { intent: "bulk", action: "delete", ids: soups })).status).toBe(302);
    const none = await postForm(a, PAGE, { intent: "bulk", action: "delete" });
    expect(none.status).toBe(400);
    expect(joinedText(none.text)).toContain("Önce ürün seçin.");
  });
});

describe("order taking and the public menu follow the owner's categories", () => {
  it("chips in the owner's order and names; a hidden category is offered neither to waiters nor to guests", async () => {
    const t = await createTenant({ manager: true });
    const soup = await byKey(t, "soup");
    const breakfast = await byKey(t, "breakfast");
    await putCategory(t, soup.id, { position: 0, name: "Günün Çorbaları" });
    await putCategory(t, breakfast.id, { hidden: true });
    const page = joinedText((await getPage(t, "/app/order-taking?table=1")).text);
    const chips = [...page.matchAll(/class="chip"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(chips).toEqual(["Tümü", "Günün Çorbaları", "İçecekler", "Başlangıçlar", "Ana Yemekler", "Tatlılar"]);
    expect(page).not.toContain("Menemen");
    expect(page).toContain("Mercimek Çorbası");

    const { slug } = await prisma.restaurant.findUniqueOrThrow({ where: { id: t.restaurantId }, select: { slug: true } });
    const pub = joinedText(await (await fetch(`${baseUrl()}/menu/${slug}`)).text());
    expect(pub.indexOf("Günün Çorbaları")).toBeGreaterThan(-1);
    expect(pub.indexOf("Günün Çorbaları")).toBeLessThan(pub.indexOf("İçecekler"));
    expect(pub).not.toContain("Kahvaltı");
    expect(pub).not.toContain("Menemen");
  });
});

describe("a hidden category is not sold", () => {
  it("its items are refused by the API and by order taking's buttons (409); an order that has one keeps it in an edit", async () => {
    const t = await createTenant({ manager: true });
    const menu = await menuOf(t);
    const menemen = menu["Menemen"]!.id;
    const sent = await placeOrder(t, 2, [["Menemen", 1]], menu);
    await putCategory(t, (await byKey(t, "breakfast")).id, { hidden: true });

    const api409 = await postOrder(t, { table_number: 1, items: [{ menu_item_id: menemen, quantity: 1 }] });
    expect(api409.status).toBe(409);
    expect(api409.json.detail).toBe("“Menemen” şu anda satışta değil.");
    const page409 = await postForm(t, "/app/order-taking?table=1", { table: 1, intent: "add", item: menemen });
    expect(page409.status).toBe(409);
    expect(joinedText(page409.text)).toContain("“Menemen” şu anda satışta değil.");
    expect(await prisma.orderDraftItem.count({ where: { menuItemId: menemen } })).toBe(0);

    // The order sent before it was hidden is edited without losing its menemen; one more is refused.
    const keep = await updateOrder(t, 2, {
      items: [
        { menu_item_id: menemen, quantity: 1 },
        { menu_item_id: menu["Çay"]!.id, quantity: 1 },
      ],
    });
    expect(keep.status).toBe(200);
    const more = await updateOrder(t, 2, { items: [{ menu_item_id: menemen, quantity: 2 }] });
    expect(more.status).toBe(409);
    expect(sent.id).toBeGreaterThan(0);
  });
});

describe("sample menus and KDV by kind of business", () => {
  it.each([
    ["cafe", "hot_drinks", "Latte", ["drinks", "appetizer", "main_course", "soup"]],
    ["bar", "beers", "Fıçı Bira", ["breakfast", "main_course", "dessert", "soup"]],
    ["fast_food", "burgers", "Klasik Burger", ["breakfast", "appetizer", "main_course", "soup"]],
    ["restaurant", "main_course", "İskender", []],
  ])("a %s starts with its own menu (%s: %s) and hides the six it does not use", async (type, key, item, hiddenKeys) => {
    const t = await createTenant({ restaurant_type: type });
    const rows = await categoryRows(t);
    expect(rows.slice(0, 6).map((c) => c.key)).toEqual(["drinks", "breakfast", "appetizer", "main_course", "dessert", "soup"]);
    expect(rows.filter((c) => c.hidden).map((c) => c.key)).toEqual(hiddenKeys);
    expect(await itemsIn(t, key)).toContain(item);
    if (type !== "restaurant")
      expect(await prisma.menuItem.count({ where: { restaurantId: t.restaurantId, name: "Adana Kebap" } })).toBe(0);
  });

  it("KDV: food and soft drinks 10 %, a bar's alcoholic drinks 20 %", async () => {
    const bar = await createTenant({ restaurant_type: "bar" });
    const rates = Object.fromEntries((await categoryRows(bar)).map((c) => [c.key, c.kdvRate.toFixed(2)]));
    expect(rates).toMatchObject({
      drinks: "10.00",
      appetizer: "10.00",
      snacks: "10.00",
      beers: "20.00",
      wines: "20.00",
      raki: "20.00",
      cocktails: "20.00",
    });
  });
});

describe("searching the Turkish way", () => {
  it.each(["ISKENDER", "iskender", "İskender", "İSKENDER"])("menu management ?q=%s finds İskender", async (q) => {
    const t = await createTenant({ manager: true });
    const html = joinedText((await getPage(t, `${PAGE}?q=${encodeURIComponent(q)}`)).text);
    expect(html).toContain("İskender");
    expect(html).toContain("için 1 ürün bulundu.");
  });
});

describe("tables in natural order", () => {
  it("the table configurations and the table management list put Masa 2 before Masa 10", async () => {
    // Without the starter floor (Masa 1–20 in Ana Salon), so only the four below are listed.
    const t = await withLegacyFloor(await createTenant({ manager: true }));
    for (const n of [10, 2, 1, 21]) {
      const res = await api("/api/table-configurations", {
        token: t.token,
        body: { table_identifier: `M${n}`, display_name: `Masa ${n}` },
      });
      expect(res.status, res.text).toBe(201);
    }
    const list = await api("/api/table-configurations", { token: t.token });
    expect(list.json.map((c: any) => c.table_identifier)).toEqual(["M1", "M2", "M10", "M21"]);
    const status = await api("/api/enhanced-table-status", { token: t.token });
    expect(status.json.map((e: any) => e.configuration.display_name)).toEqual(["Masa 1", "Masa 2", "Masa 10", "Masa 21"]);
  });
});

describe("the welcome screen's starting menu", () => {
  it("offers the kind's sample, another kind's or an empty menu; replaces only an untouched menu; owner only", async () => {
    const t = await createTenant({ restaurant_type: "cafe" });
    const page = joinedText((await getPage(t, "/app/welcome")).text);
    expect(page).toContain("Menünüzle başlayın");
    expect(page).toMatch(/<input type="radio" name="menu" checked="" value="cafe"/);
    expect(page).toContain("Boş menü");

    const bar = await postForm(t, "/app/welcome", { intent: "starter-menu", menu: "bar" });
    expect([bar.status, bar.location]).toEqual([302, "/app/welcome"]);
    expect(await itemsIn(t, "beers")).toEqual(["Fıçı Bira", "Şişe Bira", "Buğday Birası"]);
    expect(await prisma.menuItem.count({ where: { restaurantId: t.restaurantId, name: "Latte" } })).toBe(0);
    const ids = (await prisma.menuItem.findMany({ where: { restaurantId: t.restaurantId } })).map((i) => i.id).sort();
    // The same choice again changes nothing.
    await postForm(t, "/app/welcome", { intent: "starter-menu", menu: "bar" });
    expect((await prisma.menuItem.findMany({ where: { restaurantId: t.restaurantId } })).map((i) => i.id).sort()).toEqual(ids);

    expect((await postForm(t, "/app/welcome", { intent: "starter-menu", menu: "empty" })).status).toBe(302);
    expect(await prisma.menuItem.count({ where: { restaurantId: t.restaurantId } })).toBe(0);
    expect((await categoryRows(t)).map((c) => [c.key, c.hidden])).toEqual([
      ["drinks", false],
      ["breakfast", false],
      ["appetizer", false],
      ["main_course", false],
      ["dessert", false],
      ["soup", false],
    ]);
    expect((await postForm(t, "/app/welcome", { intent: "starter-menu", menu: "pizza" })).status).toBe(400);

    // Once the owner has built something, the welcome screen never replaces it.
    await prisma.menuItem.create({ data: { restaurantId: t.restaurantId, name: "Boza", category: "drinks", price: "35.00" } });
    const refused = await postForm(t, "/app/welcome", { intent: "starter-menu", menu: "restaurant" });
    expect(refused.status).toBe(409);
    expect(joinedText(refused.text)).toContain("Menünüzü değiştirdiniz");
    expect(await itemsIn(t, "drinks")).toEqual(["Boza"]);
    expect(joinedText((await getPage(t, "/app/welcome")).text)).not.toContain("Menünüzle başlayın");

    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner);
    expect((await postForm(waiter, "/app/welcome", { intent: "starter-menu", menu: "empty" })).status).toBe(403);
    expect(await prisma.menuItem.count({ where: { restaurantId: owner.restaurantId } })).toBe(20);
  });
});
