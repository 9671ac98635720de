// Offline order taking with the production build and its service worker.
// Needs JavaScript (the worker, IndexedDB): the no-js project only checks that
// the screens still work without them.
import { apiJson, expect, logIn, sql, test, type Owner } from "./fixtures";
import type { Page } from "@playwright/test";

test.describe.configure({ mode: "serial" });
// The service worker is part of what these tests check (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

async function readyForOffline(page: Page) {
  // The worker controls the page, and the menu, tables and screens are on the device.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
  await page.waitForFunction(() => document.documentElement.dataset.offlineReady === "true", null, { timeout: 20_000 });
}

async function orderCount(owner: Owner): Promise<number> {
  const [row] = await sql<{ n: bigint }[]>("SELECT COUNT(*) AS n FROM orders WHERE restaurantId = ?", [owner.restaurantId]);
  return Number(row!.n);
}

async function takeOrder(page: Page, table: number, add: string[]) {
  await page.getByRole("link", { name: "Sipariş Al", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/order-taking/);
  await page.getByLabel("Masa", { exact: true }).selectOption(String(table));
  await expect(page).toHaveURL(new RegExp(`table=${table}`));
  for (const name of add) await page.getByRole("button", { name: `${name} ekle`, exact: true }).click();
  await page
    .getByRole("region", { name: "Sepet" })
    .getByRole("button", { name: /Siparişi (Gönder|Güncelle)/ })
    .click();
  await expect(page).toHaveURL(/\/app\/staff\?queued=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Sipariş bu cihaza kaydedildi" })).toContainText(`Masa ${table}`);
}

test(
  "offline: three orders on two tables survive a reload and reach the server exactly once",
  { tag: "@js-only" },
  async ({ page, context, owner }) => {
    // offline work needs JavaScript (service worker and IndexedDB).
    await logIn(page, owner, { mode: "staff" });
    await page.goto("/app/staff");
    await readyForOffline(page);

    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: "Çevrimdışı çalışıyorsunuz" })).toContainText(
      "İnternet yok ama sipariş almaya devam edebilirsiniz!",
    );

    await takeOrder(page, 2, ["Çay"]);
    await takeOrder(page, 2, ["Ayran"]);
    await takeOrder(page, 4, ["Künefe", "Türk Kahvesi"]);
    await expect(page.getByRole("banner").getByRole("status")).toHaveText("3 bekliyor");
    expect(await orderCount(owner)).toBe(0);

    // A reload without a connection: the app opens from the device and shows the three orders.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Masalar" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("status")).toHaveText("3 bekliyor");
    const cards = page.getByRole("article", { name: /çevrimdışı sipariş/ });
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: "Masa 4" })).toContainText("1 × Künefe");

    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: "Bağlantı geri geldi" })).toBeVisible();
    await expect.poll(() => orderCount(owner), { timeout: 20_000 }).toBe(3);
    await expect(page.getByRole("banner").getByRole("status")).toHaveCount(0, { timeout: 10_000 });
    await expect(cards).toHaveCount(0);

    const orders = await sql<{ tableNumber: number; totalAmount: string; clientOrderId: string | null }[]>(
      // Tables are sent in parallel; each table's orders in the order they were taken.
      "SELECT tableNumber, totalAmount, clientOrderId FROM orders WHERE restaurantId = ? ORDER BY tableNumber, id",
      [owner.restaurantId],
    );
    expect(orders.map((o) => [o.tableNumber, Number(o.totalAmount)])).toEqual([
      [2, 20],
      [2, 40],
      [4, 260],
    ]);
    expect(new Set(orders.map((o) => o.clientOrderId)).size).toBe(3);
    // Waiting a little longer sends nothing more.
    await page.waitForTimeout(2000);
    expect(await orderCount(owner)).toBe(3);
  },
);

