import { describe, expect, it } from "vitest";
import { api } from "../setup/api";

describe("GET /api/public/plans", () => {
  it("lists the three plans from the database with the catalog's prices and limits", async () => {
    const res = await api("/api/public/plans");
    expect(res.status).toBe(200);
    expect(res.json.map((p: { id: string }) => p.id)).toEqual(["basic", "pro", "enterprise"]);
    const [basic, pro, enterprise] = res.json;
    expect(basic).toMatchObject({
      name: "Basic",
      price_monthly: 199,
      price_yearly: 1990,
      max_tables: 10,
      max_staff: 5,
      recommended: false,
    });
    expect(pro).toMatchObject({ name: "Pro", price_monthly: 399, price_yearly: 3990, max_tables: 25, max_staff: 15, recommended: true });
    expect(enterprise).toMatchObject({ price_monthly: 799, price_yearly: 7990, max_tables: null, max_staff: null, recommended: false });
    expect(pro.features).toContain("QR menü");
  });

  it("answers 405 with a Turkish detail to other methods", async () => {
    const res = await api("/api/public/plans", { method: "POST", body: {} });
    expect(res.status).toBe(405);
    expect(res.json.detail).toBe("Bu adres bu HTTP yöntemini desteklemiyor.");
  });
});
