// Web push (decision 052): the subscribe/unsubscribe endpoints' validation and tenancy, and a
// delivery end to end: a local "push service" receives the request, the test decrypts the
// aes128gcm body as the browser would and checks the VAPID signature; 404/410 drop the browser.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/modules/worker/handlers.server";
import { enqueueJob, runDueJobs } from "~/modules/jobs/jobs.server";
import { enqueuePush } from "~/modules/push/jobs.server";
import { sendPushToRestaurant } from "~/modules/push/push.server";
import { PUSH_BAD_ENDPOINT, PUSH_BAD_KEYS, PUSH_LIMITS, PUSH_NOT_CONFIGURED } from "~/modules/push/rules";
import { startServer } from "../../scripts/lib/test-support.ts";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, enterManagerMode, type Tenant } from "../setup/factories";
import { createStaffMember } from "../setup/staff";
import { getPage, joinedText, postForm, sessionCookie } from "../setup/pages";
import { decryptPush, fakeBrowser, startFakePushService, verifyVapid, type FakePushService } from "../setup/push";
import { inject } from "vitest";

let service: FakePushService;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  service = await startFakePushService();
  [a, b] = await Promise.all([createTenant({ manager: true }), createTenant({ manager: true })]);
});

afterAll(async () => {
  await service?.close();
});

const endpoint = (label = "sub") => `${service.origin}/push/${label}-${randomUUID()}`;
const subscribe = (tenant: Tenant, body: unknown) => api("/api/push/subscribe", { token: tenant.token, body });
const rowsOf = (restaurantId: number) => prisma.pushSubscription.findMany({ where: { restaurantId }, orderBy: { id: "asc" } });
const setPush = (restaurantId: number, on: boolean) =>
  prisma.restaurant.update({ where: { id: restaurantId }, data: { pushNotifications: on } });

describe("GET /api/push/public-key", () => {
  it("answers the server's VAPID public key", async () => {
    const res = await api("/api/push/public-key", { token: a.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ enabled: true, public_key: inject("pushEnv").VAPID_PUBLIC_KEY });
  });

  it("needs a session", async () => {
    expect((await api("/api/push/public-key")).status).toBe(401);
  });
});

