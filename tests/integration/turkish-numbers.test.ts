// Money and quantities typed the Turkish way (decision 061): "72,50" and "1.250,00" through the
// page forms (as a browser without JavaScript posts them) and the /api endpoints, the edit
// forms showing stored values back in Turkish form, and a menu price changed tenfold asked
// about first (page: a question with a confirm button; API: 409 unless confirm_price_change).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, expectFieldError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffApi, staffPayload } from "../setup/staff";

const JSON_TYPE = { "content-type": "application/json" };
const call = (tenant: Tenant, path: string, method: string, body?: unknown) =>
  api(path, { token: tenant.token, method, body, headers: body === undefined ? {} : JSON_TYPE });
/** The value attribute of the input named `name` in a page's HTML. */
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? null;
const inputTag = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

describe("menu price", () => {
  const MENU = "/app/menu-management";
  const menuItem = (id: number) => prisma.menuItem.findUniqueOrThrow({ where: { id } });
  async function createItem(tenant: Tenant, price: unknown) {
    const res = await call(tenant, "/api/menu", "POST", { name: `Ürün ${randomUUID().slice(0, 6)}`, category: "drinks", price });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: number; price: number; version: number };
  }
  const editForm = (item: { id: number; version: number }, price: string, extra: Record<string, string> = {}) => ({
    intent: "update",
    id: item.id,
    version: item.version,
    name: "Limonata",
    category: "drinks",
    price,
    description: "",
    available: "on",
    ...extra,
  });

  it("the page takes 72,50 and 1.250,00 and the edit form shows them back as 72,50", async () => {
    const tenant = await createTenant({ manager: true });
    for (const [typed, stored] of [
      ["72,50", "72.50"],
      ["1.250,00", "1250.00"],
      ["1250,5", "1250.50"],
      ["72.50", "72.50"],
    ]) {
      const name = `Fiyat ${typed}`;
      const res = await postForm(tenant, `${MENU}?new=1`, {
        intent: "create",
        name,
        category: "drinks",
        price: typed!,
        available: "on",
        create_key: `k-${randomUUID()}`,
      });
      expect(res.status, `${typed}: ${joinedText(res.text).slice(0, 200)}`).toBe(302);
      const row = await prisma.menuItem.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, name } });
      expect(row.price.toFixed(2), typed).toBe(stored);
    }
    const row = await prisma.menuItem.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, name: "Fiyat 72,50" } });
    const edit = await getPage(tenant, `${MENU}?edit=${row.id}`);
    expect(inputValue(edit.text, "price")).toBe("72,50");
    // Text, not type=number: Chromium's number input drops the comma ("72,50" became 7250).
    expect(inputTag(edit.text, "price")).toContain('type="text"');
    expect(inputTag(edit.text, "price")).toContain('inputMode="decimal"');
    const big = await prisma.menuItem.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, name: "Fiyat 1.250,00" } });
    expect(inputValue((await getPage(tenant, `${MENU}?edit=${big.id}`)).text, "price")).toBe("1.250,00");
    // The list and the public menu show ₺72,50.
    expect(joinedText((await getPage(tenant, MENU)).text)).toContain("₺72,50");
  });

  it("the page refuses malformed and ambiguous prices with a Turkish message and 400, never a silent ×100", async () => {
    const tenant = await createTenant({ manager: true });
    for (const [typed, message] of [
      ["12,5,0", "Fiyat bir sayı olmalıdır (örnek: 45,50)."],
      ["abc", "Fiyat bir sayı olmalıdır (örnek: 45,50)."],
      ["1..2", "Fiyat bir sayı olmalıdır (örnek: 45,50)."],
      ["1,250", "Fiyat “1,250” belirsiz: binlik ise 1.250, ondalık ise 1,25 yazın (binlik ayırıcı nokta, ondalık ayırıcı virgüldür)."],
      ["0,125", "Fiyat en fazla iki ondalık basamak içerebilir (kuruş)."],
      ["-72,50", "Fiyat 0'dan büyük olmalıdır."],
    ]) {
      const res = await postForm(tenant, `${MENU}?new=1`, {
        intent: "create",
        name: "Yanlış",
        category: "drinks",
        price: typed!,
        create_key: `k-${randomUUID()}`,
      });
      expect(res.status, typed).toBe(400);
      expect(joinedText(res.text), typed).toContain(message);
    }
    expect(await prisma.menuItem.count({ where: { restaurantId: tenant.restaurantId, name: "Yanlış" } })).toBe(0);
  });

  it("the API takes JSON numbers and Turkish strings; refuses malformed ones with 400", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await createItem(tenant, 72.5)).price).toBe(72.5);
    expect((await createItem(tenant, "72,50")).price).toBe(72.5);
    expect((await createItem(tenant, "1.250,00")).price).toBe(1250);
    expect((await createItem(tenant, "1.250")).price).toBe(1250);
    const bad = await call(tenant, "/api/menu", "POST", { name: "X", category: "drinks", price: "12,5,0" });
    expectFieldError(bad, "price", "Fiyat bir sayı olmalıdır (örnek: 45,50).");
    const item = await createItem(tenant, "10,00");
    const put = await call(tenant, `/api/menu/${item.id}`, "PUT", { price: "12,75" });
    expect(put.status, put.text).toBe(200);
    expect(put.json.price).toBe(12.75);
  });

  it("a tenfold change through the page asks first (JavaScript off): the question, the typed values and a confirm button", async () => {
    const tenant = await createTenant({ manager: true });
    const item = await createItem(tenant, "7,25");
    const asked = await postForm(tenant, `${MENU}?edit=${item.id}`, editForm(item, "72,50"));
    expect(asked.status).toBe(409);
    const html = joinedText(asked.text);
    expect(html).toContain("Fiyat ₺7,25 → ₺72,50: on katı. Doğru mu?");
    const button = /<button[^>]*name="confirm_price_change"[^>]*>/.exec(html)?.[0] ?? "";
    expect(button).toContain('value="true"');
    expect(button).toContain('type="submit"');
    expect(inputValue(html, "price")).toBe("72,50");
    expect(await menuItem(item.id)).toMatchObject({ version: 1 });
    expect((await menuItem(item.id)).price.toFixed(2)).toBe("7.25");
    // The button re-posts the same fields with the flag: saved.
    const confirmed = await postForm(tenant, `${MENU}?edit=${item.id}`, editForm(item, "72,50", { confirm_price_change: "true" }));
    expect(confirmed.status).toBe(302);
    expect((await menuItem(item.id)).price.toFixed(2)).toBe("72.50");
    // A tenth is asked about too; a smaller change is not.
    const tenth = await postForm(tenant, `${MENU}?edit=${item.id}`, editForm({ id: item.id, version: 2 }, "7,25"));
    expect(tenth.status).toBe(409);
    expect(joinedText(tenth.text)).toContain("Fiyat ₺72,50 → ₺7,25: onda biri. Doğru mu?");
    const small = await postForm(tenant, `${MENU}?edit=${item.id}`, editForm({ id: item.id, version: 2 }, "80,00"));
    expect(small.status).toBe(302);
    expect((await menuItem(item.id)).price.toFixed(2)).toBe("80.00");
  });

  it("a tenfold change through the API: 409 with a Turkish detail unless confirm_price_change is true", async () => {
    const tenant = await createTenant({ manager: true });
    const item = await createItem(tenant, 7.25);
    const refused = await call(tenant, `/api/menu/${item.id}`, "PUT", { price: "72,50" });
    expectError(refused, 409, "Fiyat ₺7,25 → ₺72,50: on katı. Doğru mu? Onaylamak için confirm_price_change: true gönderin.");
    expect(refused.json).toMatchObject({ old_price: 7.25, new_price: 72.5, confirm_field: "confirm_price_change" });
    expect((await menuItem(item.id)).price.toFixed(2)).toBe("7.25");
    expectError(
      await call(tenant, `/api/menu/${item.id}`, "PUT", { price: 725 }),
      409,
      "Fiyat ₺7,25 → ₺725,00: yüz katı. Doğru mu? Onaylamak için confirm_price_change: true gönderin.",
    );
    expectFieldError(
      await call(tenant, `/api/menu/${item.id}`, "PUT", { price: 72.5, confirm_price_change: "evet" }),
      "confirm_price_change",
      "confirm_price_change true ya da false olmalıdır.",
    );
    const ok = await call(tenant, `/api/menu/${item.id}`, "PUT", { price: "72,50", confirm_price_change: true });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.price).toBe(72.5);
    // Other fields alone are never asked about; a new item at any price is not either.
    expect((await call(tenant, `/api/menu/${item.id}`, "PUT", { name: "Limonata" })).status).toBe(200);
    expect((await createItem(tenant, "99.999,99")).price).toBe(99999.99);
  });
});

