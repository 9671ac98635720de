// What the server answers before (or instead of) a page: OPTIONS and posts to pages without an
// action get a quiet 405 with Allow, a cross-site page post Sofra's Turkish 403 (not React Router's
// English "Bad Request"), and HSTS goes only on answers that travelled over HTTPS.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/lib/test-support.ts";
import { randomIp } from "../setup/api";

const CROSS_SITE = "Bu istek başka bir siteden geldiği için reddedildi.";

let server: RunningServer;
beforeAll(async () => {
  // Its own server, to read its log: production defaults (secure cookies), behind a trusted proxy.
  server = await startServer({
    DATABASE_URL: inject("databaseUrl"),
    SESSION_SECRET: inject("sessionSecret"),
    COOKIE_SECURE: "true",
    TRUST_PROXY: "loopback",
    JOBS_WORKER: "off",
  });
}, 60_000);
afterAll(() => server?.stop());

const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${server.baseUrl}${path}`, { redirect: "manual", ...init, headers: { "x-forwarded-for": randomIp(), ...init.headers } });

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

describe("methods a path does not answer", () => {
  it("OPTIONS gets a quiet 405 naming what the path takes (pages and /api)", async () => {
    const before = server.log().length;
    const cases: [string, string][] = [
      ["/", "GET, HEAD"],
      ["/pricing", "GET, HEAD"],
      ["/login", "GET, HEAD, POST"],
      ["/app/order-taking", "GET, HEAD, POST"],
    ];
    for (const [path, allow] of cases) {
      const res = await call(path, { method: "OPTIONS" });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("allow"), path).toBe(allow);
      expect(await res.text()).toContain("Bu adres bu HTTP yöntemini desteklemiyor.");
    }
    const api = await call("/api/public/login", { method: "OPTIONS" });
    expect(api.status).toBe(405);
    expect(api.headers.get("allow")).toContain("POST");
    expect(await api.json()).toEqual({ detail: "Bu adres bu HTTP yöntemini desteklemiyor." });
    const authenticated = await call("/api/auth/me", { method: "OPTIONS" });
    expect(authenticated.status).toBe(405);
    expect(authenticated.headers.get("allow")).toContain("GET");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.log().slice(before)).toBe("");
  });

  it("a form post to a page without an action: 405 with Allow, Turkish page, nothing logged", async () => {
    const before = server.log().length;
    for (const path of ["/pricing", "/"]) {
      const res = await call(path, { ...form({ a: "1" }), headers: { ...form({}).headers, origin: server.baseUrl } });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("allow"), path).toBe("GET, HEAD");
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.log().slice(before)).toBe("");
  });
});

describe("a page post from another site", () => {
  it("is refused with Sofra's Turkish 403, by Origin or by Sec-Fetch-Site", async () => {
    const cases: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];
    for (const headers of cases) {
      const res = await call("/login", { ...form({ email: "a@b.c", password: "x" }), headers: { ...form({}).headers, ...headers } });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const text = await res.text();
      expect(text).toContain(CROSS_SITE);
      expect(text).not.toContain("Bad Request");
    }
  });

  it("the same post from Sofra's own origin is judged as usual", async () => {
    const res = await call("/login", {
      ...form({ email: "yok@sofra.test", password: "yanlis-sifre" }),
      headers: { ...form({}).headers, origin: server.baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(res.status).not.toBe(403);
    expect(res.status).not.toBe(400);
    expect(await res.text()).toContain("E-posta veya şifre hatalı.");
  });
});

describe("HSTS", () => {
  it("only on answers that came over HTTPS (here: X-Forwarded-Proto from the trusted proxy)", async () => {
    for (const path of ["/healthz", "/", "/api/public/plans"]) {
      const plain = await call(path);
      expect(plain.headers.get("strict-transport-security"), path).toBeNull();
      const https = await call(path, { headers: { "x-forwarded-proto": "https" } });
      expect(https.headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("not when the header comes from an address that is not a trusted proxy", async () => {
    const untrusting = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      SESSION_SECRET: inject("sessionSecret"),
      COOKIE_SECURE: "true",
      TRUST_PROXY: "10.9.8.7",
      JOBS_WORKER: "off",
    });
    try {
      const res = await fetch(`${untrusting.baseUrl}/healthz`, { headers: { "x-forwarded-proto": "https" } });
      expect(res.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await untrusting.stop();
    }
  }, 60_000);
});