describe("POST /api/push/subscribe", () => {
  it("stores the browser for the session's restaurant and user; the same browser again is one row", async () => {
    const browser = fakeBrowser();
    const url = endpoint();
    const first = await subscribe(a, browser.subscription(url));
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ subscribed: true });
    const again = await subscribe(a, browser.subscription(url));
    expect(again.status).toBe(200);
    const rows = (await rowsOf(a.restaurantId)).filter((r) => r.endpoint === url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: a.userId, p256dh: browser.subscription(url).keys.p256dh, failureCount: 0 });
  });

  it.each([
    ["no body", {}, PUSH_BAD_ENDPOINT],
    ["no keys", { endpoint: "http://127.0.0.1:9/x" }, PUSH_BAD_KEYS],
    [
      "keys without auth",
      { endpoint: "http://127.0.0.1:9/x", keys: { p256dh: fakeBrowser().subscription("x").keys.p256dh } },
      PUSH_BAD_KEYS,
    ],
    [
      "a p256dh that is not a P-256 point",
      { endpoint: "http://127.0.0.1:9/x", keys: { p256dh: "AAAA", auth: "A".repeat(22) } },
      PUSH_BAD_KEYS,
    ],
    [
      "an auth secret of the wrong size",
      { endpoint: "http://127.0.0.1:9/x", keys: { ...fakeBrowser().subscription("x").keys, auth: "AAAA" } },
      PUSH_BAD_KEYS,
    ],
    [
      "a 65-byte key that is not a point of the curve (nothing could be encrypted for it)",
      {
        endpoint: "http://127.0.0.1:9/x",
        keys: { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString("base64url"), auth: "A".repeat(22) },
      },
      PUSH_BAD_KEYS,
    ],
    ["an endpoint that is no URL", { ...fakeBrowser().subscription("not a url") }, PUSH_BAD_ENDPOINT],
    ["a javascript: endpoint", { ...fakeBrowser().subscription("javascript:alert(1)") }, PUSH_BAD_ENDPOINT],
    ["a file: endpoint", { ...fakeBrowser().subscription("file:///etc/passwd") }, PUSH_BAD_ENDPOINT],
    [
      "an endpoint longer than the column",
      { ...fakeBrowser().subscription(`https://fcm.googleapis.com/${"x".repeat(PUSH_LIMITS.endpoint)}`) },
      PUSH_BAD_ENDPOINT,
    ],
    ["an endpoint that is a number", { endpoint: 42, keys: fakeBrowser().subscription("x").keys }, PUSH_BAD_ENDPOINT],
  ])("%s: 400 with a Turkish message, nothing stored", async (_label, body, message) => {
    const before = (await rowsOf(b.restaurantId)).length;
    const res = await subscribe(b, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.detail).toBe(message);
    expect(await rowsOf(b.restaurantId)).toHaveLength(before);
  });

  it("a body that is not JSON: 415; malformed JSON: 400; GET: 405", async () => {
    expect(
      (await api("/api/push/subscribe", { token: a.token, body: "endpoint=x", headers: { "content-type": "text/plain" } })).status,
    ).toBe(415);
    expect((await api("/api/push/subscribe", { token: a.token, body: "{", headers: { "content-type": "application/json" } })).status).toBe(
      400,
    );
    expect((await api("/api/push/subscribe", { token: a.token })).status).toBe(405);
  });

  it("without a session 401; outside manager mode 403", async () => {
    expect((await api("/api/push/subscribe", { body: fakeBrowser().subscription(endpoint()) })).status).toBe(401);
    const staff = (await api("/api/public/login", { body: { email: a.email, password: a.password } })).json.access_token;
    const res = await api("/api/push/subscribe", { token: staff, body: fakeBrowser().subscription(endpoint()) });
    expect(res.status).toBe(403);
  });

  it(`keeps at most ${PUSH_LIMITS.subscriptionsPerRestaurant} browsers per restaurant: the newest stay`, async () => {
    const t = await createTenant({ manager: true });
    const urls = Array.from({ length: PUSH_LIMITS.subscriptionsPerRestaurant + 3 }, (_, i) => endpoint(`cap${i}`));
    for (const url of urls) expect((await subscribe(t, fakeBrowser().subscription(url))).status).toBe(200);
    const kept = (await rowsOf(t.restaurantId)).map((r) => r.endpoint);
    expect(kept).toHaveLength(PUSH_LIMITS.subscriptionsPerRestaurant);
    expect(kept).toContain(urls.at(-1));
    expect(kept).not.toContain(urls[0]);
  });
});

describe("tenancy", () => {
  it("another restaurant cannot unsubscribe this restaurant's browser", async () => {
    const url = endpoint("tenancy");
    await subscribe(a, fakeBrowser().subscription(url));
    const foreign = await api("/api/push/unsubscribe", { token: b.token, body: { endpoint: url } });
    expect(foreign.status).toBe(200);
    expect(foreign.json).toEqual({ removed: false });
    expect((await rowsOf(a.restaurantId)).map((r) => r.endpoint)).toContain(url);
    const own = await api("/api/push/unsubscribe", { token: a.token, body: { endpoint: url } });
    expect(own.json).toEqual({ removed: true });
    expect((await rowsOf(a.restaurantId)).map((r) => r.endpoint)).not.toContain(url);
    // Repeating it is harmless.
    expect((await api("/api/push/unsubscribe", { token: a.token, body: { endpoint: url } })).json).toEqual({ removed: false });
  });

  it("a browser subscribed again by another restaurant (another login on it) moves there and receives only that restaurant's pushes", async () => {
    const browser = fakeBrowser();
    const url = endpoint("moved");
    await subscribe(a, browser.subscription(url));
    await subscribe(b, browser.subscription(url));
    expect((await rowsOf(a.restaurantId)).map((r) => r.endpoint)).not.toContain(url);
    expect((await rowsOf(b.restaurantId)).map((r) => r.endpoint)).toContain(url);
    await setPush(a.restaurantId, true);
    const from = service.received.length;
    await sendPushToRestaurant(a.restaurantId, { title: "A'nın duyurusu", body: "x" });
    expect(service.received.slice(from).map((r) => r.path)).not.toContain(new URL(url).pathname);
  });

  it("unsubscribe validates its body", async () => {
    const res = await api("/api/push/unsubscribe", { token: a.token, body: {} });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(PUSH_BAD_ENDPOINT);
  });
});