describe("stock", () => {
  const PAGE = "/app/stock-management";
  it("the page takes 12,5 and 1.250,00; the edit form shows them back the Turkish way", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "Un",
      category: "ingredient",
      unit: "kg",
      current_stock: "12,5",
      min_stock: "1.250",
      max_stock: "2.500,5",
      cost_per_unit: "72,50",
      supplier: "",
      reason: "purchase",
    });
    expect(res.status, joinedText(res.text).slice(0, 300)).toBe(302);
    const row = await prisma.stockItem.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, name: "Un" } });
    expect([row.currentStock, row.minStock, row.maxStock, row.costPerUnit].map((d) => d.toFixed(2))).toEqual([
      "12.50",
      "1250.00",
      "2500.50",
      "72.50",
    ]);
    const [move] = await prisma.stockMovement.findMany({ where: { stockItemId: row.id } });
    expect(move!.change.toFixed(2)).toBe("12.50");
    const edit = (await getPage(tenant, `${PAGE}?edit=${row.id}`)).text;
    expect(inputValue(edit, "current_stock")).toBe("12,5");
    expect(inputValue(edit, "min_stock")).toBe("1.250");
    expect(inputValue(edit, "cost_per_unit")).toBe("72,50");
    expect(inputTag(edit, "cost_per_unit")).toContain('type="text"');
    // Edit with a Turkish level: a movement of the difference.
    const saved = await postForm(tenant, PAGE, {
      intent: "update",
      id: row.id,
      version: row.version,
      name: "Un",
      category: "ingredient",
      unit: "kg",
      current_stock: "10,5",
      min_stock: "1.250",
      max_stock: "2.500,5",
      cost_per_unit: "1.072,25",
      supplier: "",
      reason: "waste",
    });
    expect(saved.status).toBe(302);
    const after = await prisma.stockItem.findUniqueOrThrow({ where: { id: row.id } });
    expect([after.currentStock.toFixed(2), after.costPerUnit.toFixed(2)]).toEqual(["10.50", "1072.25"]);
    const bad = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "Şeker",
      current_stock: "12,5,0",
      min_stock: "-1",
      cost_per_unit: "1,250",
      reason: "purchase",
    });
    expect(bad.status).toBe(400);
    const text = joinedText(bad.text);
    expect(text).toContain("Mevcut stok bir sayı olmalıdır (örnek: 12,5 ya da 1.250,5).");
    expect(text).toContain("Minimum stok negatif olamaz.");
    expect(text).toContain("Birim maliyet “1,250” belirsiz");
  });

  it("the API takes Turkish strings for levels, cost and movements", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await call(tenant, "/api/stock", "POST", { name: "Süt", current_stock: "2,5", cost_per_unit: "1.250,00", min_stock: 1.5 });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ current_stock: 2.5, cost_per_unit: 1250, min_stock: 1.5 });
    const moved = await call(tenant, `/api/stock/${res.json.id}`, "PUT", { stock_change: "-1,5", reason: "waste" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.current_stock).toBe(1);
    expectFieldError(
      await call(tenant, `/api/stock/${res.json.id}`, "PUT", { cost_per_unit: "1..2" }),
      "cost_per_unit",
      "Birim maliyet bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00).",
    );
  });
});

