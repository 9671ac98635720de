import path from "node:path";
import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SESSION_SECRET = "e2e-tests-session-secret-0123456789abcdefghij";
const results = path.resolve(import.meta.dirname, "test-results");

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
    launchOptions: {
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
      env: {
        ...process.env,
        XDG_CACHE_HOME: path.join(results, "xdg-cache"),
        XDG_CONFIG_HOME: path.join(results, "xdg-config"),
      } as Record<string, string>,
    },
  },
  // A test tagged @js-only (or @no-js-only) is about what JavaScript adds (or what the page does
  // without it): it is left out of the other project instead of starting a browser page and
  // signing a restaurant up only to skip (decision 073's addendum).
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
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
