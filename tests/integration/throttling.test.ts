// Throttling that cannot be turned against users: only an (account, address) pair is refused, a
// trusted device still logs in, manager-password guesses are counted per session, attempts are
// counted atomically, and signups are limited per address.
import { describe, expect, it } from "vitest";
import { api, baseUrl, randomIp, uniqueEmail } from "../setup/api";
import { createTenant, signupPayload, type Tenant } from "../setup/factories";

const THROTTLED = /^Çok fazla başarısız deneme yapıldı\. Lütfen \d+ dakika sonra tekrar deneyin\.$/;
const SIGNUP_LIMITED = "Bu adresten çok fazla kayıt yapıldı. Lütfen bir saat sonra tekrar deneyin.";

const login = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  api("/api/public/login", { body: { email, password }, ip, headers });
const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

async function failLogins(email: string, ip: string, n: number) {
  return Promise.all(Array.from({ length: n }, () => login(email, "yanlis-sifre", ip)));
}

describe("login throttling", () => {
  it("ten wrong passwords from one address do not lock the owner out from another address", async () => {
    const tenant = await createTenant();
    const attacker = randomIp();
    await failLogins(tenant.email, attacker, 11);
    const refused = await login(tenant.email, tenant.password, attacker);
    expect(refused.status).toBe(429);
    expect(refused.json.detail).toMatch(THROTTLED);

    const owner = await login(tenant.email, tenant.password, randomIp());
    expect(owner.status, owner.text).toBe(200);
  });

  it("a device that logged in before keeps logging in from the attacked address", async () => {
    const tenant = await createTenant();
    const shared = randomIp();
    const first = await login(tenant.email, tenant.password, shared);
    expect(first.status).toBe(200);
    const deviceCookie = first.headers.get("set-cookie")!.split(";")[0]!;
    expect(deviceCookie).toMatch(/^__sofra_device=/);

    await failLogins(tenant.email, shared, 11);
    expect((await login(tenant.email, tenant.password, shared)).status).toBe(429);
    const again = await login(tenant.email, tenant.password, shared, { cookie: deviceCookie });
    expect(again.status, again.text).toBe(200);
    // A live session on the device counts too.
    const withSession = await login(tenant.email, tenant.password, shared, { authorization: `Bearer ${tenant.token}` });
    expect(withSession.status, withSession.text).toBe(200);
  });

  it("60 failures on random e-mails do not lock out the owners behind that address", async () => {
    const tenant = await createTenant();
    const wifi = randomIp();
    const results = await Promise.all(Array.from({ length: 60 }, () => login(uniqueEmail("yok"), "yanlis-sifre", wifi)));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([401]));
    const owner = await login(tenant.email, tenant.password, wifi);
    expect(owner.status, owner.text).toBe(200);
  }, 60_000);

  it("concurrent attempts are counted atomically: of 20 at once with a limit of 10, exactly 10 are judged", async () => {
    const tenant = await createTenant();
    const results = await failLogins(tenant.email, randomIp(), 20);
    expect(statuses(results)).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  }, 60_000);
});

describe("manager password throttling", () => {
  const verify = (t: Tenant, token: string, password: string, ip: string) =>
    api("/api/auth/verify-admin-password", { token, body: { password }, ip });

  it("a staff session guessing cannot lock manager mode for the restaurant", async () => {
    const tenant = await createTenant();
    const ip = randomIp();
    const staff = (await login(tenant.email, tenant.password, ip)).json.access_token as string;
    const results = await Promise.all(Array.from({ length: 12 }, () => verify(tenant, staff, "tahmin", ip)));
    expect(statuses(results)).toEqual([...Array(10).fill(401), ...Array(2).fill(429)]);
    // The guessing session stays refused, even with the right password…
    expect((await verify(tenant, staff, tenant.password, ip)).status).toBe(429);
    // …but the manager on another session of the same restaurant, even on the same network, gets in.
    const manager = await verify(tenant, tenant.token, tenant.password, ip);
    expect(manager.status, manager.text).toBe(200);
  }, 60_000);
});

describe("signup rate limit", () => {
  it("20 signups per address and hour (both signup endpoints), then 429 with a Turkish message; other addresses go on", async () => {
    const ip = randomIp();
    const results = await Promise.all(
      Array.from({ length: 22 }, (_, i) => api(i % 2 ? "/api/auth/register" : "/api/public/signup", { body: signupPayload(), ip })),
    );
    expect(statuses(results)).toEqual([...Array(20).fill(201), ...Array(2).fill(429)]);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.json).toEqual({ detail: SIGNUP_LIMITED });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    // The signup page answers the same.
    const form = new URLSearchParams(signupPayload() as Record<string, string>);
    const page = await fetch(`${baseUrl()}/signup`, {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": ip, origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Bu adresten çok fazla kayıt yapıldı.");

    expect((await api("/api/public/signup", { body: signupPayload(), ip: randomIp() })).status).toBe(201);
  }, 90_000);

  it("a refused or failed signup does not use up the allowance", async () => {
    const ip = randomIp();
    const taken = await createTenant();
    for (let i = 0; i < 21; i++) {
      expect((await api("/api/public/signup", { body: signupPayload({ email: taken.email }), ip })).status).toBe(409);
    }
    expect((await api("/api/public/signup", { body: signupPayload(), ip })).status).toBe(201);
  }, 60_000);
});