describe("the session's end (decision 060)", () => {
  /** Another login of the same owner (a second device), in manager mode. */
  const secondDevice = async (t: Tenant): Promise<Tenant> => {
    const login = await api("/api/auth/login", { body: { email: t.email, password: t.password } });
    expect(login.status, login.text).toBe(200);
    const other = { ...t, token: login.json.access_token as string };
    await enterManagerMode(other);
    return other;
  };
  const status = (t: Tenant, url: string) => api(`/api/push/status?endpoint=${encodeURIComponent(url)}`, { token: t.token });

  it("GET /api/push/status answers whether the server sends to that browser, for the session's restaurant only", async () => {
    const url = endpoint("status");
    expect((await status(a, url)).json).toEqual({ subscribed: false });
    await subscribe(a, fakeBrowser().subscription(url));
    expect((await status(a, url)).json).toEqual({ subscribed: true });
    expect((await status(b, url)).json).toEqual({ subscribed: false });
    const bad = await status(a, "");
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toBe(PUSH_BAD_ENDPOINT);
  });

  it("logging out through the API stops that browser receiving; the owner's other device keeps it", async () => {
    const t = await createTenant({ manager: true });
    const laptop = await secondDevice(t);
    const [onPhone, onLaptop] = [endpoint("phone"), endpoint("laptop")];
    await subscribe(t, fakeBrowser().subscription(onPhone));
    await subscribe(laptop, fakeBrowser().subscription(onLaptop));
    expect((await api("/api/auth/logout", { method: "POST", token: t.token })).status).toBe(200);
    expect((await rowsOf(t.restaurantId)).map((r) => r.endpoint)).toEqual([onLaptop]);
    expect((await status(laptop, onPhone)).json).toEqual({ subscribed: false });
  });

  it("logging out on the page (no JavaScript) does the same", async () => {
    const t = await createTenant({ manager: true });
    const url = endpoint("page");
    await subscribe(t, fakeBrowser().subscription(url));
    const out = await postForm(t, "/logout", {});
    expect(out.status).toBe(302);
    expect(await rowsOf(t.restaurantId)).toEqual([]);
  });

  it("a browser switched on again in a later session belongs to that session", async () => {
    const t = await createTenant({ manager: true });
    const later = await secondDevice(t);
    const browser = fakeBrowser();
    const url = endpoint("shared");
    await subscribe(t, browser.subscription(url));
    await subscribe(later, browser.subscription(url));
    // The first session's end leaves it: the browser is the later session's now.
    expect((await api("/api/auth/logout", { method: "POST", token: t.token })).status).toBe(200);
    expect((await rowsOf(t.restaurantId)).map((r) => r.endpoint)).toEqual([url]);
    expect((await api("/api/auth/logout", { method: "POST", token: later.token })).status).toBe(200);
    expect(await rowsOf(t.restaurantId)).toEqual([]);
  });
});

