// `npm run bench:reports`: the detailed reports against a year of trade (decision 036).
//
// On a database of its own (`<app db>_reports_bench`, kept between runs: filling it takes a
// minute or two, so it is filled once and reused; BENCH_REFILL=1 fills it again) the demo
// restaurant gets a year of trade up to now: BENCH_ORDERS paid orders (default 250,000) of 1–5
// lines (about 750,000), their payments (a tenth with a discount code), eight waiters, 40 stock
// items and 20,000 stock movements. Rows go in as multi-row INSERTs of 2,000 rows.
//
// Then, through the HTTP API of the production server (`node server.mjs`):
//   1. the yearly sales report with no summaries yet (they are cleared first: the first report
//      of a year summarises its closed days, decision 036), once;
//   2. every report type × every period, BENCH_RUNS times each (default 30) after two warm-up
//      requests, one request at a time: p50, p95 and max;
//   3. the yearly CSV exports, read as a stream: time, size, rows, and the server's peak RSS
//      growth over its RSS before the request (sampled from /proc every 20 ms).
// Targets: every report p95 < 300 ms; the yearly CSV with < 100 MB of RSS growth. Prints every
// figure and exits 1 when a target is missed.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/env-file.ts";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { connect, migrate } from "./lib/migrations.ts";
import { ensureDatabase, recreateDatabase } from "./lib/provision.ts";
import { siblingDatabaseUrl, startServer, type RunningServer } from "./lib/test-support.ts";
import { fillYearOfTrade } from "./lib/year-of-trade.ts";

const ORDERS = positiveInt("BENCH_ORDERS", 250_000);
const RUNS = positiveInt("BENCH_RUNS", 30);
const WARMUP = 2;
const TARGET_P95_MS = 300;
const TARGET_RSS_MB = 100;
const DEMO = { email: "demo@sofra.local", password: "sofra-demo-2026" };
const TYPES = ["sales", "inventory", "staff"] as const;
const PERIODS = ["daily", "weekly", "monthly", "yearly"] as const;

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return n;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// --- Filling -------------------------------------------------------------------------------

