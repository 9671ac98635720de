// The install banners: the one offering the browser's install prompt and the
// iOS "add to home screen" instructions. Both need JavaScript; without it the
// pages render without them. Time is driven by Playwright's clock.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const T0 = new Date("2025-03-03T12:00:00+03:00").getTime();

// The banners are JavaScript's job: their tests run in the js project only (tag @js-only, playwright.config.ts).

const installBanner = (page: Page) => page.getByRole("region", { name: "Sofra uygulaması" });
const iosBanner = (page: Page) => page.getByRole("region", { name: "Ana Ekrana Ekle" });

/** Pretends the browser offers installation, as Chrome does with beforeinstallprompt. */
async function offerInstall(page: Page, outcome: "accepted" | "dismissed" = "accepted") {
  await page.evaluate((outcome) => {
    const e = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(e, {
      prompt: async () => {
        (window as any).__prompted = true;
      },
      userChoice: Promise.resolve({ outcome }),
    });
    window.dispatchEvent(e);
  }, outcome);
}

/**
 * Runs the (paused) clock until `ms` after the page load. The page measures its
 * delays from the load (performance.now()), which begins a few real
 * milliseconds after the clock was installed, so go by the page's own count.
 */
async function runUntil(page: Page, ms: number) {
  const now = await page.evaluate(() => performance.now());
  if (ms > now) await page.clock.runFor(ms - now);
}

test.describe("the install banner", () => {
  test("appears when the browser offers installation; YÜKLE opens the prompt and hides it", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const banner = installBanner(page);
    await expect(banner).toHaveCount(0);

    await offerInstall(page);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Sofra");
    await expect(banner).toContainText("Uygulamayı telefona yükleyin, internet yokken de kullanın!");
    await expect(banner.getByRole("button", { name: "Kapat" })).toBeVisible();

    await banner.getByRole("button", { name: "YÜKLE", exact: true }).click();
    await expect.poll(() => page.evaluate(() => (window as any).__prompted === true)).toBe(true);
    await expect(banner).toHaveCount(0, { timeout: 2_000 });
  });

  test("closing it keeps it away for the session, across navigation and reloads", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await offerInstall(page);
    const banner = installBanner(page);
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Kapat" }).click();
    await expect(banner).toHaveCount(0, { timeout: 2_000 });

    // A client-side navigation: the offer is still there (the landing dialog
    // uses it), but the banner stays closed.
    await page.getByRole("contentinfo").getByRole("link", { name: "Fiyatlar" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(banner).toHaveCount(0);
    await page.getByRole("banner").getByRole("link", { name: /Yükle/ }).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Şimdi Yükle" })).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "İptal" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(banner).toHaveCount(0);

    // A reload with a fresh offer: still closed in this browser session.
    await page.reload();
    await hydrated(page);
    await offerInstall(page);
    await page.getByRole("banner").getByRole("link", { name: /Yükle/ }).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Şimdi Yükle" })).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "İptal" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(banner).toHaveCount(0);
  });

  test("hides once the app is installed", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    await page.goto("/pricing");
    await hydrated(page);
    await offerInstall(page);
    const banner = installBanner(page);
    await expect(banner).toBeVisible();

    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect(banner).toHaveCount(0, { timeout: 2_000 });
    // Installed is installed: a later offer does not bring it back.
    await offerInstall(page);
    await expect(banner).toHaveCount(0);
  });

  test("the landing page's install dialog uses the same offer", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    await page.goto("/?install=1");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sofra'yı telefonunuza yükleyin" });
    await expect(dialog.getByRole("region", { name: "Android" })).toBeVisible();

    await offerInstall(page);
    const install = dialog.getByRole("button", { name: "Şimdi Yükle" });
    await expect(install).toBeVisible();
    // The dialog already offers it, so the banner stays out of the way.
    await expect(installBanner(page)).toHaveCount(0);
    await install.click();
    await expect(dialog).toContainText("Sofra yüklendi.");
    expect(await page.evaluate(() => (window as any).__prompted)).toBe(true);

    await dialog.getByRole("link", { name: "İptal" }).click();
    await expect(dialog).toBeHidden();
    await expect(installBanner(page)).toHaveCount(0);
  });
});

