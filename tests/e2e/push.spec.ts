// Web push on the settings screen (decision 052), on a phone. The browser here cannot reach a
// real push service (no network: Chromium's PushManager cannot register with FCM), so the JS test
// stands in a PushManager that hands out a subscription with a local endpoint and real keys; the
// page's code, the API and the database are the real ones. The service worker's push handler is
// driven through DevTools (ServiceWorker.deliverPushMessage), the way a push service would wake it.
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { apiJson, baseURL, expect, hasJs, hydrated, logIn, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });
// The service worker is part of what these tests check (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const PUSH_LABEL = "Anlık (push) bildirimler";

async function pushRows(restaurantId: number) {
  return sql<{ endpoint: string; userId: number | null }[]>("SELECT endpoint, userId FROM push_subscriptions WHERE restaurantId = ?", [
    restaurantId,
  ]);
}

/** The browsers the server sends the restaurant's push to. */
async function storedEndpoints(restaurantId: number) {
  return (await pushRows(restaurantId)).map((r) => r.endpoint);
}

async function pushSetting(restaurantId: number) {
  const [row] = await sql<{ on: number }[]>("SELECT pushNotifications AS `on` FROM restaurants WHERE id = ?", [restaurantId]);
  return Boolean(row!.on);
}

/** A PushManager that subscribes without a push service: a local endpoint, a real P-256 key and auth secret. */
async function fakePushManager(page: Page, endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  await page.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      // Kept across page loads, as the browser keeps a real subscription (the server key in localStorage).
      const STORE = "__fakePushKey";
      const w = window as unknown as { __pushKey?: string };
      const make = (key: Uint8Array) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.buffer },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => (localStorage.removeItem(STORE), true),
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
        w.__pushKey = btoa(String.fromCharCode(...key))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
        localStorage.setItem(STORE, JSON.stringify([...key]));
        return make(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const stored = localStorage.getItem(STORE);
        return stored ? (make(new Uint8Array(JSON.parse(stored) as number[])) as unknown as PushSubscription) : null;
      };
    },
    { endpoint, p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  );
}

async function openSettings(page: Page) {
  await page.goto("/app/settings");
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
  await hydrated(page);
}

test(
  "push switch: on asks for permission and subscribes this device, saving keeps the setting, off unsubscribes",
  { tag: "@full-browser" },
  async ({ page, context, owner }, testInfo) => {
    const status = page.getByTestId("push-device-status");
    const toggle = page.getByLabel(PUSH_LABEL);
    await logIn(page, owner, { mode: "manager" });

    if (!hasJs(testInfo)) {
      // Without JavaScript the setting still saves; the line says the device needs JavaScript.
      await page.goto("/app/settings");
      await expect(status).toContainText("JavaScript açıkken");
      await toggle.check();
      await page.getByRole("button", { name: "Ayarları Kaydet" }).click();
      await expect(page.getByTestId("flash")).toHaveText("Ayarlar kaydedildi");
      await expect(page.getByLabel(PUSH_LABEL)).toBeChecked();
      expect(await pushSetting(owner.restaurantId)).toBe(true);
      expect(await pushRows(owner.restaurantId)).toEqual([]);
      return;
    }

    await context.grantPermissions(["notifications"]);
    const endpoint = `http://127.0.0.1:9/push/${randomUUID()}`;
    await fakePushManager(page, endpoint);
    await openSettings(page);
    await expect(status).toHaveText("Bu cihaz anlık bildirim almıyor.");

    await toggle.check();
    await expect(status).toContainText("Bu cihaz anlık bildirim alacak.");
    await expect(toggle).toBeChecked();
    // Subscribed with the server's VAPID key, stored for this restaurant and user.
    const { json } = await apiJson("/api/push/public-key", { token: owner.token });
    expect(await page.evaluate(() => (window as unknown as { __pushKey?: string }).__pushKey)).toBe(json.public_key);
    await expect.poll(() => storedEndpoints(owner.restaurantId)).toEqual([endpoint]);
    expect(await pushSetting(owner.restaurantId)).toBe(false);

    await page.getByRole("button", { name: "Ayarları Kaydet" }).click();
    await expect(page.getByTestId("flash")).toHaveText("Ayarlar kaydedildi");
    expect(await pushSetting(owner.restaurantId)).toBe(true);

    await page.getByLabel(PUSH_LABEL).uncheck();
    await expect(status).toContainText("Bu cihaz artık anlık bildirim almayacak.");
    await expect.poll(async () => pushRows(owner.restaurantId)).toEqual([]);
  },
);

test(
  "another device: the setting is on, this device offers to subscribe",
  { tag: ["@js-only", "@full-browser"] },
  async ({ page, context, owner }) => {
    // Runs in the js project only (@js-only): subscribing a device needs JavaScript.
    await sql("UPDATE restaurants SET pushNotifications = 1 WHERE id = ?", [owner.restaurantId]);
    await context.grantPermissions(["notifications"]);
    const endpoint = `http://127.0.0.1:9/push/${randomUUID()}`;
    await fakePushManager(page, endpoint);
    await logIn(page, owner, { mode: "manager" });
    await openSettings(page);
    const status = page.getByTestId("push-device-status");
    await expect(status).toContainText("Bu cihaz anlık bildirim almıyor.");
    await status.getByRole("button", { name: "Bu cihazda aç" }).click();
    await expect(status).toContainText("Bu cihaz anlık bildirim alacak.");
    await expect.poll(() => storedEndpoints(owner.restaurantId)).toEqual([endpoint]);
  },
);