async function prepare(url: string): Promise<number> {
  const refill = process.env.BENCH_REFILL === "1";
  await ensureDatabase(url);
  if (refill) await recreateDatabase(url);
  await migrate(url);
  const conn = await connect(url);
  try {
    let [restaurant] = await conn.query("SELECT r.id FROM restaurants r JOIN users u ON u.restaurantId = r.id WHERE u.email = ?", [
      DEMO.email,
    ]);
    if (!restaurant) {
      console.log("Seeding the plans and the demo restaurant…");
      const seeded = spawnSync(process.execPath, ["--import", "tsx", "prisma/seed.ts"], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url, SEED_DEMO: "true" },
        encoding: "utf8",
      });
      if (seeded.status !== 0) throw new Error(`Seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
      [restaurant] = await conn.query("SELECT r.id FROM restaurants r JOIN users u ON u.restaurantId = r.id WHERE u.email = ?", [
        DEMO.email,
      ]);
    }
    const restaurantId = Number(restaurant.id);
    const [{ n }] = await conn.query("SELECT COUNT(*) AS n FROM payments WHERE restaurantId = ?", [restaurantId]);
    if (Number(n) >= ORDERS) {
      console.log(`The bench database already holds ${Number(n).toLocaleString("en")} payments: not filling it again (BENCH_REFILL=1 to).`);
      return restaurantId;
    }
    const started = Date.now();
    await fillYearOfTrade(conn, restaurantId, { orders: ORDERS, progress: true });
    console.log(`Filled in ${fmt((Date.now() - started) / 1000)} s.`);
    return restaurantId;
  } finally {
    await conn.end();
  }
}

// --- Measuring -------------------------------------------------------------------------------

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function timed(url: string, headers: Record<string, string>) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
  return { ms, bytes: body.byteLength };
}

interface ReportRun {
  type: string;
  period: string;
  p50: number;
  p95: number;
  max: number;
}

async function main() {
  loadEnvFile();
  const url = siblingDatabaseUrl(requireDatabaseUrl(), "reports_bench");
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.log("No production build: running `npm run build`…");
    if (spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" }).status !== 0) throw new Error("The build failed.");
  }
  console.log(`Bench database ${new URL(url).pathname.slice(1)}: ${ORDERS.toLocaleString("en")} orders wanted`);
  const restaurantId = await prepare(url);

  const conn = await connect(url);
  const [counts] = await conn.query(
    `SELECT (SELECT COUNT(*) FROM orders WHERE restaurantId = ?) AS orders,
       (SELECT COUNT(*) FROM order_items oi JOIN orders o ON o.id = oi.orderId WHERE o.restaurantId = ?) AS orderLines,
       (SELECT COUNT(*) FROM payments WHERE restaurantId = ?) AS payments,
       (SELECT COUNT(*) FROM stock_movements WHERE restaurantId = ?) AS moves`,
    [restaurantId, restaurantId, restaurantId, restaurantId],
  );
  console.log(
    `Restaurant ${restaurantId}: ${Number(counts.orders).toLocaleString("en")} orders, ${Number(counts.orderLines).toLocaleString("en")} order lines, ` +
      `${Number(counts.payments).toLocaleString("en")} payments, ${Number(counts.moves).toLocaleString("en")} stock movements`,
  );
  // The first report of a year summarises its closed days: measured from nothing on every run.
  for (const t of ["report_rollups", "report_sales_hours", "report_item_days", "report_staff_days"])
    await conn.query(`DELETE FROM ${t} WHERE restaurantId = ?`, [restaurantId]);
  await conn.end();

  let app: RunningServer | undefined;
  const failures: string[] = [];
  try {
    app = await startServer({
      DATABASE_URL: url,
      SESSION_SECRET: "bench-session-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      DB_POOL_SIZE: "10",
    });
    const pid = app.process.pid!;
    const login = await fetch(`${app.baseUrl}/api/public/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(DEMO),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const auth = { Authorization: `Bearer ${token}` };
    const verify = await fetch(`${app.baseUrl}/api/auth/verify-admin-password`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ password: DEMO.password }),
    });
    if (verify.status !== 200) throw new Error(`Manager mode failed: ${verify.status}`);
    const reportUrl = (type: string, period: string) => `${app!.baseUrl}/api/reports/detailed?type=${type}&period=${period}`;

    console.log(`\nServer pid ${pid}, RSS ${fmt(rssMb(pid))} MB after start`);
    const cold = await timed(reportUrl("sales", "yearly"), auth);
    console.log(`1. First yearly sales report (summarises the year's closed days): ${fmt(cold.ms, 0)} ms`);

    console.log(`2. Every report × period: ${WARMUP} warm-up + ${RUNS} runs each, one at a time`);
    const runs: ReportRun[] = [];
    for (const type of TYPES) {
      for (const period of PERIODS) {
        for (let i = 0; i < WARMUP; i++) await timed(reportUrl(type, period), auth);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) times.push((await timed(reportUrl(type, period), auth)).ms);
        times.sort((a, b) => a - b);
        const run = { type, period, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
        runs.push(run);
        console.log(
          `   ${type.padEnd(9)} ${period.padEnd(7)} p50 ${fmt(run.p50).padStart(6)} ms  p95 ${fmt(run.p95).padStart(6)} ms  max ${fmt(run.max).padStart(6)} ms`,
        );
        if (run.p95 >= TARGET_P95_MS) failures.push(`${type} ${period}: p95 ${fmt(run.p95)} ms >= ${TARGET_P95_MS} ms`);
      }
    }

    console.log("3. Yearly CSV exports, streamed");
    for (const type of TYPES) {
      if (global.gc) global.gc();
      await new Promise((r) => setTimeout(r, 500));
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => {
        const now = rssMb(pid);
        if (now > peak) peak = now;
      }, 20);
      const t0 = performance.now();
      const res = await fetch(`${app.baseUrl}/api/reports/export?type=${type}&period=yearly`, { headers: auth });
      if (res.status !== 200 || !res.body) throw new Error(`CSV ${type}: ${res.status}`);
      let bytes = 0;
      let rows = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        for (const b of value) if (b === 10) rows++;
      }
      const ms = performance.now() - t0;
      clearInterval(sampler);
      const growth = peak - before;
      console.log(
        `   ${type.padEnd(9)} ${fmt(ms / 1000, 2)} s, ${fmt(bytes / 1024 / 1024, 1)} MB, ${(rows - 1).toLocaleString("en")} rows; ` +
          `server RSS ${fmt(before)} MB before, peak ${fmt(peak)} MB: growth ${fmt(growth)} MB`,
      );
      if (growth >= TARGET_RSS_MB) failures.push(`CSV ${type} yearly: RSS growth ${fmt(growth)} MB >= ${TARGET_RSS_MB} MB`);
    }
    const worst = runs.reduce((w, r) => (r.p95 > w.p95 ? r : w));
    console.log(`\nWorst p95: ${worst.type} ${worst.period} ${fmt(worst.p95)} ms (target < ${TARGET_P95_MS} ms)`);
  } finally {
    await app?.stop().catch((e) => console.error("Stopping the app:", e));
  }
  if (failures.length) {
    console.log(`FAIL\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log("PASS: every report p95 under 300 ms, every yearly CSV under 100 MB of RSS growth");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