test.describe("on an iPhone", () => {
  test.use({ userAgent: IPHONE_SAFARI });

  /** Freezes time before the page loads, so every step below is exact. */
  async function loadPaused(page: Page, path = "/") {
    await page.clock.install({ time: T0 });
    await page.clock.pauseAt(T0 + 1000);
    await page.goto(path);
    await hydrated(page);
  }

  test("the add-to-home-screen banner appears 5 s after load and leaves 10 s later", { tag: "@js-only" }, async ({ page }) => {
    await loadPaused(page);
    const banner = iosBanner(page);

    await runUntil(page, 4_900);
    await expect(banner).toHaveCount(0);
    await runUntil(page, 5_000);
    await expect(banner).toBeVisible({ timeout: 2_000 });
    await expect(banner).toContainText("Ana Ekrana Ekle");
    await expect(banner).toContainText("Paylaş");
    await expect(banner).toContainText("Ekle");
    await expect(banner.getByRole("button", { name: "Kapat" })).toBeVisible();
    // No install prompt on iOS: the other banner never shows.
    await expect(installBanner(page)).toHaveCount(0);

    for (let at = 5_500; at <= 14_500; at += 500) await runUntil(page, at);
    await expect(banner).toBeVisible();
    await expect(banner).not.toHaveClass(/install-banner--hiding/);

    await runUntil(page, 15_000); // the 0.3 s hide animation starts
    await expect(banner).toHaveClass(/install-banner--hiding/, { timeout: 2_000 });
    await runUntil(page, 15_299);
    await expect(banner).toHaveCount(1);
    await runUntil(page, 15_300);
    await expect(banner).toHaveCount(0, { timeout: 2_000 });

    // It does not come back on this page.
    await page.clock.runFor(30_000);
    await expect(banner).toHaveCount(0);
  });

  test("closing the banner hides it after the animation, for the rest of the session", { tag: "@js-only" }, async ({ page }) => {
    await loadPaused(page, "/pricing");
    const banner = iosBanner(page);
    await page.clock.runFor(5_000);
    await expect(banner).toBeVisible({ timeout: 2_000 });

    await banner.getByRole("button", { name: "Kapat" }).click();
    await expect(banner).toHaveClass(/install-banner--hiding/, { timeout: 2_000 });
    await page.clock.runFor(299);
    await expect(banner).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(banner).toHaveCount(0, { timeout: 2_000 });

    await page.reload();
    await hydrated(page);
    for (let elapsed = 0; elapsed < 20_000; elapsed += 1_000) await page.clock.runFor(1_000);
    await expect(banner).toHaveCount(0);
  });

  test(
    "without JavaScript the pages render with no banner, and the server sends none",
    { tag: "@no-js-only" },
    async ({ page, request }) => {
      for (const path of ["/", "/pricing", "/login", "/signup"]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator(".install-banner")).toHaveCount(0);
        await expect(page.getByRole("button", { name: "YÜKLE", exact: true })).toHaveCount(0);

        const html = await (await request.get(path, { headers: { "user-agent": IPHONE_SAFARI } })).text();
        expect(html).not.toContain(`class="install-banner`);
        expect(html).not.toContain("Uygulamayı telefona yükleyin, internet yokken de kullanın!");
      }
    },
  );
});

test("a non-iOS browser never gets the add-to-home-screen banner", { tag: "@js-only" }, async ({ page }) => {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1000);
  await page.goto("/");
  await hydrated(page);
  for (let elapsed = 0; elapsed < 20_000; elapsed += 1_000) {
    await page.clock.runFor(1_000);
    if (elapsed === 5_000 || elapsed === 10_000) await expect(iosBanner(page)).toHaveCount(0);
  }
  await expect(iosBanner(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
