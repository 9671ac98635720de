// `npm run bench:offline`: in a real browser, 500 orders are queued in
// IndexedDB while offline (with the app's own storage module), then the
// connection comes back and the app's own sync sends them. Measures the time
// until the server has all of them, and checks there are exactly 500, no
// duplicates, and nothing left on the device. Target: under 15 s.
// `BENCH_ORDERS=20 npm run bench:offline` is the smoke run `npm test` makes.
import path from "node:path";
import { build as esbuild } from "esbuild";
import { chromium } from "@playwright/test";
import { ROOT } from "./lib/env-file.ts";
import { connect } from "./lib/migrations.ts";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { dropDatabase } from "./lib/provision.ts";
import { prepareDatabase, siblingDatabaseUrl, startServer, type RunningServer } from "./lib/test-support.ts";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const TARGET_SECONDS = 15;
const DEMO = { email: "demo@sofra.local", password: "sofra-demo-2026" };

/** The app's storage module as a script the page can run (the same code the app bundles). */
async function storageModuleScript(): Promise<string> {
  const result = await esbuild({
    entryPoints: [path.join(ROOT, "app/offline/offline-db.ts")],
    bundle: true,
    write: false,
    format: "iife",
    globalName: "sofraOfflineDb",
    // An init script runs inside a function of Playwright's: the global is set by name.
    footer: { js: "globalThis.sofraOfflineDb = sofraOfflineDb;" },
    platform: "browser",
    target: "es2022",
  });
  return result.outputFiles[0]!.text;
}

async function main() {
  loadEnvFile();
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("build failed");
  }
  const databaseUrl = siblingDatabaseUrl(requireDatabaseUrl(), "benchoffline");
  let server: RunningServer | undefined;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    console.log("Preparing the database and the production server…");
    await prepareDatabase(databaseUrl, { demo: true });
    server = await startServer({ DATABASE_URL: databaseUrl, SESSION_SECRET: "bench-offline-session-secret-0123456789abcdef" });
    const db = await connect(databaseUrl);
    const countOrders = async (restaurantId: number) => {
      const [row] = await db.query(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT clientOrderId) AS d FROM orders WHERE restaurantId = ? AND clientOrderId LIKE 'bench-offline-%'",
        [restaurantId],
      );
      return { total: Number(row.n), distinct: Number(row.d) };
    };

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 360, height: 740 } });
    // The app's storage module goes in as an init script, which the browser runs through its
    // DevTools channel in every page: a <script> tag added to the page would be refused by the
    // page's Content-Security-Policy (no inline script without the page's nonce), as it should be.
    await context.addInitScript({ content: await storageModuleScript() });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("E-posta", { exact: true }).fill(DEMO.email);
    await page.getByLabel("Şifre", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
    await page.waitForURL(/role-selection/);
    await page.getByRole("button", { name: "Personel olarak devam et" }).click();
    await page.waitForURL(/\/app\/staff/);
    await page.waitForFunction(() => document.documentElement.dataset.offlineReady === "true", null, { timeout: 30_000 });

    const me = await (await page.request.get("/api/auth/me")).json();
    const restaurantId: number = me.restaurant.id;
    const menu: { id: number; available: boolean }[] = await (await page.request.get("/api/menu")).json();
    const menuIds = menu.filter((m) => m.available).map((m) => m.id);

    await context.setOffline(true);
    if (!(await page.evaluate(() => "sofraOfflineDb" in window))) throw new Error("The storage module did not load in the page.");
    const queueMs = await page.evaluate(
      async ({ count, restaurantId, menuIds }) => {
        const store = (window as unknown as { sofraOfflineDb: typeof import("../app/offline/offline-db") }).sofraOfflineDb;
        const started = performance.now();
        for (let i = 0; i < count; i++) {
          await store.storeOfflineOrder({
            client_order_id: `bench-offline-${i}-${Math.random().toString(36).slice(2, 10)}`,
            restaurant_id: restaurantId,
            table_number: 1 + (i % 20),
            items: [{ menu_item_id: menuIds[i % menuIds.length]!, quantity: 1 + (i % 3) }],
          });
        }
        return performance.now() - started;
      },
      { count: ORDERS, restaurantId, menuIds },
    );
    const queued = await page.evaluate(async () => {
      const store = (window as unknown as { sofraOfflineDb: typeof import("../app/offline/offline-db") }).sofraOfflineDb;
      return (await store.getSyncQueue()).length;
    });
    console.log(`Queued ${queued} orders in IndexedDB offline in ${(queueMs / 1000).toFixed(2)} s.`);

    const before = await countOrders(restaurantId);
    const started = Date.now();
    await context.setOffline(false);
    let counted = before;
    while (counted.total < ORDERS && Date.now() - started < 120_000) {
      await new Promise((r) => setTimeout(r, 100));
      counted = await countOrders(restaurantId);
    }
    const seconds = (Date.now() - started) / 1000;
    // Give any straggler (a duplicate send) a moment to show up before checking.
    await new Promise((r) => setTimeout(r, 1500));
    counted = await countOrders(restaurantId);
    const left = await page.evaluate(async () => {
      const store = (window as unknown as { sofraOfflineDb: typeof import("../app/offline/offline-db") }).sofraOfflineDb;
      return {
        queue: (await store.getSyncQueue()).length,
        pending: (await store.getOfflineOrders()).filter((o) => o.syncStatus !== "synced").length,
      };
    });
    await db.end();

    const checks: [string, boolean][] = [
      [`exactly ${ORDERS} orders on the server (found ${counted.total})`, counted.total === ORDERS],
      [`no duplicates (${counted.distinct} distinct client order ids)`, counted.distinct === counted.total],
      [`nothing left on the device (queue ${left.queue}, unsent ${left.pending})`, left.queue === 0 && left.pending === 0],
      [`synced in under ${TARGET_SECONDS} s (${seconds.toFixed(2)} s)`, seconds < TARGET_SECONDS],
    ];
    console.log(
      `\nSync: ${ORDERS} orders in ${seconds.toFixed(2)} s = ${(ORDERS / seconds).toFixed(0)} orders/s after the connection came back.`,
    );
    for (const [name, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${name}`);
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await browser.close();
    await server?.stop();
    await dropDatabase(databaseUrl).catch(() => {});
  }
}

await main();
