// Stock management: GET/POST /api/stock, GET/PUT/DELETE /api/stock/{id} and the
// /app/stock-management page's forms. Every level change leaves a movement; the
// movements of an item always add up to its level, also under concurrent edits.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial, OWNER_NAME } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PAGE = "/app/stock-management";
const JSON_TYPE = { "content-type": "application/json" };

const stockApi = (tenant: Tenant, path: string, method = "GET", body?: unknown, headers: Record<string, string> = {}) =>
  api(path, { token: tenant.token, method, body, headers: body === undefined ? headers : { ...JSON_TYPE, ...headers } });
const createItem = (tenant: Tenant, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  stockApi(tenant, "/api/stock", "POST", body, headers);
const updateItem = (tenant: Tenant, id: number | string, body: Record<string, unknown>) =>
  stockApi(tenant, `/api/stock/${id}`, "PUT", body);
const deleteItem = (tenant: Tenant, id: number | string) => stockApi(tenant, `/api/stock/${id}`, "DELETE");

const itemRow = (id: number) => prisma.stockItem.findUniqueOrThrow({ where: { id } });
const movementsOf = (id: number) => prisma.stockMovement.findMany({ where: { stockItemId: id }, orderBy: { id: "asc" } });
const itemCount = (tenant: Tenant) => prisma.stockItem.count({ where: { restaurantId: tenant.restaurantId } });

/** The movements of an item add up to its level: nothing lost, nothing counted twice. */
async function expectLedgerMatches(id: number) {
  const [row, moves] = await Promise.all([itemRow(id), movementsOf(id)]);
  const sum = moves.reduce((s, m) => s + Math.round(Number(m.change) * 100), 0) / 100;
  expect(sum).toBe(Number(row.currentStock));
  if (moves.length > 0) expect(Number(moves.at(-1)!.level)).toBe(Number(row.currentStock));
}

async function staffTenant(): Promise<Tenant> {
  const tenant = await createTenant();
  const res = await postForm(tenant, "/app/role-selection", { intent: "staff" });
  expect(res.status).toBe(302);
  return tenant;
}

/** Fields of the page's edit form for an item as it is now. */
async function editFields(id: number, changes: Record<string, string | number> = {}) {
  const row = await itemRow(id);
  return {
    intent: "update",
    id,
    version: row.version,
    name: row.name,
    category: row.category,
    unit: row.unit,
    current_stock: String(row.currentStock),
    min_stock: String(row.minStock),
    max_stock: String(row.maxStock),
    cost_per_unit: String(row.costPerUnit),
    supplier: row.supplier ?? "",
    ...changes,
  };
}

describe("POST /api/stock", () => {
  it("creates an item with the spec's defaults; an opening level is recorded as a purchase", async () => {
    const tenant = await createTenant({ manager: true });
    const bare = await createItem(tenant, { name: "  Un  " });
    expect(bare.status, bare.text).toBe(201);
    expect(bare.json).toMatchObject({
      name: "Un",
      category: "ingredient",
      unit: "kg",
      current_stock: 0,
      min_stock: 0,
      max_stock: 0,
      cost_per_unit: 0,
      supplier: null,
      level: "low",
      version: 1,
    });
    expect(await movementsOf(bare.json.id)).toEqual([]);

    const full = await createItem(tenant, {
      name: "Domates",
      category: "ingredient",
      current_stock: 12.5,
      min_stock: 5,
      max_stock: 40,
      unit: "kg",
      cost_per_unit: "18.75",
      supplier: " Hal ",
    });
    expect(full.status, full.text).toBe(201);
    expect(full.json).toMatchObject({ current_stock: 12.5, cost_per_unit: 18.75, supplier: "Hal", level: "normal" });
    const moves = await movementsOf(full.json.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ reason: "purchase", userName: OWNER_NAME, userId: tenant.userId, restaurantId: tenant.restaurantId });
    expect(Number(moves[0]!.change)).toBe(12.5);
    expect(Number(moves[0]!.level)).toBe(12.5);
  });

  it.each([
    [{}, "Ürün adı gereklidir"],
    [{ name: "   " }, "Ürün adı gereklidir"],
    [{ name: "x".repeat(121) }, "Ürün adı en fazla 120 karakter olabilir."],
    [{ name: "Un", current_stock: -1 }, "Mevcut stok negatif olamaz."],
    [{ name: "Un", min_stock: 1.25 }, "Minimum stok en fazla 1 ondalık basamak içerebilir."],
    [{ name: "Un", max_stock: 100_000_000 }, "Maksimum stok en fazla 99.999.999,9 olabilir."],
    [{ name: "Un", cost_per_unit: 1.005 }, "Birim maliyet en fazla 2 ondalık basamak içerebilir (kuruş)."],
    [{ name: "Un", cost_per_unit: "1e3" }, "Birim maliyet bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00)."],
    [{ name: "Un", current_stock: "0x10" }, "Mevcut stok bir sayı olmalıdır (örnek: 12,5 ya da 1.250,5)."],
    [{ name: "Un", category: "food" }, "Kategori şunlardan biri olmalıdır: ingredient, beverage, cleaning, equipment."],
    [{ name: "Un", unit: "ton" }, "Birim şunlardan biri olmalıdır: kg, lt, adet, paket."],
    [{ name: "Un", client_id: "kısa" }, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır."],
  ])("bad input %j: 400 with a Turkish message, nothing written", async (body, message) => {
    const tenant = await createTenant({ manager: true });
    const res = await createItem(tenant, body);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(message);
    expect(await itemCount(tenant)).toBe(0);
  });

  it("a repeat with the same client_id (or Idempotency-Key), even at the same time, creates one item", async () => {
    const tenant = await createTenant({ manager: true });
    const client_id = `stock-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createItem(tenant, { name: "Süt", current_stock: 10, unit: "lt", client_id })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(5);
    expect(await itemCount(tenant)).toBe(1);
    expect(await movementsOf(results[0]!.json.id)).toHaveLength(1);

    const key = `hdr-${randomUUID()}`;
    const first = await createItem(tenant, { name: "Peynir" }, { "idempotency-key": key });
    const again = await createItem(tenant, { name: "Peynir" }, { "idempotency-key": key });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.id).toBe(first.json.id);
    expect(await itemCount(tenant)).toBe(2);
  });
});

describe("GET /api/stock", () => {
  it("lists this restaurant's items with level low (Az) at or below min, high (Fazla) at or above max", async () => {
    const { a, b } = await createTenantPair();
    await createItem(b, { name: "Başkasının" });
    await createItem(a, { name: "Az", current_stock: 5, min_stock: 5, max_stock: 10 });
    await createItem(a, { name: "Normal", current_stock: 6, min_stock: 5, max_stock: 10, category: "beverage" });
    await createItem(a, { name: "Fazla", current_stock: 10, min_stock: 5, max_stock: 10, category: "cleaning" });
    const res = await stockApi(a, "/api/stock");
    expect(res.status).toBe(200);
    expect(res.json.map((i: any) => [i.name, i.level])).toEqual([
      ["Az", "low"],
      ["Normal", "normal"],
      ["Fazla", "high"],
    ]);
  });
});

describe("PUT /api/stock/{id}", () => {
  it("changes the fields sent; a level change is a movement (adjustment unless a reason is given)", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Yağ", current_stock: 10, unit: "lt", supplier: "Toptancı" });
    const res = await updateItem(tenant, item.id, { current_stock: 7.5, cost_per_unit: 90 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ name: "Yağ", unit: "lt", supplier: "Toptancı", current_stock: 7.5, cost_per_unit: 90, version: 2 });
    const waste = await updateItem(tenant, item.id, { stock_change: -0.5, reason: "waste", note: "Döküldü" });
    expect(waste.json.current_stock).toBe(7);
    const moves = await movementsOf(item.id);
    expect(moves.map((m) => [Number(m.change), Number(m.level), m.reason, m.note])).toEqual([
      [10, 10, "purchase", null],
      [-2.5, 7.5, "adjustment", null],
      [-0.5, 7, "waste", "Döküldü"],
    ]);
    // Other fields only: no movement.
    await updateItem(tenant, item.id, { name: "Zeytinyağı", supplier: null });
    expect(await movementsOf(item.id)).toHaveLength(3);
    expect(await itemRow(item.id)).toMatchObject({ name: "Zeytinyağı", supplier: null });
    await expectLedgerMatches(item.id);
  });

  it("refuses bad input (400), a level below zero (409) and a stale version (409) without writing", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Şeker", current_stock: 2 });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "Ürün adı gereklidir"],
      [{ current_stock: -2 }, 400, "Mevcut stok negatif olamaz."],
      [{ current_stock: 1, stock_change: 1 }, 400, "current_stock ile stock_change birlikte gönderilemez."],
      [{ stock_change: "abc" }, 400, "Stok değişimi bir sayı olmalıdır (örnek: 12,5 ya da 1.250,5)."],
      [{ reason: "theft", stock_change: -1 }, 400, "Neden şunlardan biri olmalıdır: purchase, adjustment, waste."],
      [{ stock_change: -2.1 }, 409, "Stok miktarı negatif olamaz."],
      [{ version: 0 }, 400, "Sürüm numarası geçersiz."],
      [{ min_stock: 5, max_stock: 4 }, 400, "Minimum stok, maksimum stoktan büyük olamaz."],
    ];
    for (const [body, status, detail] of cases) {
      const res = await updateItem(tenant, item.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.detail).toBe(detail);
    }
    const junkId = await updateItem(tenant, "abc", { name: "x" });
    expect(junkId.status).toBe(400);
    expect(junkId.json.detail).toBe("Stok kaydı numarası geçersiz.");

    await updateItem(tenant, item.id, { current_stock: 3, version: 1 });
    const stale = await updateItem(tenant, item.id, { current_stock: 5, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.detail).toMatch(/başka biri tarafından değiştirildi/);
    // The same edit sent again (its answer was lost) is not a conflict: nothing to change.
    const replay = await updateItem(tenant, item.id, { current_stock: 3, version: 1 });
    expect(replay.status).toBe(200);
    expect(replay.json.version).toBe(2);
    expect(Number((await itemRow(item.id)).currentStock)).toBe(3);
    expect(await movementsOf(item.id)).toHaveLength(2);
    await expectLedgerMatches(item.id);
  });

  it("concurrent level changes lose nothing: 12 deltas at once all count, each with its movement", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Ekmek", current_stock: 100, unit: "adet" });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        updateItem(tenant, item.id, i % 3 === 0 ? { stock_change: -2, reason: "waste" } : { stock_change: 5, reason: "purchase" }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(Number((await itemRow(item.id)).currentStock)).toBe(100 + 8 * 5 - 4 * 2);
    expect(await movementsOf(item.id)).toHaveLength(13);
    await expectLedgerMatches(item.id);
  });

  it("a move retried with its key (a lost answer) moves the level once, also when the retries race", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Un", current_stock: 10 });
    const move = { stock_change: 5, reason: "purchase", change_key: "teslimat-0001" };
    const results = await Promise.all(Array.from({ length: 4 }, () => updateItem(tenant, item.id, move)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.map((r) => Number(r.json.current_stock))).toEqual([15, 15, 15, 15]);
    // The header carries the key the same way; another key is another move.
    const header = await stockApi(
      tenant,
      `/api/stock/${item.id}`,
      "PUT",
      { stock_change: 5, reason: "purchase" },
      {
        "idempotency-key": "teslimat-0001",
      },
    );
    expect(header.status).toBe(200);
    expect(Number((await itemRow(item.id)).currentStock)).toBe(15);
    await updateItem(tenant, item.id, { ...move, change_key: "teslimat-0002" });
    expect(Number((await itemRow(item.id)).currentStock)).toBe(20);
    expect(await movementsOf(item.id)).toHaveLength(3);
    await expectLedgerMatches(item.id);
    // The key of another item's move is refused; a malformed key is 400.
    const { json: other } = await createItem(tenant, { name: "Tuz", current_stock: 1 });
    expect((await updateItem(tenant, other.id, { stock_change: 1, change_key: "teslimat-0001" })).status).toBe(409);
    expect((await updateItem(tenant, other.id, { stock_change: 1, change_key: "kısa" })).status).toBe(400);
  });

  it("concurrent edits based on the same version: one wins, the others get 409", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Pirinç", current_stock: 10 });
    const results = await Promise.all([11, 12, 13, 14, 15].map((n) => updateItem(tenant, item.id, { current_stock: n, version: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await movementsOf(item.id)).toHaveLength(2);
    await expectLedgerMatches(item.id);
  });
});

describe("DELETE /api/stock/{id}", () => {
  it("hides the item ('Stok kaydı silindi'), keeps its movements; again is fine; a deleted item cannot be edited", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Deterjan", category: "cleaning", unit: "paket", current_stock: 3 });
    const res = await deleteItem(tenant, item.id);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Stok kaydı silindi");
    expect((await stockApi(tenant, "/api/stock")).json).toEqual([]);
    expect(await movementsOf(item.id)).toHaveLength(1);
    expect((await deleteItem(tenant, item.id)).status).toBe(200);
    const edit = await updateItem(tenant, item.id, { current_stock: 1 });
    expect(edit.status).toBe(404);
    expect(edit.json.detail).toBe("Stok kaydı bulunamadı.");
    expect((await stockApi(tenant, `/api/stock/${item.id}`)).status).toBe(404);
  });
});

describe("GET /api/stock/{id}", () => {
  it("the item with its movements, newest first", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Kola", category: "beverage", unit: "adet", current_stock: 24 });
    await updateItem(tenant, item.id, { stock_change: -4, reason: "waste", note: "Kırık" });
    const res = await stockApi(tenant, `/api/stock/${item.id}`);
    expect(res.status).toBe(200);
    expect(res.json.current_stock).toBe(20);
    expect(res.json.movements.map((m: any) => [m.change, m.level, m.reason, m.note, m.user_name])).toEqual([
      [-4, 20, "waste", "Kırık", OWNER_NAME],
      [24, 24, "purchase", null, OWNER_NAME],
    ]);
  });
});

describe("who may", () => {
  it("staff mode: 403 on every endpoint and page form, nothing written", async () => {
    const owner = await createTenant({ manager: true });
    const { json: item } = await createItem(owner, { name: "Tuz", current_stock: 1 });
    const staff = await staffTenant();
    const ownItem = await prisma.stockItem.create({ data: { restaurantId: staff.restaurantId, name: "Tuz", currentStock: 1 } });
    for (const [path, method, body] of [
      ["/api/stock", "GET", undefined],
      ["/api/stock", "POST", { name: "Biber" }],
      [`/api/stock/${ownItem.id}`, "GET", undefined],
      [`/api/stock/${ownItem.id}`, "PUT", { current_stock: 9 }],
      [`/api/stock/${ownItem.id}`, "DELETE", undefined],
    ] as const) {
      const res = await stockApi(staff, path, method, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.detail).toBe("Bu işlem için yönetici girişi gerekiyor.");
    }
    const posts: Record<string, string | number>[] = [
      { intent: "create", name: "Biber", create_key: `k-${randomUUID()}` },
      await editFields(ownItem.id, { current_stock: "9", reason: "purchase" }),
      { intent: "delete", id: ownItem.id },
    ];
    for (const fields of posts) {
      expect((await postForm(staff, PAGE, fields)).status).toBe(403);
    }
    expect((await getPage(staff, PAGE)).status).toBe(403);
    expect(await itemRow(ownItem.id)).toMatchObject({ deletedAt: null, version: 1 });
    expect(await itemCount(staff)).toBe(1);
    expect(await itemRow(item.id)).toMatchObject({ deletedAt: null });
  });

  it("another restaurant's item: 404 on every endpoint, page form and dialog; it stays as it was", async () => {
    const { a, b } = await createTenantPair();
    const ids = [];
    for (const name of ["Un", "Su"]) ids.push((await createItem(a, { name, current_stock: 4 })).json.id as number);
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      { name: "GET /api/stock/{id}", send: (id, token) => api(`/api/stock/${id}`, { token }) },
      { name: "PUT /api/stock/{id}", send: (id, token) => api(`/api/stock/${id}`, { token, method: "PUT", body: {}, headers: JSON_TYPE }) },
    ]);
    for (const id of ids) {
      const edit = await postForm(b, PAGE, { ...(await editFields(id, { current_stock: "0", reason: "waste" })) });
      expect(edit.status).toBe(404);
      expect(joinedText(edit.text)).toContain("Stok kaydı bulunamadı.");
      expect((await postForm(b, PAGE, { intent: "delete", id })).status).toBe(404);
      expect((await deleteItem(b, id)).status).toBe(404);
      for (const dialog of ["edit", "item", "delete"]) expect((await getPage(b, `${PAGE}?${dialog}=${id}`)).status, dialog).toBe(404);
      expect(await itemRow(id)).toMatchObject({ deletedAt: null, version: 1, name: expect.any(String) });
      expect(Number((await itemRow(id)).currentStock)).toBe(4);
    }
    // Deleted by its owner, still not the other's.
    expect((await deleteItem(a, ids[0]!)).status).toBe(200);
    expect((await deleteItem(b, ids[0]!)).status).toBe(404);
  });

  it("premium gate: with the trial over, the page and API refuse writes (403)", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Un" });
    await expireTrial(tenant);
    const create = await createItem(tenant, { name: "Su" });
    expect(create.status).toBe(403);
    expect(create.json.detail).toMatch(/Stok yönetimi/);
    expect((await updateItem(tenant, item.id, { current_stock: 3 })).status).toBe(403);
    const page = await postForm(tenant, PAGE, { intent: "create", name: "Su", create_key: `k-${randomUUID()}` });
    expect(page.status).toBe(403);
    expect(await itemCount(tenant)).toBe(1);
  });
});

describe("the stock page", () => {
  it("create, edit with a reason, delete: redirects with one-time messages; the page lists by category with levels", async () => {
    const tenant = await createTenant({ manager: true });
    const created = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "Domates",
      category: "ingredient",
      unit: "kg",
      current_stock: "2",
      min_stock: "5",
      max_stock: "20",
      cost_per_unit: "",
      supplier: "",
      reason: "purchase",
    });
    expect(created.status).toBe(302);
    const [item] = await prisma.stockItem.findMany({ where: { restaurantId: tenant.restaurantId } });
    expect(created.location).toBe(`${PAGE}#stock-${item!.id}`);
    expect(Number(item!.costPerUnit)).toBe(0);
    expect(item!.supplier).toBeNull();

    const page = joinedText((await getPage(tenant, PAGE)).text);
    expect(page).toContain("Düşük stok uyarısı");
    expect(page).toContain("Malzeme");
    expect(page).toContain(">Az<");

    // The level changed without a reason: asked for.
    const noReason = await postForm(tenant, PAGE, await editFields(item!.id, { current_stock: "12" }));
    expect(noReason.status).toBe(400);
    expect(joinedText(noReason.text)).toContain("Stok miktarı değiştiğinde bir neden seçin.");
    expect(joinedText(noReason.text)).toContain("İşlem sırasında bir hata oluştu");
    const fields = await editFields(item!.id, { current_stock: "12", reason: "purchase", note: "Sabah teslimatı" });
    const edited = await postForm(tenant, PAGE, fields);
    expect(edited.status).toBe(302);
    // A double submit of the same form: success, no second movement.
    expect((await postForm(tenant, PAGE, fields)).status).toBe(302);
    expect((await movementsOf(item!.id)).map((m) => [Number(m.change), m.reason, m.note])).toEqual([
      [2, "purchase", null],
      [10, "purchase", "Sabah teslimatı"],
    ]);
    const detail = joinedText((await getPage(tenant, `${PAGE}?item=${item!.id}`)).text);
    expect(detail).toContain("Stok hareketleri");
    expect(detail).toContain("Sabah teslimatı");
    expect(detail).toContain(">Normal<");

    const bad = await postForm(tenant, PAGE, await editFields(item!.id, { name: " ", min_stock: "-1" }));
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("Ürün adı gereklidir");
    expect(joinedText(bad.text)).toContain("Minimum stok negatif olamaz.");

    const confirm = joinedText((await getPage(tenant, `${PAGE}?delete=${item!.id}`)).text);
    expect(confirm).toContain("stok kaydı silinsin mi?");
    const deleted = await postForm(tenant, PAGE, { intent: "delete", id: item!.id });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe(PAGE);
    const cookie = deleted.headers?.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^sofra_flash=/);
    expect((await postForm(tenant, PAGE, { intent: "delete", id: item!.id })).status).toBe(302);
    expect(joinedText((await getPage(tenant, PAGE)).text)).toContain("Henüz stok kaydı yok.");
  });

  it("the one-time message shows once after the redirect", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await postForm(tenant, PAGE, { intent: "create", create_key: `k-${randomUUID()}`, name: "Su" });
    const flash = res.headers!.get("set-cookie")!.split(";")[0]!;
    const first = await getPage(tenant, PAGE, flash);
    expect(joinedText(first.text)).toContain("Stok kaydı eklendi");
    expect(first.headers!.get("set-cookie")).toMatch(/sofra_flash=;/);
    expect(joinedText((await getPage(tenant, PAGE)).text)).not.toContain("Stok kaydı eklendi");
  });

  it("the warning lists at most three items, the lowest first", async () => {
    const tenant = await createTenant({ manager: true });
    for (const [name, current] of [
      ["A", 4],
      ["B", 1],
      ["C", 3],
      ["D", 2],
      ["E", 9],
    ] as const)
      await createItem(tenant, { name, current_stock: current, min_stock: 5, max_stock: 10 });
    const html = joinedText((await getPage(tenant, PAGE)).text);
    const warning = html.slice(
      html.indexOf('data-testid="low-stock"'),
      html.indexOf("</section>", html.indexOf('data-testid="low-stock"')),
    );
    expect([...warning.matchAll(/<strong>(\w)<\/strong>/g)].map((m) => m[1])).toEqual(["B", "D", "C"]);
  });

  it("a double submit of the create form (same key, at once) creates one item; bad input is 400 with the spec's message", async () => {
    const tenant = await createTenant({ manager: true });
    const form = {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "Çay",
      category: "beverage",
      unit: "paket",
      current_stock: "3",
    };
    const results = await Promise.all([postForm(tenant, PAGE, form), postForm(tenant, PAGE, form), postForm(tenant, PAGE, form)]);
    expect(results.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(await itemCount(tenant)).toBe(1);
    expect(await prisma.stockMovement.count({ where: { restaurantId: tenant.restaurantId } })).toBe(1);
    const bad = await postForm(tenant, PAGE, { intent: "create", create_key: `k-${randomUUID()}`, name: "", current_stock: "1.25" });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("Ürün adı gereklidir");
    expect(joinedText(bad.text)).toContain("Mevcut stok en fazla 1 ondalık basamak içerebilir.");
    const inverted = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "Un",
      min_stock: "9",
      max_stock: "3",
    });
    expect(inverted.status).toBe(400);
    expect(joinedText(inverted.text)).toContain("Minimum stok, maksimum stoktan büyük olamaz.");
    // A maximum of 0 (none given) bounds nothing.
    expect((await postForm(tenant, PAGE, { intent: "create", create_key: `k-${randomUUID()}`, name: "Un", min_stock: "9" })).status).toBe(
      302,
    );
    expect(
      (
        await updateItem(
          tenant,
          (await prisma.stockItem.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, name: "Un" } })).id,
          { max_stock: 8 },
        )
      ).json.detail,
    ).toBe("Minimum stok, maksimum stoktan büyük olamaz.");
    const odd = await postForm(tenant, PAGE, { intent: "restock", id: 1 });
    expect(odd.status).toBe(400);
    expect(joinedText(odd.text)).toContain("Geçersiz işlem.");
    expect(await itemCount(tenant)).toBe(2);
  });

  it("two edits of the same version at once: one saved, the other 409 with the Turkish message", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: item } = await createItem(tenant, { name: "Süt", current_stock: 10, unit: "lt" });
    // Both forms read before either is sent (a form read after the first was saved would carry the new version).
    const first = await editFields(item.id, { current_stock: "14", reason: "purchase" });
    const second = await editFields(item.id, { current_stock: "6", reason: "waste" });
    const [x, y] = await Promise.all([postForm(tenant, PAGE, first), postForm(tenant, PAGE, second)]);
    expect([x.status, y.status].sort()).toEqual([302, 409]);
    expect(joinedText([x, y].find((r) => r.status === 409)!.text)).toContain("başka biri tarafından değiştirildi");
    expect(await movementsOf(item.id)).toHaveLength(2);
    await expectLedgerMatches(item.id);
  });
});
