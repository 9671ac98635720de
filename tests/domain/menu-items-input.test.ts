// A new menu item's bad input, through the API's own validation and the menu module (moved here
// from tests/integration/menu-management.test.ts, which keeps one case for the HTTP contract):
// each is a 400 with its Turkish message listed under its field, and nothing is added.
import { beforeAll, describe, expect, it } from "vitest";
import { createMenuItem } from "~/modules/menu/menu.server";
import { CreateMenuItemSchema } from "~/modules/menu/schemas";
import { prisma } from "~/utils/db.server";
import { validate } from "~/utils/http.server";
import { apiAnswer, asJson } from "../setup/domain-api";
import { createRestaurant, type DomainTenant } from "../setup/domain";

const LAHMACUN = { name: "Lahmacun", category: "main_course", price: 85.5, description: "İnce hamur, bol yeşillik", available: true };

let tenant: DomainTenant;
let before: number;
const count = () => prisma.menuItem.count({ where: { restaurantId: tenant.restaurantId } });
beforeAll(async () => {
  tenant = await createRestaurant();
  before = await count();
});

/** What POST /api/menu runs after reading the body. */
function post(change: Record<string, unknown>) {
  const body = asJson({ ...LAHMACUN, ...change });
  return apiAnswer(async () => {
    const { client_id, ...fields } = validate(CreateMenuItemSchema, body);
    await createMenuItem(tenant.restaurantId, fields, client_id ?? null);
  });
}

describe("POST /api/menu's bad input", () => {
  it.each([
    ["name missing", { name: undefined }, "name", "Ürün adı zorunludur."],
    ["name only spaces", { name: "   " }, "name", "Ürün adı zorunludur."],
    ["name too long", { name: "Ş".repeat(121) }, "name", "Ürün adı en fazla 120 karakter olabilir."],
    ["name a number", { name: 12 }, "name", "Ürün adı metin olmalıdır."],
    ["price missing", { price: undefined }, "price", "Fiyat zorunludur."],
    ["price empty", { price: "" }, "price", "Fiyat zorunludur."],
    ["price zero", { price: 0 }, "price", "Fiyat 0'dan büyük olmalıdır."],
    ["price negative", { price: -5 }, "price", "Fiyat 0'dan büyük olmalıdır."],
    ["price negative text", { price: "-5" }, "price", "Fiyat 0'dan büyük olmalıdır."],
    ["price text", { price: "on beş" }, "price", "Fiyat bir sayı olmalıdır (örnek: 45,50)."],
    ["price exponent", { price: "1e3" }, "price", "Fiyat bir sayı olmalıdır (örnek: 45,50)."],
    ["price hex", { price: "0x10" }, "price", "Fiyat bir sayı olmalıdır (örnek: 45,50)."],
    ["price three decimals", { price: 12.345 }, "price", "Fiyat en fazla iki ondalık basamak içerebilir (kuruş)."],
    ["price three decimals text", { price: "0,345" }, "price", "Fiyat en fazla iki ondalık basamak içerebilir (kuruş)."],
    ["price over the maximum", { price: 100000 }, "price", "Fiyat en fazla ₺99.999,99 olabilir."],
    ["price just over", { price: "100.000,00" }, "price", "Fiyat en fazla ₺99.999,99 olabilir."],
    ["price a boolean", { price: true }, "price", "Fiyat bir sayı olmalıdır (örnek: 45,50)."],
    [
      "category unknown",
      { category: "pizza" },
      "category",
      "Kategori şunlardan biri olmalıdır: drinks, breakfast, appetizer, main_course, dessert, soup.",
    ],
    ["category missing", { category: undefined }, "category", "Kategori zorunludur."],
    ["description too long", { description: "a".repeat(501) }, "description", "Açıklama en fazla 500 karakter olabilir."],
    ["available not a boolean", { available: "yes" }, "available", "Satış durumu (available) true ya da false olmalıdır."],
    ["client_id malformed", { client_id: "kısa" }, "client_id", "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır."],
  ])("%s: 400 with the Turkish message, nothing added", async (_label, change, field, message) => {
    const answer = await post(change);
    expect(answer).toMatchObject({ status: 400, detail: message });
    expect(answer.errors?.[field], JSON.stringify(answer)).toContain(message);
    expect(await count()).toBe(before);
  });
});