test("a replay whose answer was lost creates nothing new", { tag: "@js-only" }, async ({ page, context, owner }) => {
  // offline work needs JavaScript (service worker and IndexedDB).
  await logIn(page, owner, { mode: "staff" });
  await page.goto("/app/staff");
  await readyForOffline(page);

  await context.setOffline(true);
  await takeOrder(page, 6, ["Humus"]);
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("1 bekliyor");

  // The first send reaches the server, which creates the order, but its answer never arrives.
  let dropped = 0;
  await context.route("**/api/orders", async (route) => {
    if (route.request().method() === "POST" && dropped === 0) {
      dropped++;
      await route.fetch();
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await context.setOffline(false);
  await expect.poll(() => dropped, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => orderCount(owner), { timeout: 10_000 }).toBe(1);
  // The order is still waiting on the device: nothing confirmed it.
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("1 bekliyor");

  // The next try (the timer) replays it with the same client order id: the server answers with the first order.
  await expect(page.getByRole("banner").getByRole("status")).toHaveCount(0, { timeout: 30_000 });
  expect(await orderCount(owner)).toBe(1);
});

test(
  "an order the server refuses stays with the server's message until discarded",
  { tag: "@js-only" },
  async ({ page, context, owner }) => {
    // offline work needs JavaScript (service worker and IndexedDB).
    await logIn(page, owner, { mode: "staff" });
    await page.goto("/app/staff");
    await readyForOffline(page);

    await context.setOffline(true);
    await takeOrder(page, 7, ["Baklava"]);
    // Meanwhile the manager takes Baklava off the menu.
    await sql("UPDATE menu_items SET available = false WHERE restaurantId = ? AND name = 'Baklava'", [owner.restaurantId]);
    await context.setOffline(false);

    const refused = page.getByRole("article", { name: "Masa 7 çevrimdışı sipariş" });
    await expect(refused).toContainText("Gönderilemedi: “Baklava” şu anda satışta değil.", { timeout: 20_000 });
    await expect(page.getByRole("banner").getByRole("status")).toHaveText("0 bekliyor · 1 hata");
    expect(await orderCount(owner)).toBe(0);

    await refused.getByRole("button", { name: "Sil" }).click();
    await refused.getByRole("button", { name: "Evet, sil" }).click();
    await expect(refused).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("status")).toHaveCount(0);
    expect(await orderCount(owner)).toBe(0);
  },
);

test("without JavaScript the staff and order screens still work online", { tag: "@no-js-only" }, async ({ page, owner }) => {
  // the no-js counterpart of the offline tests.
  await logIn(page, owner, { mode: "staff" });
  await page.goto("/app/staff");
  await expect(page.getByRole("heading", { name: "Masalar" })).toBeVisible();
  await page.goto("/app/order-taking?table=3");
  await expect(page.getByRole("region", { name: "Sepet" })).toBeVisible();
});

test.describe("connection notifications", () => {
  test(
    "granted: going offline also shows a system notification from the worker",
    { tag: ["@js-only", "@full-browser"] },
    async ({ page, context, owner }) => {
      // Runs in the js project only (@js-only): notifications need JavaScript.
      await context.grantPermissions(["notifications"]);
      await logIn(page, owner, { mode: "staff" });
      await page.goto("/app/staff");
      await readyForOffline(page);
      await expect(page.getByText("Bağlantı bildirimleri açık.")).toBeVisible();
      await context.setOffline(true);
      await expect(page.getByRole("status").filter({ hasText: "Çevrimdışı çalışıyorsunuz" })).toBeVisible();
      await expect
        .poll(() =>
          page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body])),
        )
        .toContainEqual(["Çevrimdışı çalışıyorsunuz", "İnternet yok ama sipariş almaya devam edebilirsiniz!"]);
      await context.setOffline(false);
      await expect
        .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title)))
        .toContain("Bağlantı geri geldi");
    },
  );

  test("asked only on a tap; a refusal is explained", { tag: "@js-only" }, async ({ page, owner }) => {
    // Runs in the js project only (@js-only): notifications need JavaScript.
    // The browser answers "denied" to the request, as after the user blocks it.
    await page.addInitScript(() => {
      let state: NotificationPermission = "default";
      Object.defineProperty(Notification, "permission", { get: () => state });
      Notification.requestPermission = async () => {
        (window as unknown as { __asked: number }).__asked = ((window as unknown as { __asked?: number }).__asked ?? 0) + 1;
        state = "denied";
        return state;
      };
    });
    await logIn(page, owner, { mode: "staff" });
    await page.goto("/app/staff");
    const ask = page.getByRole("button", { name: "Bağlantı bildirimlerini aç" });
    await expect(ask).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __asked?: number }).__asked ?? 0)).toBe(0);
    await ask.click();
    await expect(page.getByText("Bildirimler tarayıcıda engellenmiş; açmak için tarayıcı ayarlarından izin verin.")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __asked?: number }).__asked)).toBe(1);
  });

  test("unsupported: the in-page notices are used and the screen says so", { tag: "@js-only" }, async ({ page, context, owner }) => {
    // Runs in the js project only (@js-only): notifications need JavaScript.
    await page.addInitScript(() => {
      delete (window as unknown as { Notification?: unknown }).Notification;
    });
    await logIn(page, owner, { mode: "staff" });
    await page.goto("/app/staff");
    await expect(page.getByText("Bu tarayıcı bildirim göstermiyor; bağlantı değişiklikleri ekranda gösterilir.")).toBeVisible();
    // The connection notices load just after the page (decision 018): wait until the device is ready to go offline.
    await readyForOffline(page);
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: "Çevrimdışı çalışıyorsunuz" })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: "Bağlantı geri geldi" })).toBeVisible();
  });
});

