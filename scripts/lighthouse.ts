// `npm run lighthouse` (after `npm run build`): Lighthouse's mobile preset (a
// mid-range phone on a slow 4G link, simulated) on Debian's Chromium against the
// production server with the demo restaurant, logged in for the app's pages.
// Prints performance, total blocking time and accessibility per page, each the
// median of --runs runs (default 3); exits 1 when a page misses the budget:
// performance >= 95, TBT <= 200 ms, accessibility 100 (issue 8).
import * as chromeLauncher from "chrome-launcher";
import { mkdirSync, writeFileSync } from "node:fs";
import lighthouse from "lighthouse";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { prepareDatabase, siblingDatabaseUrl, startServer } from "./lib/test-support.ts";
import { dropDatabase } from "./lib/provision.ts";

const ONLY = process.argv.indexOf("--only") > 0 ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const ALL_PAGES: { name: string; path: string; as?: "manager" | "staff" | "admin" }[] = [
  { name: "landing", path: "/" },
  { name: "login", path: "/login" },
  { name: "pricing", path: "/pricing" },
  { name: "/app", path: "/app" },
  { name: "staff panel", path: "/app/staff", as: "staff" },
  { name: "order taking", path: "/app/order-taking?table=1", as: "staff" },
  { name: "kitchen", path: "/app/kitchen", as: "staff" },
  // The owner's screens (issue 9), in manager mode.
  { name: "manager panel", path: "/app/admin", as: "manager" },
  { name: "menu", path: "/app/menu-management", as: "manager" },
  { name: "tables", path: "/app/table-management", as: "manager" },
  { name: "staff", path: "/app/staff-management", as: "manager" },
  { name: "stock", path: "/app/stock-management", as: "manager" },
  { name: "settings", path: "/app/settings", as: "manager" },
  { name: "stations", path: "/app/stations", as: "manager" },
  { name: "qr menu", path: "/app/qr-menu", as: "manager" },
  // Issue 10's screens.
  { name: "reservations", path: "/app/reservations", as: "manager" },
  { name: "discounts", path: "/app/discounts", as: "manager" },
  { name: "reports", path: "/app/detailed-reports?type=sales&period=monthly", as: "manager" },
  { name: "billing", path: "/app/settings?tab=billing", as: "manager" },
  { name: "plans", path: "/app/plans", as: "manager" },
  { name: "data export", path: "/app/data-export", as: "manager" },
  { name: "profile", path: "/app/profile", as: "staff" },
  // Issue 21 and 22's screens: the menu's options, the bill, moving tables, the printed adisyon.
  { name: "menu options", path: "/app/menu-management?secenekler=1", as: "manager" },
  { name: "payments", path: "/app/payments?table=3", as: "staff" },
  { name: "table move", path: "/app/table-move?table=3", as: "staff" },
  { name: "adisyon", path: "/app/adisyon?table=3", as: "staff" },
  { name: "split bill", path: "/app/bill?table=3", as: "staff" },
  { name: "house accounts", path: "/app/accounts", as: "manager" },
  { name: "day close", path: "/app/day-close", as: "manager" },
  // The guests' menu from a table's code: no login, no JavaScript (decision 038).
  { name: "public menu", path: "/menu/demo-lokanta?masa=3" },
  // The platform admin's pages (issue 11), logged in as the seeded admin.
  { name: "admin login", path: "/admin/login" },
  { name: "admin panel", path: "/admin/dashboard", as: "admin" },
  { name: "applications", path: "/admin/applications", as: "admin" },
  { name: "members", path: "/admin/members", as: "admin" },
  { name: "invoices", path: "/admin/invoices", as: "admin" },
  { name: "notifications", path: "/admin/notifications", as: "admin" },
  { name: "cms", path: "/admin/cms", as: "admin" },
];
// `--only /app` runs /app alone (not the pages under it): the path without its query, exactly;
// `--only /login,/admin/login` runs both.
const ONLY_PATHS = ONLY?.split(",");
const PAGES = ALL_PAGES.filter((p) => !ONLY_PATHS || ONLY_PATHS.includes(p.path.split("?")[0]!));
if (PAGES.length === 0) throw new Error(`--only ${ONLY}: no such page (${ALL_PAGES.map((p) => p.path).join(", ")})`);
const BUDGET = { performance: 95, tbtMs: 200, accessibility: 100 };

const runsArg = process.argv.indexOf("--runs");
// `--dump DIR` writes each run's full report (JSON) there, to read what delays a page.
const DUMP = process.argv.indexOf("--dump") > 0 ? process.argv[process.argv.indexOf("--dump") + 1] : undefined;
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const INTERLEAVE = process.argv.includes("--interleave");
// `--cpu N` slows the CPU N times instead of the mobile preset's 4: a fast host measured as a slow one.
const CPU = process.argv.indexOf("--cpu") > 0 ? Number(process.argv[process.argv.indexOf("--cpu") + 1]) : undefined;
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

loadEnvFile();
const databaseUrl = siblingDatabaseUrl(requireDatabaseUrl(), "lighthouse");
await prepareDatabase(databaseUrl, { demo: true });
const server = await startServer({ DATABASE_URL: databaseUrl, SESSION_SECRET: "lighthouse-session-secret-0123456789abcdef" });

