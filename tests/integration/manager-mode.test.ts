// Manager mode ends: back at role selection or the staff panel, after 15 minutes without a request,
// at logout, and on every other session when the manager password changes. The manager's own trips
// to order taking and payments keep it.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl } from "../setup/api";
import { sessionRow } from "../setup/expect";
import { createTenant, enterManagerMode, type Tenant } from "../setup/factories";

const page = (tenant: Tenant, path: string) => api(path, { token: tenant.token });
const adminStatus = async (tenant: Tenant) => (await page(tenant, "/app/admin")).status;
const modeOf = async (tenant: Tenant) => (await api("/api/auth/me", { token: tenant.token })).json.mode;

async function secondSession(tenant: Tenant): Promise<Tenant> {
  const res = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } });
  expect(res.status, res.text).toBe(200);
  return { ...tenant, token: res.json.access_token };
}

describe("manager mode", () => {
  it("opens /app/admin, and survives trips to order taking and payments", async () => {
    const tenant = await createTenant({ manager: true });
    expect(await adminStatus(tenant)).toBe(200);
    expect((await page(tenant, "/app/order-taking?table=1")).status).toBeLessThan(400);
    expect((await page(tenant, "/app/payments")).status).toBe(200);
    expect(await adminStatus(tenant)).toBe(200);
  });

  it.each(["/app/role-selection", "/app/staff"])("ends when the tablet goes back to %s", async (path) => {
    const tenant = await createTenant({ manager: true });
    expect(await adminStatus(tenant)).toBe(200);
    expect((await page(tenant, path)).status).toBe(200);
    expect(await adminStatus(tenant)).toBe(403);
    expect(await modeOf(tenant)).toBeNull();
  });

  // The worker copies the page the user is on (role selection too) while the manager may already be on
  // the way to the panel: that copy must not end the mode behind their back.
  it.each(["/app/role-selection", "/app/staff"])("the service worker's background copy of %s does not end it", async (path) => {
    const tenant = await createTenant({ manager: true });
    expect((await api(path, { token: tenant.token, headers: { "x-sofra-warm": "1" } })).status).toBe(200);
    expect(await adminStatus(tenant)).toBe(200);
  });

  it("ends after 15 minutes without a request, not before", async () => {
    const tenant = await createTenant({ manager: true });
    const row = (await sessionRow(tenant.token))!;
    await prisma.session.update({ where: { id: row.id }, data: { managerSeenAt: new Date(Date.now() - 14 * 60_000) } });
    expect(await adminStatus(tenant)).toBe(200);
    // That request counted as activity.
    expect((await sessionRow(tenant.token))!.managerSeenAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await prisma.session.update({ where: { id: row.id }, data: { managerSeenAt: new Date(Date.now() - 16 * 60_000) } });
    expect(await adminStatus(tenant)).toBe(403);
    expect(await modeOf(tenant)).toBeNull();
    expect((await sessionRow(tenant.token))!.mode).toBeNull();
  });

  it("ends at logout", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await api("/api/auth/logout", { token: tenant.token, body: {} })).status).toBeLessThan(300);
    expect(await sessionRow(tenant.token)).toBeNull();
    expect(await adminStatus(tenant)).not.toBe(200);
  });

  it("a manager password change ends it on every other session of the restaurant, not on the one that changed it", async () => {
    const tenant = await createTenant({ manager: true });
    const tablet = await secondSession(tenant);
    await enterManagerMode(tablet);
    const other = await createTenant({ manager: true });
    expect(await adminStatus(tablet)).toBe(200);

    const res = await api("/api/auth/change-admin-password", {
      method: "PUT",
      token: tenant.token,
      body: { current_password: tenant.password, new_password: "ayri-yonetici-sifresi" },
    });
    expect(res.status, res.text).toBe(200);
    expect(await adminStatus(tablet)).toBe(403);
    expect(await modeOf(tablet)).toBeNull();
    expect(await adminStatus(tenant)).toBe(200);
    expect(await adminStatus(other)).toBe(200);
  });
});

describe("first manager entry with the login password", () => {
  const post = (tenant: Tenant, path: string, fields: Record<string, string>) =>
    fetch(`${baseUrl()}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { authorization: `Bearer ${tenant.token}`, origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });

  it("asks for a separate manager password (a form without JavaScript), then goes straight to the panel", async () => {
    const tenant = await createTenant();
    const first = await post(tenant, "/app/role-selection", { intent: "manager", password: tenant.password });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/app/manager-password");
    const form = await page(tenant, "/app/manager-password");
    expect(form.status).toBe(200);
    expect(form.text).toContain("Ayrı bir yönetici şifresi belirleyin");

    // The login password again is refused.
    const same = await post(tenant, "/app/manager-password", {
      current_password: tenant.password,
      new_password: tenant.password,
      confirm_password: tenant.password,
    });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("Yönetici şifresi, giriş şifrenizden farklı olmalı.");

    const set = await post(tenant, "/app/manager-password", {
      current_password: tenant.password,
      new_password: "ayri-yonetici-1",
      confirm_password: "ayri-yonetici-1",
    });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/app/admin");

    await page(tenant, "/app/role-selection");
    const again = await post(tenant, "/app/role-selection", { intent: "manager", password: "ayri-yonetici-1" });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/app/admin");
    expect(await adminStatus(tenant)).toBe(200);
  });
});
