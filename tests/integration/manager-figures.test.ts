// GET /app/admin/figures: the manager panel's live reload of its day figures (JSON, manager mode):
// the same figures the page shows, the session's restaurant's only, and no-store.
import { describe, expect, it } from "vitest";
import { api } from "../setup/api";
import { createTenant } from "../setup/factories";
import { payOrder, postOrder } from "../setup/floor";
import { getPage } from "../setup/pages";

interface Figures {
  report: { total_revenue: number; total_orders: number };
  history: unknown[];
  readAt: number;
}

describe("GET /app/admin/figures", () => {
  it("gives the day's figures after a payment, for the session's restaurant only", async () => {
    const t = await createTenant({ manager: true });
    const other = await createTenant({ manager: true });
    const item = await api("/api/menu", {
      token: t.token,
      body: { name: "Mercimek Çorbası", category: "soup", price: 72.5, available: true },
    });
    expect(item.status, item.text).toBe(201);
    const before = Date.now();
    const order = await postOrder(t, { table_number: 7, items: [{ menu_item_id: item.json.id, quantity: 2 }] });
    expect(order.status, order.text).toBe(201);
    expect((await payOrder(t, order.json.id)).status).toBe(200);

    const mine = await getPage(t, "/app/admin/figures");
    expect(mine.status, mine.text).toBe(200);
    expect(mine.headers!.get("content-type")).toMatch(/^application\/json/);
    expect(mine.headers!.get("cache-control")).toContain("no-store");
    const figures = JSON.parse(mine.text) as Figures;
    expect(figures.report.total_revenue).toBe(145);
    expect(figures.report.total_orders).toBe(1);
    expect(figures.readAt).toBeGreaterThanOrEqual(before);
    // The page shows the same figures.
    expect((await getPage(t, "/app/admin")).text).toContain("₺145,00");

    const theirs = JSON.parse((await getPage(other, "/app/admin/figures")).text) as Figures;
    expect(theirs.report.total_revenue).toBe(0);
    expect(theirs.report.total_orders).toBe(0);
    expect(theirs.history).toEqual([]);
  });
});
