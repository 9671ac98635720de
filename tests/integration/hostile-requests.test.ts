// Hostile and careless requests: each used to answer 5xx, write something, or be
// accepted from another site. Every one now gets a clear 4xx before anything is written.
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { startServer } from "../../scripts/lib/test-support";
import { api, baseUrl } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { menuOf } from "../setup/floor";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

/** A raw HTTP request (fetch refuses TRACE and rewrites broken paths). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string, base = baseUrl()) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Logs in through the /login page form and returns the session cookie, as a browser would hold it. */
async function cookieOf(tenant: Tenant): Promise<string> {
  const res = await api("/login", {
    method: "POST",
    body: form({ email: tenant.email, password: tenant.password }),
    headers: { "content-type": FORM, origin: baseUrl() },
  });
  expect(res.status, res.text).toBe(302);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__sofra_session="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

const orderBody = (menuItemId: number) => JSON.stringify({ table_number: 3, items: [{ menu_item_id: menuItemId, quantity: 1 }] });
const orderCount = (tenant: Tenant) => prisma.order.count({ where: { restaurantId: tenant.restaurantId } });

describe("request line", () => {
  it.each(["/", "/app/staff", "/api/tables", "/login"])("TRACE %s: 405 with Allow, JSON under /api", async (path) => {
    const res = await raw("TRACE", path);
    expect(res.status, res.text).toBe(405);
    expect(res.headers.allow).toContain("GET");
    if (path.startsWith("/api")) expect(JSON.parse(res.text).detail).toBe("Bu adres bu HTTP yöntemini desteklemiyor.");
  });

  it("other unknown methods (PROPFIND): 405", async () => {
    expect((await raw("PROPFIND", "/api/tables")).status).toBe(405);
  });

  it.each(["/api/orders/table/%E0%A4%A", "/api/%", "/app/%C0", "/%ZZ"])(
    "broken percent-encoding %s: 400, JSON under /api",
    async (path) => {
      const res = await raw("GET", path);
      expect(res.status, res.text).toBe(400);
      if (path.startsWith("/api")) {
        expect(res.headers["content-type"]).toMatch(/application\/json/);
        expect(JSON.parse(res.text).detail).toBe("Adres geçersiz karakterler içeriyor.");
      }
    },
  );
});

describe("page forms", () => {
  it.each([
    ["application/json", '{"email":"a@b.c","password":"x"}'],
    ["text/plain", "email=a@b.c"],
    ["", "email=a@b.c"],
  ])("a form action posted as %j: 415 (was 500)", async (type, body) => {
    const headers: Record<string, string> = type ? { "content-type": type } : {};
    const res = await raw("POST", "/login", headers, body);
    expect(res.status, res.text).toBe(415);
    expect(res.text).toContain("Form verisi");
  });

  it("a body that does not parse as the form it claims to be: 400 (was 500)", async () => {
    const res = await raw("POST", "/signup", { "content-type": "multipart/form-data; boundary=x" }, "--x\r\nnot a part");
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain("Form verisi okunamadı.");
  });

  it("a body over 64 KB: 413, fast, and nothing is read twice", async () => {
    const big = `email=${"a".repeat(200 * 1024)}`;
    const started = Date.now();
    const res = await raw("POST", "/login", { "content-type": FORM, "content-length": String(Buffer.byteLength(big)) }, big);
    expect(res.status, res.text.slice(0, 200)).toBe(413);
    expect(res.text).toContain("en fazla 64 KB");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("six 50 MB posts to /login and /app leave the server's memory flat (and no HSTS over plain HTTP, secure cookies or not)", async () => {
    const server = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      SESSION_SECRET: inject("sessionSecret"),
      COOKIE_SECURE: "true",
    });
    try {
      const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))![1]) / 1024;
      const home = await raw("GET", "/login", {}, undefined, server.baseUrl);
      // HSTS only over HTTPS (edge-answers.test.ts): this request is plain HTTP.
      expect(home.headers["strict-transport-security"]).toBeUndefined();
      const before = rss();
      const chunk = Buffer.alloc(1024 * 1024, "a");
      const post = (path: string) =>
        new Promise<number>((resolve) => {
          // Chunked, with no Content-Length: the server must count, not trust a header.
          const req = httpRequest(`${server.baseUrl}${path}`, { method: "POST", headers: { "content-type": FORM } }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          });
          req.on("error", () => resolve(0)); // the server may close the connection after its 413
          let sent = 0;
          const pump = () => {
            while (sent < 50) {
              sent++;
              if (!req.write(chunk)) return void req.once("drain", pump);
            }
            req.end();
          };
          pump();
        });
      const statuses = await Promise.all(["/login", "/app", "/login", "/app", "/login", "/app"].map(post));
      for (const s of statuses) expect([0, 413]).toContain(s);
      expect(statuses.filter((s) => s === 413).length).toBeGreaterThan(0);
      const growth = rss() - before;
      expect(growth, `RSS grew by ${growth.toFixed(0)} MB`).toBeLessThan(100);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("CR/LF in the trial banner's return_to: back to role selection, no 500 after the upgrade", async () => {
    const tenant = await createTenant({ manager: true });
    // The confirmation's own post (issue 20: the first post only asks), as the banner's button sends it.
    const res = await api("/app/plans", {
      method: "POST",
      token: tenant.token,
      headers: { "content-type": FORM },
      body: form({
        intent: "change-plan",
        subscription_plan: "pro",
        billing_cycle: "monthly",
        confirm: "1",
        change_key: randomUUID(),
        return_to: "/app/staff\r\nSet-Cookie: x=1",
      }),
    });
    expect(res.status, res.text).toBe(302);
    expect(res.headers.get("location")).toBe("/app/role-selection?upgraded=1");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("x="))).toBe(false);
  });

  it("the premium gate's upgrade on /payments returns to /payments (one rule for return addresses)", async () => {
    const tenant = await createTenant({ manager: true });
    // The confirmation's own post (issue 20: the first post only asks), as the banner's button sends it.
    const res = await api("/app/plans", {
      method: "POST",
      token: tenant.token,
      headers: { "content-type": FORM },
      body: form({
        intent: "change-plan",
        subscription_plan: "pro",
        billing_cycle: "monthly",
        confirm: "1",
        change_key: randomUUID(),
        return_to: "/payments?table=2",
      }),
    });
    expect(res.status, res.text).toBe(302);
    expect(res.headers.get("location")).toBe("/payments?table=2&upgraded=1");
  });
});

