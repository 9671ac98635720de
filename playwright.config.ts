import path from "node:path";
import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SESSION_SECRET = "e2e-tests-session-secret-0123456789abcdefghij";
const results = path.resolve(import.meta.dirname, "test-results");

/** Debian's packages: `chromium` (the browser) and `chromium-headless-shell` (its headless shell). */
const FULL_CHROMIUM = "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

function launchOptions(executablePath: string) {
  return {
    executablePath,
    args: [
      // The full browser headless; the shell is headless by itself.
      ...(executablePath === FULL_CHROMIUM ? ["--headless"] : []),
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    env: {
      ...process.env,
      XDG_CACHE_HOME: path.join(results, "xdg-cache"),
      XDG_CONFIG_HOME: path.join(results, "xdg-config"),
    } as Record<string, string>,
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: path.join(results, "playwright"),
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 360, height: 740 },
    locale: "tr-TR",
    timezoneId: "Europe/Istanbul",
    // A trace records a screencast and DOM snapshots of every test to keep only the failing ones':
    // a quarter of the browser tests' CPU (decision 073's second addendum). A failure keeps its
    // screenshot and error context; PW_TRACE=on records traces when a failure needs one.
    trace: process.env.PW_TRACE === "on" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // The service worker precaches the whole app in every fresh context: only the specs about it
    // (offline, push, the settings' page cache) let it in, with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
    launchOptions: launchOptions(HEADLESS_SHELL),
  },
  // A test tagged @js-only (or @no-js-only) is about what JavaScript adds (or what the page does
  // without it): it is left out of the other project instead of starting a browser page and
  // signing a restaurant up only to skip (decision 073's addendum).
  // A test tagged @full-browser needs what only the full browser has (Notification, PushManager):
  // it runs in Chromium itself, every other one in Debian's headless shell of the same Chromium,
  // which does the same pages for 40 % of the CPU (decision 076).
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only|@full-browser/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
    {
      name: "js-full",
      use: { javaScriptEnabled: true, launchOptions: launchOptions(FULL_CHROMIUM) },
      grep: /@full-browser/,
      grepInvert: /@no-js-only/,
    },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      SESSION_SECRET: E2E_SESSION_SECRET,
      COOKIE_SECURE: "false",
    },
  },
});
