// The platform-admin zone: its login, its sessions, and who gets through. Every admin page and
// every admin endpoint in app/routes.ts must have a row below: a new one fails this test until
// its answers are written down. Visitors without a session are sent to the admin login (pages)
// or get 401 (API); a restaurant session gets 403 on both; an admin gets the row's answer.
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { prisma } from "~/utils/db.server";
import { api, randomIp } from "../setup/api";
import { adminCookie, createPlatformAdmin, getAdminPage, postAdminForm, type PlatformAdminAccount } from "../setup/admin";
import { createTenant, type Tenant } from "../setup/factories";
import { getPage, sessionCookie } from "../setup/pages";
import { baseUrl } from "../setup/api";

interface Row {
  path: string;
  method?: string;
  body?: unknown;
  /** What an admin gets. */
  ok: number;
}

/** Admin pages (GET with the admin cookie). */
const PAGES: Record<string, Row> = {
  "admin/": { path: "/admin", ok: 302 },
  "admin/dashboard": { path: "/admin/dashboard", ok: 200 },
  "admin/members": { path: "/admin/members", ok: 200 },
  // An id no restaurant has: the guard answers before the page looks it up.
  "admin/members/:id": { path: "/admin/members/999999999", ok: 404 },
  "admin/applications": { path: "/admin/applications", ok: 200 },
  "admin/invoices": { path: "/admin/invoices", ok: 200 },
};

/** Admin endpoints (bearer token). */
const ENDPOINTS: Record<string, Row> = {
  "admin/me": { path: "/api/admin/me", ok: 200 },
  "admin/metrics": { path: "/api/admin/metrics", ok: 200 },
  "admin/customers": { path: "/api/admin/customers", ok: 200 },
  "admin/customers/:id": { path: "/api/admin/customers/999999999", ok: 404 },
  "admin/customers/:id/status": { path: "/api/admin/customers/999999999/status", method: "POST", body: { status: "suspended" }, ok: 404 },
  "admin/customers/:id/plan": { path: "/api/admin/customers/999999999/plan", method: "POST", body: { plan: "pro" }, ok: 404 },
  "admin/applications": { path: "/api/admin/applications", ok: 200 },
  // An admin's empty decision is a validation refusal, not a pass.
  "admin/applications/approve": { path: "/api/admin/applications/approve", method: "POST", body: {}, ok: 400 },
  "admin/invoices": { path: "/api/admin/invoices", ok: 200 },
  "admin/invoices/:id/mark-paid": { path: "/api/admin/invoices/2000000000/mark-paid", method: "POST", ok: 404 },
};

interface RouteNode {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteNode[];
}

function leavesUnder(layoutFile: string): string[] {
  const out: string[] = [];
  const walk = (list: RouteNode[], prefix: string, inside: boolean) => {
    for (const r of list) {
      const full = [prefix, r.path].filter(Boolean).join("/") + (r.index ? "/" : "");
      const under = inside || r.file === layoutFile;
      if (r.children) walk(r.children, [prefix, r.path].filter(Boolean).join("/"), under);
      else if (under) out.push(full);
    }
  };
  walk(routes as unknown as RouteNode[], "", false);
  return out;
}

let admin: PlatformAdminAccount;
let owner: Tenant;

beforeAll(async () => {
  admin = await createPlatformAdmin();
  owner = await createTenant({ manager: true });
}, 60_000);