describe("delivery", () => {
  it("the push service receives an aes128gcm message the browser decrypts to the title and body, signed with the server's VAPID key", async () => {
    const t = await createTenant({ manager: true });
    await setPush(t.restaurantId, true);
    const browser = fakeBrowser();
    const url = endpoint("deliver");
    expect((await subscribe(t, browser.subscription(url))).status).toBe(200);
    const from = service.received.length;
    // Through the job the notifications' delivery enqueues (this process or the server's worker runs it).
    await enqueuePush({
      restaurantId: t.restaurantId,
      title: "Yeni özellik: Rezervasyon",
      body: "Şimdi masalarınızı önceden ayırtabilirsiniz 🍽",
      url: "/app/notifications",
      tag: "notification-7",
    });
    await runDueJobs();
    await expect.poll(() => service.received.length - from, { timeout: 10_000 }).toBe(1);
    const got = service.received.slice(from);
    const request = got[0]!;
    expect(request.path).toBe(new URL(url).pathname);
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(decryptPush(request.body, browser))).toEqual({
      title: "Yeni özellik: Rezervasyon",
      body: "Şimdi masalarınızı önceden ayırtabilirsiniz 🍽",
      url: "/app/notifications",
      tag: "notification-7",
    });
    const claims = verifyVapid(request.headers.authorization, inject("pushEnv").VAPID_PUBLIC_KEY!);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(inject("pushEnv").VAPID_SUBJECT);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    // Another browser's keys cannot read it.
    expect(() => decryptPush(request.body, fakeBrowser())).toThrow();
    await expect.poll(async () => (await rowsOf(t.restaurantId))[0]!.lastSuccessAt, { timeout: 10_000 }).not.toBeNull();
  });

  it("a push job whose payload can never be sent is dropped, not retried", async () => {
    const key = `push-bad-${randomUUID()}`;
    await enqueueJob("push", { restaurantId: "yok", title: "" }, { uniqueKey: key });
    await runDueJobs();
    await expect.poll(async () => (await prisma.job.findUnique({ where: { uniqueKey: key } }))?.status, { timeout: 10_000 }).toBe("done");
  });

  it.each([410, 404])("a %i from the push service removes the subscription; the others still get it", async (status) => {
    const t = await createTenant({ manager: true });
    await setPush(t.restaurantId, true);
    const gone = endpoint("gone");
    const live = endpoint("live");
    service.answer.set(new URL(gone).pathname, status);
    await subscribe(t, fakeBrowser().subscription(gone));
    await subscribe(t, fakeBrowser().subscription(live));
    const outcome = await sendPushToRestaurant(t.restaurantId, { title: "t", body: "b" });
    expect(outcome).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect((await rowsOf(t.restaurantId)).map((r) => r.endpoint)).toEqual([live]);
  });

  it("a failing push service is counted, the job fails to be retried, and the browser goes after repeated failures", async () => {
    const t = await createTenant({ manager: true });
    await setPush(t.restaurantId, true);
    const broken = endpoint("broken");
    service.answer.set(new URL(broken).pathname, 500);
    await subscribe(t, fakeBrowser().subscription(broken));
    await expect(sendPushToRestaurant(t.restaurantId, { title: "t", body: "b" })).rejects.toThrow(/failed/);
    expect((await rowsOf(t.restaurantId))[0]!.failureCount).toBe(1);
    await prisma.pushSubscription.updateMany({
      where: { restaurantId: t.restaurantId },
      data: { failureCount: PUSH_LIMITS.failuresBeforeRemoval - 1 },
    });
    expect(await sendPushToRestaurant(t.restaurantId, { title: "t", body: "b" })).toEqual({ sent: 0, removed: 1, failed: 0 });
    expect(await rowsOf(t.restaurantId)).toHaveLength(0);
  });

  it("nothing is sent while the restaurant's push setting is off", async () => {
    const t = await createTenant({ manager: true });
    await setPush(t.restaurantId, false);
    await subscribe(t, fakeBrowser().subscription(endpoint("off")));
    const from = service.received.length;
    expect(await sendPushToRestaurant(t.restaurantId, { title: "t", body: "b" })).toEqual({
      skipped: "disabled",
      sent: 0,
      removed: 0,
      failed: 0,
    });
    expect(service.received.length).toBe(from);
  });

  it("a stored endpoint the guard refuses (an old row, a changed rule) is dropped, never posted to", async () => {
    const t = await createTenant({ manager: true });
    await setPush(t.restaurantId, true);
    await prisma.pushSubscription.create({
      data: {
        restaurantId: t.restaurantId,
        endpoint: "ftp://127.0.0.1/x",
        endpointHash: randomUUID().replace(/-/g, "").padEnd(64, "0"),
        p256dh: fakeBrowser().subscription("x").keys.p256dh,
        auth: fakeBrowser().subscription("x").keys.auth,
      },
    });
    expect(await sendPushToRestaurant(t.restaurantId, { title: "t", body: "b" })).toEqual({ sent: 0, removed: 1, failed: 0 });
  });
});

