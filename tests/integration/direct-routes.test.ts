// POST /api/orders is answered by server/edge.mjs without React Router's matching (decision 093):
// its middleware chain (the root's request guard, the API layout's session check) and its action,
// read from the build's route manifest. Everything the router's path gave it must still hold.
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, randomIp } from "../setup/api";
import { expectError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { clientOrderId, menuOf } from "../setup/floor";
import { sessionCookie } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const CROSS_SITE = "Bu istek başka bir siteden geldiği için reddedildi.";

let tenant: Tenant;
let itemId: number;

beforeAll(async () => {
  tenant = await createTenant();
  itemId = Object.values(await menuOf(tenant))[0]!.id;
});

const order = (key = clientOrderId()) => ({ table_number: 1, items: [{ menu_item_id: itemId, quantity: 1 }], client_order_id: key });

async function postWithCookie(origin: string | null) {
  const headers: Record<string, string> = {
    cookie: await sessionCookie(tenant),
    "content-type": "application/json",
    "x-forwarded-for": randomIp(),
  };
  if (origin) headers.origin = origin;
  const res = await fetch(`${baseUrl()}/api/orders`, { method: "POST", headers, body: JSON.stringify(order()) });
  return { status: res.status, json: (await res.json()) as { detail?: string; id?: number }, headers: res.headers };
}

describe("POST /api/orders, answered directly", () => {
  it("201 with the order, no-store and the security headers; the same key again is 200 with Idempotent-Replay", async () => {
    const body = order();
    const first = await api("/api/orders", { token: tenant.token, body });
    expect(first.status).toBe(201);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("content-length")).toBe(String(Buffer.byteLength(first.text)));
    const again = await api("/api/orders", { token: tenant.token, body });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(again.json.id).toBe(first.json.id);
  });

  it("an Idempotency-Key header stands for the client order id", async () => {
    const key = clientOrderId();
    const { client_order_id: _, ...body } = order();
    const first = await api("/api/orders", { token: tenant.token, body, headers: { "idempotency-key": key } });
    const again = await api("/api/orders", { token: tenant.token, body, headers: { "idempotency-key": key } });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.id).toBe(first.json.id);
  });

  it("the request guard: a cookie-authenticated write from another site is 403, from the app's own origin it goes through", async () => {
    const crossSite = await postWithCookie("https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.detail).toBe(CROSS_SITE);
    const sameSite = await postWithCookie(baseUrl());
    expect(sameSite.status).toBe(201);
  });

  it("the session check: 401 without a session or with a dead token", async () => {
    expectError(await api("/api/orders", { body: order() }), 401, MESSAGES.unauthorized);
    expect((await api("/api/orders", { token: "not-a-session", body: order() })).status).toBe(401);
  });

  it("the route's own reader: 415 for a text/plain body, 413 past the limit, 400 for broken JSON", async () => {
    const plain = await api("/api/orders", {
      token: tenant.token,
      body: JSON.stringify(order()),
      headers: { "content-type": "text/plain" },
    });
    expectError(plain, 415, MESSAGES.unsupportedMediaType);
    const huge = await api("/api/orders", { token: tenant.token, body: JSON.stringify({ ...order(), pad: "x".repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    const broken = await api("/api/orders", { token: tenant.token, body: "{", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
  });

  it("GET on the path still goes through the router: 405", async () => {
    expect((await api("/api/orders", { token: tenant.token })).status).toBe(405);
  });
});

describe("GET /api/kitchen/ready, answered directly", () => {
  it("the session's ready lines (a list), no-store; 401 without a session; a query string changes nothing", async () => {
    const res = await api("/api/kitchen/ready", { token: tenant.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await api("/api/kitchen/ready?x=1", { token: tenant.token })).status).toBe(200);
    expectError(await api("/api/kitchen/ready"), 401, MESSAGES.unauthorized);
  });
});

describe("GET /api/kitchen/tickets, answered directly", () => {
  it("reads its query (a bad status is 400, a status filters), refuses a waiter (403) and no session (401)", async () => {
    const owner = await createTenant({ manager: true });
    const menu = Object.values(await menuOf(owner))[0]!.id;
    const created = await api("/api/orders", {
      token: owner.token,
      body: { table_number: 2, items: [{ menu_item_id: menu, quantity: 1 }], client_order_id: clientOrderId() },
    });
    expect(created.status, created.text).toBe(201);
    const open = await api("/api/kitchen/tickets", { token: owner.token });
    expect(open.status, open.text).toBe(200);
    expect(open.json.length).toBeGreaterThan(0);
    expect((await api("/api/kitchen/tickets?status=served", { token: owner.token })).json).toEqual([]);
    expect((await api("/api/kitchen/tickets?status=nope", { token: owner.token })).status).toBe(400);
    const waiter = await createStaffMember(owner, { role: "waiter" });
    expect((await api("/api/kitchen/tickets", { token: waiter.token })).status).toBe(403);
    expectError(await api("/api/kitchen/tickets"), 401, MESSAGES.unauthorized);
  });
});

describe("direct routes with params", () => {
  it("a bump of another restaurant's ticket, or of no ticket, is 404; a broken percent-encoding never reaches the route", async () => {
    const other = await createTenant();
    const bump = (id: string, token = tenant.token) =>
      api(`/api/kitchen/tickets/${id}/status`, { token, body: { status: "preparing", version: 1 } });
    const placed = await api("/api/orders", { token: tenant.token, body: order() });
    expect(placed.status).toBe(201);
    const tickets = await api("/api/kitchen/tickets?status=recent", { token: tenant.token });
    const ticketId = (tickets.json as { id: number }[])[0]!.id;
    expect((await bump(String(ticketId), other.token)).status).toBe(404);
    expect((await bump("999999999")).status).toBe(404);
    expect((await bump("%E0%A4%A")).status).toBe(400);
    const ok = await bump(String(ticketId));
    expect(ok.status, ok.text).toBe(200);
  });
});