test(
  "an edit whose answer was lost is kept as that edit: its replay changes nothing and bills nothing twice",
  { tag: "@js-only" },
  async ({ page, context, owner }) => {
    // offline work needs JavaScript (service worker and IndexedDB).
    const [humus] = await sql<{ id: number }[]>("SELECT id FROM menu_items WHERE restaurantId = ? AND name = 'Humus'", [
      owner.restaurantId,
    ]);
    const placed = await apiJson("/api/orders", {
      token: owner.token,
      body: { table_number: 7, items: [{ menu_item_id: humus!.id, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    await logIn(page, owner, { mode: "staff" });
    await page.goto("/app/staff");
    await readyForOffline(page);

    // The edit reaches the server and is applied, but its answer never arrives.
    let dropped = 0;
    await context.route("**/api/orders/table/7/update", async (route) => {
      if (dropped === 0) {
        dropped++;
        await route.fetch();
        await route.abort("connectionreset");
        return;
      }
      await route.continue();
    });
    await page.goto("/app/order-taking?table=7");
    await expect(page.getByRole("banner")).toContainText("Sipariş Düzenle");
    await page.getByRole("button", { name: "Ayran ekle", exact: true }).click();
    await page.getByRole("region", { name: "Sepet" }).getByRole("button", { name: "Siparişi Güncelle" }).click();
    await expect(page).toHaveURL(/\/app\/staff\?queued=\d+$/);
    expect(dropped).toBe(1);

    // The queue replays the same edit (same key): the server answers with the order and writes nothing.
    await expect(page.getByRole("banner").getByRole("status")).toHaveCount(0, { timeout: 30_000 });
    const orders = await sql<{ id: number; version: number }[]>("SELECT id, version FROM orders WHERE restaurantId = ?", [
      owner.restaurantId,
    ]);
    expect(orders).toEqual([{ id: placed.json.id, version: 2 }]);
    const items = await sql<{ menuItemName: string; quantity: number }[]>(
      "SELECT menuItemName, quantity FROM order_items WHERE orderId = ? ORDER BY menuItemName",
      [placed.json.id],
    );
    expect(items).toEqual([
      { menuItemName: "Ayran", quantity: 1 },
      { menuItemName: "Humus", quantity: 1 },
    ]);
  },
);