test(
  "logging out stops this device receiving; logged in again, the switch says so (decision 060)",
  { tag: ["@js-only", "@full-browser"] },
  async ({ page, context, owner }) => {
    // Runs in the js project only (@js-only): subscribing a device needs JavaScript.
    await context.grantPermissions(["notifications"]);
    const endpoint = `http://127.0.0.1:9/push/${randomUUID()}`;
    await fakePushManager(page, endpoint);
    await logIn(page, owner, { mode: "manager" });
    await openSettings(page);
    const status = page.getByTestId("push-device-status");
    await page.getByLabel(PUSH_LABEL).check();
    await expect(status).toContainText("Bu cihaz anlık bildirim alacak.");
    await expect.poll(() => storedEndpoints(owner.restaurantId)).toEqual([endpoint]);

    // Logging out from the manager panel, as the owner does.
    await page.goto("/app/admin");
    await page.getByRole("link", { name: "Çıkış", exact: true }).click();
    await page.getByRole("button", { name: "Çıkış Yap" }).click();
    await expect(page).toHaveURL(/logged_out=1/);
    expect(await pushRows(owner.restaurantId)).toEqual([]);

    // The browser still holds its subscription; the server no longer sends to it, and the switch says so.
    const again = await apiJson("/api/auth/login", { body: { email: owner.email, password: owner.password } });
    expect(again.status).toBe(200);
    await logIn(page, { ...owner, token: again.json.access_token }, { mode: "manager" });
    await openSettings(page);
    await expect(status).toHaveText("Bu cihaz anlık bildirim almıyor.");
    await expect(page.getByLabel(PUSH_LABEL)).not.toBeChecked();
    await page.getByLabel(PUSH_LABEL).check();
    await expect(status).toContainText("Bu cihaz anlık bildirim alacak.");
    await expect.poll(() => storedEndpoints(owner.restaurantId)).toEqual([endpoint]);
  },
);

test(
  "permission refused: the switch goes back off and says why; nothing is stored",
  { tag: ["@js-only", "@full-browser"] },
  async ({ page, owner }) => {
    // Runs in the js project only (@js-only): subscribing a device needs JavaScript.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, "permission", { get: () => "default" });
      Notification.requestPermission = async () => "denied";
    });
    await logIn(page, owner, { mode: "manager" });
    await openSettings(page);
    // click, not check: the page turns the box back off at once.
    await page.getByLabel(PUSH_LABEL).click();
    await expect(page.getByTestId("push-device-status")).toHaveText(/Bildirim izni verilmedi/);
    await expect(page.getByLabel(PUSH_LABEL)).not.toBeChecked();
    expect(await pushRows(owner.restaurantId)).toEqual([]);
  },
);

test(
  "the service worker shows a pushed message with the icon, and keeps its link on this site",
  { tag: ["@js-only", "@full-browser"] },
  async ({ page, context, owner }) => {
    // Runs in the js project only (@js-only): the service worker needs JavaScript.
    await context.grantPermissions(["notifications"]);
    await logIn(page, owner, { mode: "manager" });
    await openSettings(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const push = async (data: unknown) =>
      cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL, registrationId: await registrationId, data: JSON.stringify(data) });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          url: (n.data as { url?: string } | null)?.url,
        })),
      );

    // DevTools' deliverPushMessage can drop a message under load (seen in CI: the first shown, the
    // second never): deliver again until a notification with the tag is there, then check it.
    const pushUntilShown = async (data: { tag: string } & Record<string, unknown>) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        await push(data);
        const seen = await expect
          .poll(async () => (await shown()).some((n) => n.tag === data.tag), { timeout: 5_000 })
          .toBe(true)
          .then(() => true)
          .catch(() => false);
        if (seen) return;
      }
      throw new Error(`push ${data.tag} was never shown`);
    };

    await pushUntilShown({
      title: "Yeni özellik",
      body: "Rezervasyonlar artık çevrimdışı da çalışıyor.",
      url: "/app/notifications?id=4",
      tag: "n-4",
    });
    await expect.poll(shown).toContainEqual({
      title: "Yeni özellik",
      body: "Rezervasyonlar artık çevrimdışı da çalışıyor.",
      tag: "n-4",
      icon: `${baseURL}/icons/icon-192.png`,
      url: "/app/notifications?id=4",
    });

    // A link to another site is not followed: the click opens the inbox instead.
    await pushUntilShown({ title: "Dış bağlantı", body: "x", url: "https://evil.example/", tag: "n-5" });
    await expect.poll(async () => (await shown()).find((n) => n.tag === "n-5")?.url).toBe("/app/notifications");
  },
);

test(
  "the browser's own PushManager: subscribed to its push service, or, unreachable (no network here), the switch says so",
  { tag: ["@js-only", "@full-browser"] },
  async ({ page, context, owner }) => {
    // Runs in the js project only (@js-only): subscribing a device needs JavaScript.
    await context.grantPermissions(["notifications"]);
    await logIn(page, owner, { mode: "manager" });
    await openSettings(page);
    const status = page.getByTestId("push-device-status");
    await page.getByLabel(PUSH_LABEL).click();
    await expect(status).toHaveText(/Bu cihaz anlık bildirim alacak|Tarayıcının bildirim servisine ulaşılamadı/, { timeout: 30_000 });
    if ((await status.textContent())?.includes("ulaşılamadı")) {
      // On this machine Chromium cannot register with FCM: nothing is stored, the switch is off again.
      await expect(page.getByLabel(PUSH_LABEL)).not.toBeChecked();
      expect(await pushRows(owner.restaurantId)).toEqual([]);
    } else {
      const rows = await pushRows(owner.restaurantId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.endpoint).toMatch(/^https:\/\//);
    }
  },
);