describe("discounts", () => {
  const PAGE = "/app/discounts";
  const today = () => new Date().toISOString().slice(0, 10);
  const later = () => new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

  it("the page takes %12,5 and a minimum of 1.250,00; the edit form shows them back", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "Öğle",
      type: "percentage",
      value: "12,5",
      code: "OGLE12",
      min_order_amount: "1.250,00",
      usage_limit: "",
      start_date: today(),
      end_date: later(),
      is_active: "on",
    });
    expect(res.status, joinedText(res.text).slice(0, 300)).toBe(302);
    const row = await prisma.discount.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, code: "OGLE12" } });
    expect([row.value.toFixed(2), row.minOrderAmount.toFixed(2)]).toEqual(["12.50", "1250.00"]);
    const edit = (await getPage(tenant, `${PAGE}?edit=${row.id}`)).text;
    expect(inputValue(edit, "value")).toBe("12,5");
    expect(inputValue(edit, "min_order_amount")).toBe("1.250,00");
    expect(inputTag(edit, "value")).toContain('type="text"');
    const bad = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "Sabit",
      type: "fixed",
      value: "72,50,0",
      code: "SABIT",
      min_order_amount: "1,250",
      start_date: today(),
      end_date: later(),
    });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("İndirim değeri bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00).");
    expect(joinedText(bad.text)).toContain("Minimum sipariş tutarı “1,250” belirsiz");
  });

  it("the API takes Turkish strings for the value and the minimum", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await call(tenant, "/api/discounts", "POST", {
      name: "Sabit",
      type: "fixed",
      value: "72,50",
      code: "SABIT72",
      min_order_amount: "1.250,00",
      start_date: today(),
      end_date: later(),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ value: 72.5, min_order_amount: 1250 });
  });
});

