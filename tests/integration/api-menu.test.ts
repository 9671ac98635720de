// GET /api/menu.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, MESSAGES } from "../setup/expect";
import { createTenant } from "../setup/factories";

// The sample menu every signup gets (app/modules/menu/sample-menu.ts), written out so a change shows.
const SAMPLE: [string, string, number][] = [
  ["Mercimek Çorbası", "soup", 90],
  ["Ezogelin Çorbası", "soup", 90],
  ["Serpme Kahvaltı", "breakfast", 450],
  ["Menemen", "breakfast", 160],
  ["Sucuklu Yumurta", "breakfast", 180],
  ["Humus", "appetizer", 120],
  ["Sigara Böreği", "appetizer", 140],
  ["Haydari", "appetizer", 110],
  ["Adana Kebap", "main_course", 380],
  ["İskender", "main_course", 420],
  ["Tavuk Şiş", "main_course", 300],
  ["Izgara Köfte", "main_course", 290],
  ["Künefe", "dessert", 190],
  ["Sütlaç", "dessert", 110],
  ["Baklava", "dessert", 220],
  ["Çay", "drinks", 20],
  ["Türk Kahvesi", "drinks", 70],
  ["Ayran", "drinks", 40],
  ["Kola", "drinks", 60],
  ["Su", "drinks", 15],
];
const CATEGORY_ORDER = ["drinks", "breakfast", "appetizer", "main_course", "dessert", "soup"];

describe("GET /api/menu", () => {
  it("a new restaurant: the 20 sample items, each with its id, numeric price and available flag", async () => {
    const tenant = await createTenant();
    const res = await api("/api/menu", { token: tenant.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toHaveLength(20);
    const rows = await prisma.menuItem.findMany({ where: { restaurantId: tenant.restaurantId } });
    const idOf = new Map(rows.map((r) => [r.name, r.id]));
    for (const item of res.json) {
      expect(Object.keys(item).sort()).toEqual(["available", "category", "description", "id", "name", "price"]);
      expect(typeof item.price, item.name).toBe("number");
      expect(typeof item.description).toBe("string");
      expect(item.available).toBe(true);
      expect(item.id).toBe(idOf.get(item.name));
    }
    const byName = Object.fromEntries(res.json.map((i: any) => [i.name, [i.category, i.price]]));
    expect(byName).toEqual(Object.fromEntries(SAMPLE.map(([name, category, price]) => [name, [category, price]])));
  });

  it("lists the items in the screen's category order", async () => {
    const tenant = await createTenant();
    const res = await api("/api/menu", { token: tenant.token });
    const ranks = res.json.map((i: any) => CATEGORY_ORDER.indexOf(i.category));
    expect(ranks).toEqual([...ranks].sort((x: number, y: number) => x - y));
    expect(res.json[0].category).toBe("drinks");
    expect(res.json.at(-1).category).toBe("soup");
  });

  it("a sold-out item is still listed, with available false", async () => {
    const tenant = await createTenant();
    const kunefe = await prisma.menuItem.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, name: "Künefe" } });
    await prisma.menuItem.update({ where: { id: kunefe.id }, data: { available: false } });
    const res = await api("/api/menu", { token: tenant.token });
    expect(res.json).toHaveLength(20);
    expect(res.json.find((i: any) => i.id === kunefe.id)).toEqual({
      id: kunefe.id,
      name: "Künefe",
      category: "dessert",
      price: 190,
      description: "Antep fıstıklı",
      available: false,
    });
    expect(res.json.filter((i: any) => !i.available)).toHaveLength(1);
  });

  it("a price with kuruş comes back as a number with its decimals", async () => {
    const tenant = await createTenant();
    const cay = await prisma.menuItem.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, name: "Çay" } });
    await prisma.menuItem.update({ where: { id: cay.id }, data: { price: "22.50" } });
    const res = await api("/api/menu", { token: tenant.token });
    expect(res.json.find((i: any) => i.id === cay.id).price).toBe(22.5);
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/menu"), 401, MESSAGES.unauthorized);
  });

  it("PUT on the list: 405, and nothing changes", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await api("/api/menu", {
      method: "PUT",
      token: tenant.token,
      body: { name: "Lahmacun", category: "main_course", price: 100 },
    });
    expectError(res, 405, MESSAGES.methodNotAllowed);
    expect(await prisma.menuItem.count({ where: { restaurantId: tenant.restaurantId } })).toBe(20);
  });
});

describe("GET /api/menu and hidden categories (decision 068 addendum)", () => {
  const hideCategory = (tenant: { restaurantId: number }, key: string) =>
    prisma.menuCategory.update({ where: { restaurantId_key: { restaurantId: tenant.restaurantId, key } }, data: { hidden: true } });
  const names = (res: { json: any }) => res.json.map((i: any) => i.name);

  it("leaves a hidden category's items out: order taking, its offline copy and guests are not offered them", async () => {
    const tenant = await createTenant();
    await hideCategory(tenant, "breakfast");
    for (const path of ["/api/menu", "/api/menu?include_hidden=false"]) {
      const res = await api(path, { token: tenant.token });
      expect(res.status, res.text).toBe(200);
      expect(res.json, path).toHaveLength(17);
      expect(names(res), path).not.toEqual(expect.arrayContaining(["Menemen"]));
      expect(
        res.json.map((i: any) => i.category),
        path,
      ).not.toContain("breakfast");
    }
  });

  it("include_hidden=true in manager mode lists every item, in the screen's order", async () => {
    const tenant = await createTenant({ manager: true });
    await hideCategory(tenant, "breakfast");
    const res = await api("/api/menu?include_hidden=true", { token: tenant.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toHaveLength(20);
    expect(names(res)).toEqual(expect.arrayContaining(["Serpme Kahvaltı", "Menemen", "Sucuklu Yumurta"]));
    const ranks = res.json.map((i: any) => CATEGORY_ORDER.indexOf(i.category));
    expect(ranks).toEqual([...ranks].sort((x: number, y: number) => x - y));
  });

  it("include_hidden=true outside manager mode: 403; a value other than true or false: 400", async () => {
    const tenant = await createTenant();
    await hideCategory(tenant, "breakfast");
    expectError(await api("/api/menu?include_hidden=true", { token: tenant.token }), 403, MESSAGES.managerOnly);
    expectError(await api("/api/menu?include_hidden=1", { token: tenant.token }), 400, "include_hidden true ya da false olmalıdır.");
  });

  it("another restaurant's hidden items never appear, with or without include_hidden", async () => {
    const other = await createTenant();
    await hideCategory(other, "dessert");
    const tenant = await createTenant({ manager: true });
    const theirs = new Set(
      (await prisma.menuItem.findMany({ where: { restaurantId: other.restaurantId }, select: { id: true } })).map((r) => r.id),
    );
    const res = await api("/api/menu?include_hidden=true", { token: tenant.token });
    expect(res.json).toHaveLength(20);
    expect(res.json.filter((i: any) => theirs.has(i.id))).toEqual([]);
  });
});