describe("the admin matrix covers every admin route", () => {
  it("every admin page has a row", () => {
    expect(leavesUnder("routes/admin/layout.tsx").sort()).toEqual(Object.keys(PAGES).sort());
  });
  it("every admin endpoint has a row", () => {
    expect(
      leavesUnder("routes/api/admin-authenticated.ts")
        .map((p) => p.replace(/^api\//, ""))
        .sort(),
    ).toEqual(Object.keys(ENDPOINTS).sort());
  });
});

describe.each(Object.entries(PAGES))("page %s", (_key, row) => {
  it("sends a visitor without a session to the admin login", async () => {
    const res = await fetch(`${baseUrl()}${row.path}`, { redirect: "manual", headers: { "x-forwarded-for": randomIp() } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(row.path)}`);
  });
  it("refuses a restaurant session (403)", async () => {
    const res = await getPage(owner, row.path);
    expect(res.status).toBe(403);
    expect(res.text).toContain("yalnızca platform yöneticilerine açıktır");
  });
  it("answers an admin", async () => {
    const res = await getAdminPage(admin, row.path);
    expect(res.status).toBe(row.ok);
    expect(res.headers?.get("cache-control")).toBe("no-store");
  });
});

describe.each(Object.entries(ENDPOINTS))("endpoint %s", (_key, row) => {
  it("401 without a token", async () => {
    const res = await api(row.path, { method: row.method, body: row.body });
    expect(res.status).toBe(401);
    expect(res.json.detail).toBe("Oturum açmanız gerekiyor.");
  });
  it("403 with a restaurant token", async () => {
    const res = await api(row.path, { method: row.method, body: row.body, token: owner.token });
    expect(res.status).toBe(403);
    expect(res.json.detail).toBe("Bu işlem platform yöneticisi girişi gerektirir.");
  });
  it("403 with a restaurant's cookie", async () => {
    const res = await fetch(`${baseUrl()}${row.path}`, {
      method: row.method ?? (row.body ? "POST" : "GET"),
      headers: { cookie: await sessionCookie(owner), "x-forwarded-for": randomIp() },
    });
    expect(res.status).toBe(403);
  });
  it("answers an admin", async () => {
    const res = await api(row.path, { method: row.method, body: row.body, token: admin.token });
    expect(res.status, res.text.slice(0, 200)).toBe(row.ok);
  });
});

describe("admin login", () => {
  it("gives a token for the right password and 401 for a wrong one, the same for an unknown address", async () => {
    const ok = await api("/api/admin/login", { body: { email: admin.email, password: admin.password } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ token_type: "bearer", admin: { email: admin.email, role: "platform_admin" } });
    expect(ok.json.access_token).toMatch(/^[\w-]{40,}$/);
    expect(JSON.stringify(ok.json)).not.toContain("passwordHash");
    const wrong = await api("/api/admin/login", { body: { email: admin.email, password: "yanlis-sifre" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.detail).toBe("E-posta veya şifre hatalı.");
    const unknown = await api("/api/admin/login", { body: { email: "kimse@test.sofra.local", password: "yanlis-sifre" } });
    expect(unknown.status).toBe(401);
    expect(unknown.json.detail).toBe(wrong.json.detail);
  });

  it("stores only the token's hash", async () => {
    const ok = await api("/api/admin/login", { body: { email: admin.email, password: admin.password } });
    expect(await prisma.session.count({ where: { tokenHash: ok.json.access_token } })).toBe(0);
    expect(await prisma.session.count({ where: { platformAdminId: admin.id } })).toBeGreaterThan(0);
  });

  it("a restaurant owner's password does not open the admin zone, and the seeded admin's does not open the app", async () => {
    const res = await api("/api/admin/login", { body: { email: owner.email, password: owner.password } });
    expect(res.status).toBe(401);
    const app = await api("/api/public/login", { body: { email: admin.email, password: admin.password } });
    expect(app.status).toBe(401);
  });

  it("an admin token is no restaurant session", async () => {
    expect((await api("/api/auth/me", { token: admin.token })).status).toBe(401);
    const page = await fetch(`${baseUrl()}/app/role-selection`, { headers: { cookie: await adminCookie(admin) }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/app");
  });

  it("refuses bad bodies with 400", async () => {
    expect((await api("/api/admin/login", { body: { email: "x" } })).status).toBe(400);
    expect((await api("/api/admin/login", { body: "{nope", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await api("/api/admin/login")).status).toBe(405);
  });

  it("throttles guesses from one address at one account (429 with Retry-After), without locking the admin out elsewhere", async () => {
    const target = await createPlatformAdmin();
    const ip = randomIp();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await api("/api/admin/login", { body: { email: target.email, password: `wrong-${i}` }, ip })).status;
    }
    expect(last).toBe(429);
    const refused = await api("/api/admin/login", { body: { email: target.email, password: target.password }, ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const elsewhere = await api("/api/admin/login", { body: { email: target.email, password: target.password } });
    expect(elsewhere.status).toBe(200);
  }, 60_000);

  it("the login form logs in without JavaScript and sends back to the page asked for", async () => {
    const target = await createPlatformAdmin();
    const res = await fetch(`${baseUrl()}/admin/login?redirectTo=%2Fadmin%2Fdashboard`, {
      method: "POST",
      body: new URLSearchParams({ email: target.email, password: target.password }),
      headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/dashboard");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/__sofra_admin=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });

  it("the login form never sends a visitor off the admin zone", async () => {
    const target = await createPlatformAdmin();
    for (const to of ["https://evil.example", "//evil.example", "/app/admin", "/admin/login"]) {
      const res = await fetch(`${baseUrl()}/admin/login?redirectTo=${encodeURIComponent(to)}`, {
        method: "POST",
        body: new URLSearchParams({ email: target.email, password: target.password }),
        headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
        redirect: "manual",
      });
      expect(res.headers.get("location"), to).toBe("/admin/dashboard");
    }
  });

  it("a wrong password on the form is a 401 with the message and no password echoed", async () => {
    const res = await fetch(`${baseUrl()}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ email: admin.email, password: "cok-gizli-yanlis" }),
      headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
      redirect: "manual",
    });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain("E-posta veya şifre hatalı.");
    expect(html).not.toContain("cok-gizli-yanlis");
  });

  it("refuses a cross-site login post", async () => {
    const res = await fetch(`${baseUrl()}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ email: admin.email, password: admin.password }),
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    // React Router itself refuses an action posted from another origin (400) before our guard's 403.
    expect([400, 403]).toContain(res.status);
    expect(res.headers.get("set-cookie")).toBeNull();
    const fetchSite = await fetch(`${baseUrl()}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ email: admin.email, password: admin.password }),
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(fetchSite.status).toBe(403);
  });
});

