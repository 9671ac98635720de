// Prices and amounts show kuruş everywhere a person reads them (issue 20: "₺72,50 everywhere";
// decision 061 addendum): plan prices on /pricing, /signup, /app/plans and the premium gate, and the
// manager panel's per-table revenue. Only a chart's scale label stays in whole lira.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl } from "../setup/api";
import { createTenant } from "../setup/factories";
import { payOrder, postOrder } from "../setup/floor";
import { getPage, joinedText } from "../setup/pages";

const text = (html: string) =>
  joinedText(html)
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");

describe("plan prices with kuruş", () => {
  it("/pricing: ₺199,00 / ₺399,00 / ₺799,00 a month", async () => {
    const pricing = text(await (await fetch(`${baseUrl()}/pricing`)).text());
    for (const price of ["₺199,00", "₺399,00", "₺799,00"]) expect(pricing).toContain(`${price} / ay`);
  });

  it("/signup: the chosen plan's price, and a yearly plan's monthly share in kuruş", async () => {
    expect(text((await api("/signup?plan=basic")).text)).toContain("Seçtiğiniz plan: Basic, aylık ₺199,00");
    expect(text((await api("/signup?plan=pro&billing=yearly")).text)).toContain("Seçtiğiniz plan: Pro, yıllık ₺3.990,00 (ayda ₺332,50)");
  });

  it("/app/plans: ₺399,00 a month, ₺3.990,00 a year", async () => {
    const t = await createTenant({ manager: true });
    expect(text((await getPage(t, "/app/plans")).text)).toContain("₺399,00 / ay");
    expect(text((await getPage(t, "/app/plans?cycle=yearly")).text)).toContain("₺3.990,00 / yıl");
  });

  it("the premium gate lists the plans at ₺399,00 and ₺799,00 a month", async () => {
    const t = await createTenant({ manager: true });
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { subscriptionPlan: "basic", subscriptionStatus: "active" } });
    const page = text((await getPage(t, "/app/detailed-reports")).text);
    expect(page).toContain("Premium Özellik");
    expect(page).toContain("₺399,00 / ay");
    expect(page).toContain("₺799,00 / ay");
  });
});

describe("manager panel", () => {
  it("the busiest tables' revenue shows kuruş: ₺72,50, not ₺73", async () => {
    const t = await createTenant({ manager: true });
    const item = await api("/api/menu", {
      token: t.token,
      body: { name: "Mercimek Çorbası", category: "soup", price: 72.5, available: true },
    });
    expect(item.status, item.text).toBe(201);
    const order = await postOrder(t, { table_number: 7, items: [{ menu_item_id: item.json.id, quantity: 1 }] });
    expect(order.status, order.text).toBe(201);
    expect((await payOrder(t, order.json.id)).status).toBe(200);
    const panel = text((await getPage(t, "/app/admin")).text);
    expect(panel).toMatch(/En aktif masalar.*Masa 7\s*₺72,50 · 1 sipariş/);
  });
});