describe("cross-site writes with the session cookie", () => {
  it("API: another origin or Sec-Fetch-Site cross-site gets 403 and no order (was 201)", async () => {
    const tenant = await createTenant();
    const cookie = await cookieOf(tenant);
    const menu = await menuOf(tenant);
    const id = Object.values(menu)[0]!.id;
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "null" },
    ];
    for (const headers of foreign) {
      const res = await raw("POST", "/api/orders", { cookie, "content-type": "application/json", ...headers }, orderBody(id));
      expect(res.status, res.text).toBe(403);
      expect(JSON.parse(res.text).detail).toBe("Bu istek başka bir siteden geldiği için reddedildi.");
    }
    expect(await orderCount(tenant)).toBe(0);
    // The same request from Sofra's own page goes through.
    const own = await raw(
      "POST",
      "/api/orders",
      { cookie, "content-type": "application/json", origin: baseUrl(), "sec-fetch-site": "same-origin" },
      orderBody(id),
    );
    expect(own.status, own.text).toBe(201);
  });

  it("API: a body that is not application/json gets 415 and no order (was 201)", async () => {
    const tenant = await createTenant();
    const cookie = await cookieOf(tenant);
    const id = Object.values(await menuOf(tenant))[0]!.id;
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const headers: Record<string, string> = { cookie, ...(type ? { "content-type": type } : {}) };
      const res = await raw("POST", "/api/orders", headers, orderBody(id));
      expect(res.status, `${type}: ${res.text}`).toBe(415);
    }
    expect(await orderCount(tenant)).toBe(0);
  });

  it("pages: a form posted from another site gets 403", async () => {
    const tenant = await createTenant({ manager: true });
    const cookie = await cookieOf(tenant);
    const res = await raw(
      "POST",
      "/app/trial-banner",
      { cookie, "content-type": FORM, "sec-fetch-site": "cross-site" },
      form({ intent: "upgrade", return_to: "/app/staff" }),
    );
    expect(res.status, res.text).toBe(403);
    expect((await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } })).subscriptionPlan).toBe("free_trial");
  });
});

describe("headers", () => {
  it("logged-in pages: CSP whose nonce is on every inline script, no-store, Permissions-Policy", async () => {
    const tenant = await createTenant();
    const cookie = await cookieOf(tenant);
    const res = await raw("GET", "/app/staff", { cookie });
    expect(res.status).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) if (!/\bsrc=/.test(attrs)) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    // A new nonce per page.
    const again = await raw("GET", "/app/staff", { cookie });
    expect(again.headers["content-security-policy"]).not.toBe(csp);
  });

  it("logged-in JSON (the poll's fast path too) is no-store", async () => {
    const tenant = await createTenant();
    for (const path of ["/api/auth/me", "/api/tables", "/api/orders/table/1"]) {
      const res = await api(path, { token: tenant.token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("no HSTS over plain HTTP (cookies not secure here)", async () => {
    const res = await raw("GET", "/");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});
