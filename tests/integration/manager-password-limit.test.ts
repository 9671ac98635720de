// Guessing the manager password from many sessions at once (issue 20: ~5,200 guesses an hour with
// six parallel sessions): per restaurant, 20 wrong guesses per 15 minutes, then 429 with
// Retry-After for every session but one that typed the right password lately (the manager's own
// device); the owner gets one e-mail per trip (decision 067).
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, randomIp } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { menuOf } from "../setup/floor";

const LOCKED =
  /^Bu restoranda yönetici şifresi çok fazla kez yanlış girildi\. Güvenliğiniz için yeni denemeler \d+ dakika durduruldu ve restoran sahibine bildirildi\.$/;
const ALERT_SUBJECT = "Yönetici şifreniz için çok fazla hatalı deneme";

const freshSession = async (tenant: Tenant) => {
  const res = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password }, ip: randomIp() });
  expect(res.status, res.text).toBe(200);
  return res.json.access_token as string;
};
const verify = (token: string, password: string) => api("/api/auth/verify-admin-password", { token, body: { password } });

const alertsTo = async (tenant: Tenant) =>
  (await prisma.job.findMany({ where: { kind: "mail", payload: { contains: tenant.email } } })).filter((j) =>
    j.payload.includes(ALERT_SUBJECT),
  );

describe("the manager password limit per restaurant", () => {
  it("8 fresh sessions guessing 3 times each: 20 judged, the rest refused; the right password from a fresh login too", async () => {
    // The owner's session typed the right manager password (entering manager mode) before the guessing.
    const tenant = await createTenant({ manager: true });
    const sessions = await Promise.all(Array.from({ length: 8 }, () => freshSession(tenant)));
    const results = (
      await Promise.all(
        sessions.map(async (token) => [await verify(token, "tahmin-1"), await verify(token, "tahmin-2"), await verify(token, "tahmin-3")]),
      )
    ).flat();
    expect(results.map((r) => r.status).sort()).toEqual([...Array(20).fill(401), ...Array(4).fill(429)]);
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.json.detail).toMatch(LOCKED);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    }

    // A fresh login is refused even with the right password: guessing from new sessions is capped.
    const another = await freshSession(tenant);
    const right = await verify(another, tenant.password);
    expect(right.status, right.text).toBe(429);
    expect(right.json.detail).toMatch(LOCKED);

    // The manager's own session (it typed the right password before) is not locked out…
    const manager = await verify(tenant.token, tenant.password);
    expect(manager.status, manager.text).toBe(200);
    // …and its own typo is an ordinary wrong password, not a refusal.
    expect((await verify(tenant.token, "yazim-hatasi")).status).toBe(401);

    // The owner is told once for this trip, however many more guesses are refused.
    await verify(another, "tahmin-4");
    const alerts = await alertsTo(tenant);
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(alerts[0]!.payload).message.to).toBe(tenant.email);
    expect(JSON.parse(alerts[0]!.payload).message.text).toContain("20 kez yanlış girildi");
  }, 90_000);

  it("another restaurant is not affected", async () => {
    const attacked = await createTenant();
    const other = await createTenant();
    const sessions = await Promise.all(Array.from({ length: 7 }, () => freshSession(attacked)));
    await Promise.all(sessions.map(async (token) => [await verify(token, "x-1"), await verify(token, "x-2"), await verify(token, "x-3")]));
    expect((await verify(await freshSession(attacked), attacked.password)).status).toBe(429);
    const fresh = await freshSession(other);
    expect((await verify(fresh, other.password)).status).toBe(200);
    expect(await alertsTo(other)).toHaveLength(0);
  }, 90_000);

  it("the order-edit approval's manager_password counts against the same limit", async () => {
    const tenant = await createTenant();
    const sessions = await Promise.all(Array.from({ length: 7 }, () => freshSession(tenant)));
    await Promise.all(sessions.map(async (token) => [await verify(token, "y-1"), await verify(token, "y-2"), await verify(token, "y-3")]));
    const menu = await menuOf(tenant);
    // A waiter's fresh session carrying the manager password with an order (the approval path).
    const order = await api("/api/orders", {
      token: await freshSession(tenant),
      body: { table_number: 1, items: [{ menu_item_id: menu["Su"]!.id, quantity: 1 }], manager_password: tenant.password },
    });
    expect(order.status, order.text).toBe(429);
    expect(order.json.detail).toMatch(LOCKED);
  }, 90_000);
});