describe("settings percentages", () => {
  const PAGE = "/app/settings";
  it("the page takes 18,5 and shows it back; the API takes 8,75 and 7,25; malformed is 400", async () => {
    const tenant = await createTenant({ manager: true });
    const { json } = await call(tenant, "/api/restaurant/settings", "GET");
    const form = {
      intent: "settings",
      version: json.version,
      restaurant_name: json.restaurant_name,
      restaurant_type: json.restaurant_type,
      address: "",
      phone: "",
      email: json.email ?? "",
      tax_rate: "18,5",
      receipt_footer: "",
    };
    const res = await postForm(tenant, PAGE, form);
    expect(res.status, joinedText(res.text).slice(0, 300)).toBe(302);
    const row = await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } });
    expect(row.taxRate.toFixed(2)).toBe("18.50");
    const page = (await getPage(tenant, PAGE)).text;
    expect(inputValue(page, "tax_rate")).toBe("18,5");
    expect(inputTag(page, "tax_rate")).toContain('type="text"');
    const bad = await postForm(tenant, PAGE, { ...form, version: row.settingsVersion, tax_rate: "1..2" });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("Vergi oranı bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00).");
    // The service charge is the API's only until the bill reads it (decision 065).
    const put = await call(tenant, "/api/restaurant/settings", "PUT", { tax_rate: "8,75", service_charge: "7,25" });
    expect(put.status, put.text).toBe(200);
    expect([put.json.tax_rate, put.json.service_charge]).toEqual([8.75, 7.25]);
    const negative = await call(tenant, "/api/restaurant/settings", "PUT", { service_charge: "-1" });
    expect(negative.status).toBe(400);
    expect(negative.json.detail).toContain("Servis ücreti negatif olamaz.");
  });
});

describe("staff salary", () => {
  it("the API takes 17.500,50", async () => {
    const owner = await createTenant({ manager: true });
    const res = await createStaffApi(owner, staffPayload({ salary: "17.500,50" }));
    expect(res.status, res.text).toBe(201);
    expect(res.json.salary).toBe(17500.5);
  });
});