/** Logs the demo owner in through the login form and enters the mode: the session cookie a waiter's phone (staff) or the owner's desktop (manager) holds. */
async function sessionCookie(mode: "staff" | "manager"): Promise<string> {
  const email = process.env.DEMO_OWNER_EMAIL ?? "demo@sofra.local";
  const password = process.env.DEMO_OWNER_PASSWORD ?? "sofra-demo-2026";
  const login = await fetch(`${server.baseUrl}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("__sofra_session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`Logging in as ${email} failed: ${login.status}`);
  const chosen = await fetch(`${server.baseUrl}/app/role-selection`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl, cookie },
    body: new URLSearchParams(mode === "staff" ? { intent: "staff" } : { intent: "manager", password }),
    redirect: "manual",
  });
  if (chosen.status >= 400) throw new Error(`Entering ${mode} mode failed: ${chosen.status}`);
  return cookie;
}

/** Logs the seeded platform admin in through the admin login form: the admin cookie of an owner's desktop. */
async function adminCookie(): Promise<string> {
  const login = await fetch(`${server.baseUrl}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
    body: new URLSearchParams({
      email: process.env.PLATFORM_ADMIN_EMAIL ?? "admin@sofra.local",
      password: process.env.PLATFORM_ADMIN_PASSWORD ?? "sofra-admin-2026",
    }),
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("__sofra_admin="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`Logging in as the platform admin failed: ${login.status}`);
  return cookie;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let failed = false;
try {
  const cookies = { staff: await sessionCookie("staff"), manager: await sessionCookie("manager"), admin: await adminCookie() };
  console.log(`Lighthouse ${RUNS}× per page, mobile preset, ${CHROMIUM}; median of the runs\n`);
  // bench: Lighthouse's benchmark index of this host during the runs (lower: a busier host).
  console.log(["page".padEnd(14), "perf", "FCP ms", "TBT ms", "LCP ms", "CLS", "a11y", "SEO", "BP", "bench"].join("  "));
  type Run = { bench: number; perf: number; fcp: number; tbt: number; lcp: number; cls: number; a11y: number; seo: number; bp: number };
  const resultsOf = new Map<(typeof PAGES)[number], Run[]>(PAGES.map((p) => [p, []]));
  // --interleave: run 1 of every page, then run 2 of every page…, so that each page meets the
  // same moments of a busy host (compare pages as ratios within the run).
  const order = INTERLEAVE
    ? Array.from({ length: RUNS }, (_, i) => PAGES.map((page) => ({ page, i }))).flat()
    : PAGES.flatMap((page) => Array.from({ length: RUNS }, (_, i) => ({ page, i })));
  for (const { page, i } of order) {
    const result = await lighthouse(`${server.baseUrl}${page.path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "seo", "best-practices"],
      extraHeaders: page.as ? { Cookie: cookies[page.as] } : undefined,
      // A fresh profile each run: no cache from the previous one.
      disableStorageReset: false,
      ...(CPU ? { throttling: { cpuSlowdownMultiplier: CPU } } : {}),
    });
    const lhr = result!.lhr;
    if (DUMP) {
      mkdirSync(DUMP, { recursive: true });
      writeFileSync(`${DUMP}/${page.name.replace(/[^a-z]+/gi, "-")}-${i + 1}.json`, JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    if (lhr.finalDisplayedUrl.replace(server.baseUrl, "") !== page.path) {
      throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}: not logged in?`);
    }
    if (score("accessibility") < 100) {
      const failing = lhr.categories.accessibility!.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1);
      for (const r of failing) {
        const items = (lhr.audits[r.id]?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
        console.log(
          `  ${page.path}: accessibility "${r.id}": ${items
            .map((it) => it.node?.snippet)
            .filter(Boolean)
            .slice(0, 3)
            .join(" | ")}`,
        );
      }
    }
    resultsOf.get(page)!.push({
      bench: lhr.environment.benchmarkIndex,
      perf: score("performance"),
      fcp: audit("first-contentful-paint"),
      tbt: audit("total-blocking-time"),
      lcp: audit("largest-contentful-paint"),
      cls: audit("cumulative-layout-shift"),
      a11y: score("accessibility"),
      seo: score("seo"),
      bp: score("best-practices"),
    });
  }
  for (const page of PAGES) {
    const results = resultsOf.get(page)!;
    const m = (k: keyof Run) => median(results.map((r) => r[k]));
    const ok = m("perf") >= BUDGET.performance && m("tbt") <= BUDGET.tbtMs && m("a11y") >= BUDGET.accessibility;
    if (!ok) failed = true;
    console.log(
      [
        page.name.padEnd(14),
        String(m("perf")).padStart(4),
        m("fcp").toFixed(0).padStart(6),
        m("tbt").toFixed(0).padStart(6),
        m("lcp").toFixed(0).padStart(6),
        m("cls").toFixed(3).padStart(5),
        String(m("a11y")).padStart(4),
        String(m("seo")).padStart(3),
        String(m("bp")).padStart(3),
        m("bench").toFixed(0).padStart(5),
        ok ? "" : "  FAIL",
      ].join("  "),
    );
  }
  console.log(`\nBudget: performance >= ${BUDGET.performance}, TBT <= ${BUDGET.tbtMs} ms, accessibility ${BUDGET.accessibility}.`);
} finally {
  await chrome.kill();
  await server.stop();
  await dropDatabase(databaseUrl);
}
process.exit(failed ? 1 : 0);
