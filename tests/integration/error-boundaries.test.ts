// Errors of the restaurant app render inside its shell (zone error boundaries), not as a bare
// page from the root: the manager pages' 403 and the Turkish 404 of an unknown /app address.
import { describe, expect, it } from "vitest";
import { createTenant } from "../setup/factories";
import { getPage } from "../setup/pages";

describe("zone error boundaries", () => {
  it("a manager page in staff mode: 403 inside the app shell", async () => {
    const tenant = await createTenant();
    const page = await getPage(tenant, "/app/admin");
    expect(page.status).toBe(403);
    expect(page.text).toContain("Bu sayfaya erişiminiz yok");
    expect(page.text).toContain('class="app-shell"');
  });

  it("an unknown /app address: 404 inside the app shell", async () => {
    const tenant = await createTenant();
    const page = await getPage(tenant, "/app/yok/boyle/bir-sayfa");
    expect(page.status).toBe(404);
    expect(page.text).toContain("Aradığınız sayfa bulunamadı.");
    expect(page.text).toContain('class="app-shell"');
  });
});