describe("delivery, odd rows", () => {
  it("a stored key nothing can be encrypted for is dropped; the browsers after it still get the message, once", async () => {
    const t = await createTenant({ manager: true });
    await setPush(t.restaurantId, true);
    const bad = endpoint("bad-key");
    await prisma.pushSubscription.create({
      data: {
        restaurantId: t.restaurantId,
        endpoint: bad,
        endpointHash: randomUUID().replace(/-/g, "").padEnd(64, "0"),
        p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString("base64url"),
        auth: fakeBrowser().subscription("x").keys.auth,
      },
    });
    const live = endpoint("after-bad");
    await subscribe(t, fakeBrowser().subscription(live));
    const from = service.received.length;
    expect(await sendPushToRestaurant(t.restaurantId, { title: "t", body: "b" })).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect(service.received.slice(from).map((r) => r.path)).toEqual([new URL(live).pathname]);
    expect((await rowsOf(t.restaurantId)).map((r) => r.endpoint)).toEqual([live]);
  });

  it("a deleted staff account's browsers stop receiving: its rows go with the account, and closed accounts' rows are skipped", async () => {
    const t = await createTenant({ manager: true });
    await setPush(t.restaurantId, true);
    const manager = await createStaffMember(t, { role: "admin" });
    const other = await createStaffMember(t, { role: "waiter" });
    const add = (userId: number, label: string) =>
      prisma.pushSubscription.create({
        data: {
          restaurantId: t.restaurantId,
          userId,
          endpoint: endpoint(label),
          endpointHash: randomUUID().replace(/-/g, "").padEnd(64, "0"),
          ...fakeBrowser().subscription("x").keys,
        },
      });
    await add(manager.userId, "gone-staff");
    const closed = await add(other.userId, "closed-staff");
    expect((await api(`/api/staff/${manager.staffId}`, { token: t.token, method: "DELETE" })).status).toBe(200);
    expect((await rowsOf(t.restaurantId)).map((r) => r.id)).toEqual([closed.id]);
    // An account closed some other way: its row is kept but nothing is sent to it.
    await prisma.user.update({ where: { id: other.userId }, data: { isActive: false } });
    const from = service.received.length;
    expect(await sendPushToRestaurant(t.restaurantId, { title: "t", body: "b" })).toEqual({ sent: 0, removed: 0, failed: 0 });
    expect(service.received.length).toBe(from);
  });
});

describe("the settings screen's push switch", () => {
  it("renders the switch with the line about this device (without JavaScript: the setting only)", async () => {
    const page = await getPage(a, "/app/settings");
    expect(page.status).toBe(200);
    const html = joinedText(page.text);
    expect(html).toContain('name="notifications.push_notifications"');
    expect(html).toContain('data-testid="push-device-status"');
    expect(html).toContain("JavaScript açıkken");
    expect(html).not.toContain(PUSH_NOT_CONFIGURED);
  });
});

describe("a production server without the tests' flag and without VAPID keys", () => {
  it("refuses local and non-push-service endpoints (SSRF guard); push is off and says so", async () => {
    const server = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      SESSION_SECRET: inject("sessionSecret"),
      PUSH_ALLOW_INSECURE_ENDPOINTS: "0",
      VAPID_PUBLIC_KEY: "",
      VAPID_PRIVATE_KEY: "",
    });
    try {
      const call = (path: string, body?: unknown) =>
        fetch(`${server.baseUrl}${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      for (const url of [endpoint("local"), "https://127.0.0.1/push", "https://169.254.169.254/latest", "https://intranet.example/push"]) {
        const res = await call("/api/push/subscribe", fakeBrowser().subscription(url));
        expect(res.status, url).toBe(400);
        expect(((await res.json()) as { detail: string }).detail).toBe(PUSH_BAD_ENDPOINT);
      }
      const noKeys = await call("/api/push/subscribe", fakeBrowser().subscription(`https://fcm.googleapis.com/fcm/send/${randomUUID()}`));
      expect(noKeys.status).toBe(503);
      expect(((await noKeys.json()) as { detail: string }).detail).toBe(PUSH_NOT_CONFIGURED);
      expect(await (await call("/api/push/public-key")).json()).toEqual({ enabled: false, public_key: null });
      const page = await fetch(`${server.baseUrl}/app/settings`, { headers: { cookie: await sessionCookie(a) } });
      expect(joinedText(await page.text())).toContain(PUSH_NOT_CONFIGURED);
    } finally {
      await server.stop();
    }
  });
});
