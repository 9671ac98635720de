// Playwright fixtures. Accounts are made through the real signup API; logging
// in writes the session cookie straight into the browser (the token comes from
// the API, the cookie is signed like the server signs it), so tests that are
// not about logging in do not pay for the login form.
import { randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { createCookie } from "react-router";
import { E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";

export const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export interface Owner {
  email: string;
  password: string;
  token: string;
  restaurantId: number;
  restaurantName: string;
  firstName: string;
  lastName: string;
}

export const uniqueEmail = (label = "e2e") => `${label}-${randomUUID().slice(0, 12)}@test.sofra.local`;

export async function apiJson(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as any };
}

export async function createOwner(overrides: Partial<Record<string, string>> = {}): Promise<Owner> {
  const body = {
    first_name: "Deniz",
    last_name: "Yılmaz",
    email: uniqueEmail(),
    password: "e2e-sifre-123",
    restaurant_name: `E2E Lokanta ${randomUUID().slice(0, 6)}`,
    restaurant_type: "restaurant",
    ...overrides,
  };
  const res = await apiJson("/api/public/signup", { body });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.json)}`);
  return {
    email: body.email,
    password: body.password,
    token: res.json.access_token,
    restaurantId: res.json.restaurant.id,
    restaurantName: body.restaurant_name,
    firstName: body.first_name,
    lastName: body.last_name,
  };
}

const sessionCookie = createCookie("__sofra_session", { secrets: [E2E_SESSION_SECRET] });

/** Puts an API session into the browser, as if the user had logged in. */
export async function logIn(page: Page, owner: Owner, { mode }: { mode?: "manager" | "staff" } = {}) {
  if (mode === "manager") {
    const res = await apiJson("/api/auth/verify-admin-password", { token: owner.token, body: { password: owner.password } });
    expect(res.status).toBe(200);
  }
  if (mode === "staff") await sql("UPDATE sessions SET mode = 'staff' WHERE tokenHash = SHA2(?, 256)", [owner.token]);
  const value = (await sessionCookie.serialize(owner.token)).split(";")[0]!.split("=").slice(1).join("=");
  await page.context().addCookies([{ name: "__sofra_session", value, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }]);
}

const adminCookie = createCookie("__sofra_admin", { secrets: [E2E_SESSION_SECRET] });

/** The seeded platform admin (scripts/e2e-server.ts seeds the e2e database). */
export const PLATFORM_ADMIN = {
  email: process.env.PLATFORM_ADMIN_EMAIL ?? "admin@sofra.local",
  password: process.env.PLATFORM_ADMIN_PASSWORD ?? "sofra-admin-2026",
};

/** Puts a platform-admin session into the browser (logged in through POST /api/admin/login). */
export async function loginAsAdmin(page: Page) {
  const res = await apiJson("/api/admin/login", { body: PLATFORM_ADMIN });
  expect(res.status).toBe(200);
  const value = (await adminCookie.serialize(res.json.access_token)).split(";")[0]!.split("=").slice(1).join("=");
  await page.context().addCookies([{ name: "__sofra_admin", value, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Strict" }]);
  return res.json.access_token as string;
}

export const test = base.extend<{ owner: Owner }>({
  owner: async ({}, use) => {
    await use(await createOwner());
  },
  // What the page saw go wrong (its uncaught errors, answers of 500 and above), printed when a
  // test fails: a page that ends on its error screen then says why in CI's output.
  page: async ({ page }, use, testInfo) => {
    const seen: string[] = [];
    page.on("pageerror", (error) => seen.push(`page error: ${error.stack ?? error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") seen.push(`console error: ${message.text()}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 500) seen.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && seen.length > 0) {
      console.log(`What the page saw (${testInfo.title}):\n${seen.map((line) => `  ${line}`).join("\n")}`);
    }
  },
});

export { expect };

/** Waits until React has hydrated the document (so effects such as timers and event listeners are in place). */
export async function hydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$"))), { timeout: 10_000 })
    .toBe(true);
}

/** Whether this project runs with JavaScript (some assertions differ, e.g. native validation). */
export const hasJs = (testInfo: { project: { name: string } }) => testInfo.project.name !== "no-js";

// Direct database access, for arranging what the UI cannot (an expired trial).
import mariadb from "mariadb";
import { parseDatabaseUrl } from "../../app/utils/database-url";
import { loadEnvFile, requireDatabaseUrl } from "../../scripts/lib/load-env";
import { siblingDatabaseUrl } from "../../scripts/lib/test-support";

export async function sql<T = unknown>(query: string, values: unknown[] = []): Promise<T> {
  loadEnvFile();
  const settings = parseDatabaseUrl(siblingDatabaseUrl(requireDatabaseUrl(), "e2e"));
  const conn = await mariadb.createConnection({ ...settings, timezone: "Z" });
  try {
    return (await conn.query(query, values)) as T;
  } finally {
    await conn.end();
  }
}