describe("admin sessions end", () => {
  it("logout (page) revokes the session: the same cookie no longer opens the zone", async () => {
    const target = await createPlatformAdmin();
    expect((await getAdminPage(target, "/admin/dashboard")).status).toBe(200);
    const out = await postAdminForm(target, "/admin/logout", {});
    expect(out.status).toBe(302);
    expect(out.location).toBe("/admin/login?logged_out=1");
    expect((await getAdminPage(target, "/admin/dashboard")).status).toBe(302);
    expect((await api("/api/admin/me", { token: target.token })).status).toBe(401);
  });

  it("logout (API) revokes the token", async () => {
    const target = await createPlatformAdmin();
    expect((await api("/api/admin/logout", { method: "POST", token: target.token })).status).toBe(200);
    const after = await api("/api/admin/me", { token: target.token });
    expect(after.status).toBe(401);
    expect(after.json.detail).toBe("Oturum Süresi Doldu, Lütfen tekrar giriş yapın");
  });

  it("an expired admin session is refused and sends the page to the login", async () => {
    const target = await createPlatformAdmin();
    await prisma.session.updateMany({ where: { platformAdminId: target.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const page = await getAdminPage(target, "/admin/dashboard");
    expect(page.status).toBe(302);
    expect(page.location).toContain("/admin/login?redirectTo=");
    expect(page.location).toContain("expired=1");
    expect((await api("/api/admin/me", { token: target.token })).status).toBe(401);
  });

  it("deleting the admin's sessions (revocation) closes every device", async () => {
    const target = await createPlatformAdmin();
    const second = await api("/api/admin/login", { body: { email: target.email, password: target.password } });
    await prisma.session.deleteMany({ where: { platformAdminId: target.id } });
    expect((await api("/api/admin/me", { token: target.token })).status).toBe(401);
    expect((await api("/api/admin/me", { token: second.json.access_token })).status).toBe(401);
  });
});

describe("the spec's short addresses", () => {
  it.each(["cms", "members", "notifications"])("/%s leads to the admin page", async (name) => {
    const res = await fetch(`${baseUrl()}/${name}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/${name}`);
  });
});
