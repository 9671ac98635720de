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
//   4. isolation (decision 090): the waiters' GET /api/tables poll at a fixed open-loop rate
//      (BENCH_POLL_RATE per second, default 100, in windows of BENCH_POLL_SECONDS, default 10),
//      alone and with four yearly sales CSV exports running the whole window (the demo restaurant
//      and three more with a copy of its year, so the per-restaurant limit refuses none; the
//      server runs with HEAVY_WORK_LIMIT=4 so all four run), alternated BENCH_ROUNDS times
//      (default 3): the p99 with the exports over the p99 without (the windows alone on either
//      side) must stay within 1.5×, median of the rounds. Then a server with the default limit
//      (2) is sent the four at once: two run, two get 429 with Retry-After.
// Targets: every report p95 < 300 ms; the yearly CSV with < 100 MB of RSS growth; the poll's p99
// within 1.5× with four exports running. Prints every figure and exits 1 when a target is missed.
// `npm run bench:reports -- --isolation` runs only steps 3 and 4.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/env-file.ts";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { connect, migrate } from "./lib/migrations.ts";
import { ensureDatabase, recreateDatabase } from "./lib/provision.ts";
import { openLoop, type OpenLoopResult } from "./lib/open-loop.ts";
import { siblingDatabaseUrl, startServer, type RunningServer } from "./lib/test-support.ts";
import { fillYearOfTrade } from "./lib/year-of-trade.ts";

type Conn = Awaited<ReturnType<typeof connect>>;

const ORDERS = positiveInt("BENCH_ORDERS", 250_000);
const RUNS = positiveInt("BENCH_RUNS", 30);
const WARMUP = 2;
const TARGET_P95_MS = 300;
const TARGET_RSS_MB = 100;
const DEMO = { email: "demo@sofra.local", password: "sofra-demo-2026" };
const TYPES = ["sales", "inventory", "staff"] as const;
const PERIODS = ["daily", "weekly", "monthly", "yearly"] as const;
const ISOLATION_ONLY = process.argv.includes("--isolation");
const POLL_RATE = positiveInt("BENCH_POLL_RATE", 100);
const POLL_SECONDS = positiveInt("BENCH_POLL_SECONDS", 10);
const ROUNDS = positiveInt("BENCH_ROUNDS", 3);
const TARGET_POLL_RATIO = 1.5;
/** Restaurants besides the demo one, each with a copy of its year (four exports, four restaurants). */
const OTHER_OWNERS = [1, 2, 3].map((i) => ({ email: `bench-owner-${i}@sofra.local`, password: "sofra-bench-2026" }));

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

/**
 * A copy of one restaurant's paid year for another (orders, their lines, payments), in SQL, in
 * slices of 50,000 orders: the exports of four restaurants read four years of the same size.
 */
async function copyYear(conn: Conn, fromId: number, toId: number) {
  const [{ n }] = await conn.query("SELECT COUNT(*) AS n FROM payments WHERE restaurantId = ?", [toId]);
  const [{ m }] = await conn.query("SELECT COUNT(*) AS m FROM payments WHERE restaurantId = ?", [fromId]);
  if (Number(n) >= Number(m)) return false;
  const started = Date.now();
  await conn.query("DELETE FROM orders WHERE restaurantId = ?", [toId]);
  const [table] = await conn.query("SELECT id FROM tables WHERE restaurantId = ? ORDER BY number LIMIT 1", [toId]);
  const [{ lo, hi }] = await conn.query("SELECT MIN(id) AS lo, MAX(id) AS hi FROM orders WHERE restaurantId = ?", [fromId]);
  const [{ top }] = await conn.query("SELECT MAX(id) AS top FROM orders");
  const offset = Number(top) + 1 - Number(lo);
  await conn.query("SET SESSION unique_checks = 0, foreign_key_checks = 0");
  for (let a = Number(lo); a <= Number(hi); a += 50_000) {
    const b = a + 50_000;
    await conn.beginTransaction();
    await conn.query(
      `INSERT INTO orders (id, restaurantId, tableId, tableNumber, waiterName, createdById, status, totalAmount, version, createdAt, updatedAt, paidAt)
       SELECT id + ?, ?, ?, tableNumber, waiterName, NULL, status, totalAmount, version, createdAt, updatedAt, paidAt
       FROM orders WHERE restaurantId = ? AND id >= ? AND id < ?`,
      [offset, toId, table.id, fromId, a, b],
    );
    await conn.query(
      `INSERT INTO order_items (orderId, menuItemId, menuItemName, quantity, unitPrice, totalPrice, discountApplied, complimentary, createdAt)
       SELECT oi.orderId + ?, NULL, oi.menuItemName, oi.quantity, oi.unitPrice, oi.totalPrice, oi.discountApplied, oi.complimentary, oi.createdAt
       FROM order_items oi JOIN orders o ON o.id = oi.orderId WHERE o.restaurantId = ? AND o.id >= ? AND o.id < ?`,
      [offset, fromId, a, b],
    );
    await conn.query(
      `INSERT INTO payments (restaurantId, orderId, amount, method, takenById, takenByName, paidAt, discountCode, discountAmount, linesAmount, closesOrder, dayCloseId)
       SELECT ?, orderId + ?, amount, method, NULL, takenByName, paidAt, discountCode, discountAmount, linesAmount, closesOrder, NULL
       FROM payments WHERE restaurantId = ? AND orderId >= ? AND orderId < ?`,
      [toId, offset, fromId, a, b],
    );
    await conn.commit();
  }
  await conn.query("SET SESSION unique_checks = 1, foreign_key_checks = 1");
  console.log(`   copied the demo restaurant's year to restaurant ${toId} in ${fmt((Date.now() - started) / 1000)} s`);
  return true;
}

/** A bearer token in manager mode (what the export wants). */
async function managerToken(baseUrl: string, who: { email: string; password: string }): Promise<string | null> {
  const login = await fetch(`${baseUrl}/api/public/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(who),
  });
  if (login.status !== 200) return null;
  const token = ((await login.json()) as { access_token: string }).access_token;
  const verify = await fetch(`${baseUrl}/api/auth/verify-admin-password`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ password: who.password }),
  });
  if (verify.status !== 200) throw new Error(`Manager mode failed for ${who.email}: ${verify.status}`);
  return token;
}

/** The three other owners (signed up on the first run) with a copy of the demo restaurant's year. */
async function otherRestaurants(baseUrl: string, url: string, demoId: number): Promise<string[]> {
  const conn = await connect(url);
  try {
    const tokens: string[] = [];
    for (const [i, owner] of OTHER_OWNERS.entries()) {
      let token = await managerToken(baseUrl, owner);
      if (!token) {
        const res = await fetch(`${baseUrl}/api/public/signup`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            first_name: "Bench",
            last_name: `Sahibi ${i + 1}`,
            email: owner.email,
            password: owner.password,
            restaurant_name: `Bench Lokanta ${i + 1}`,
            restaurant_type: "restaurant",
          }),
        });
        if (res.status !== 201) throw new Error(`Signing up ${owner.email}: ${res.status} ${await res.text()}`);
        token = await managerToken(baseUrl, owner);
      }
      const [row] = await conn.query("SELECT restaurantId FROM users WHERE email = ?", [owner.email]);
      await copyYear(conn, demoId, Number(row.restaurantId));
      tokens.push(token!);
    }
    return tokens;
  } finally {
    await conn.end();
  }
}

/** Reads one export to its end (or until `signal` aborts it): its status and bytes. */
async function readExport(baseUrl: string, token: string, signal?: AbortSignal) {
  try {
    const res = await fetch(`${baseUrl}/api/reports/export?type=sales&period=yearly`, {
      headers: { Authorization: `Bearer ${token}` },
      signal,
    });
    let bytes = 0;
    const reader = res.body?.getReader();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    return { status: res.status, retryAfter: res.headers.get("retry-after"), bytes, aborted: false };
  } catch (error) {
    if (signal?.aborted) return { status: 0, retryAfter: null, bytes: 0, aborted: true };
    throw error;
  }
}

const loadNow = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

function pollLine(label: string, r: OpenLoopResult) {
  console.log(
    `   ${label.padEnd(30)} p50 ${fmt(r.p50).padStart(6)} ms  p99 ${fmt(r.p99).padStart(7)} ms  max ${fmt(r.max).padStart(7)} ms  ` +
      `${r.answered}/${r.sent} answered, ${r.non2xx} non-2xx, ${r.errors} errors; load ${loadNow()}`,
  );
}

/**
 * Step 4: the waiters' poll alone and with four yearly sales exports running the whole window
 * (each restaurant starts its next export as soon as one ends), alternated BENCH_ROUNDS times and
 * ended alone (A W A W … A): each "with" window is compared with the mean of the windows alone
 * on either side, so a burst of the machine's other work moves both sides of a ratio. The verdict
 * is the median of the rounds' ratios.
 */
async function isolation(app: RunningServer, demoToken: string, tokens: string[], failures: string[]) {
  const poll = (seconds = POLL_SECONDS) =>
    openLoop({
      url: `${app.baseUrl}/api/tables`,
      rate: POLL_RATE,
      durationSeconds: seconds,
      headers: { Authorization: `Bearer ${demoToken}` },
    });
  console.log(
    `4. The waiters' GET /api/tables at ${POLL_RATE}/s, open loop, ${POLL_SECONDS} s windows on this one process, ` +
      `alone and with four yearly sales CSV exports (HEAVY_WORK_LIMIT=4, EXPORT_ROWS_PER_SECOND ${process.env.EXPORT_ROWS_PER_SECOND ?? "default"})`,
  );
  await poll(2);
  const owners = [demoToken, ...tokens];
  const alone: OpenLoopResult[] = [await poll()];
  pollLine("alone", alone[0]!);
  const ratios: number[] = [];
  const done = { exports: 0, refused: 0, bytes: 0, cut: 0 };
  for (let round = 1; round <= ROUNDS; round++) {
    const stop = new AbortController();
    const runners = owners.map(async (token) => {
      while (!stop.signal.aborted) {
        const r = await readExport(app.baseUrl, token, stop.signal);
        if (r.aborted) {
          done.cut++;
          break;
        }
        if (r.status === 200) {
          done.exports++;
          done.bytes += r.bytes;
        } else {
          done.refused++;
          await new Promise((res) => setTimeout(res, 200));
        }
      }
    });
    // The four are running (their first chunks on the way) before the window opens.
    await new Promise((r) => setTimeout(r, 1500));
    const during = await poll();
    stop.abort();
    await Promise.all(runners);
    pollLine(`round ${round}: with 4 exports`, during);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await poll();
    pollLine("alone", after);
    const without = (alone.at(-1)!.p99 + after.p99) / 2;
    ratios.push(during.p99 / without);
    console.log(`      ratio ${fmt(during.p99)} / ${fmt(without)} ms = ${fmt(ratios.at(-1)!, 2)}×`);
    alone.push(after);
  }
  console.log(
    `      exports: ${done.exports} finished whole (${fmt(done.bytes / 1024 / 1024, 1)} MB), ${done.refused} refused, ${done.cut} cut off at a window's end`,
  );
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  const verdict = median <= TARGET_POLL_RATIO ? "PASS" : "FAIL";
  console.log(
    `   poll p99 with four exports over without, median of ${ratios.length} rounds: ${fmt(median, 2)}× (${ratios.map((r) => fmt(r, 2)).join(", ")}; target <= ${TARGET_POLL_RATIO}×): ${verdict}`,
  );
  if (verdict === "FAIL") failures.push(`poll p99 with four exports ${fmt(median, 2)}× the p99 without (> ${TARGET_POLL_RATIO}×)`);
}

/** Step 4b: the default per-process limit (2) and four exports at once: what happens to the other two. */
async function defaultLimit(url: string, owners: { email: string; password: string }[]) {
  const app = await startServer({
    DATABASE_URL: url,
    SESSION_SECRET: "bench-session-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    DB_POOL_SIZE: "10",
  });
  try {
    const tokens = await Promise.all(owners.map(async (o) => (await managerToken(app.baseUrl, o))!));
    const stop = new AbortController();
    const heads = await Promise.all(
      tokens.map((token) =>
        fetch(`${app.baseUrl}/api/reports/export?type=sales&period=yearly`, {
          headers: { Authorization: `Bearer ${token}` },
          signal: stop.signal,
        }),
      ),
    );
    const ran = heads.filter((r) => r.status === 200).length;
    const refused = heads.filter((r) => r.status === 429);
    console.log(
      `   default HEAVY_WORK_LIMIT (2), four at once: ${ran} ran, ${refused.length} got 429 ` +
        `(Retry-After ${refused.map((r) => r.headers.get("retry-after")).join(", ")} s): the client tries again then; nothing waits in a queue`,
    );
    stop.abort();
    await Promise.all(heads.map((r) => r.body?.cancel().catch(() => undefined)));
  } finally {
    await app.stop().catch((e) => console.error("Stopping the app:", e));
  }
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
    app = await startServer(
      {
        DATABASE_URL: url,
        SESSION_SECRET: "bench-session-secret-0123456789abcdefghijklmnopqrstuvwxyz",
        DB_POOL_SIZE: "10",
        // Step 4 runs four exports at once on this process (step 4b shows the default, 2).
        HEAVY_WORK_LIMIT: "4",
        ...(process.env.EXPORT_ROWS_PER_SECOND ? { EXPORT_ROWS_PER_SECOND: process.env.EXPORT_ROWS_PER_SECOND } : {}),
        // The three other owners sign up on the first run.
        SIGNUP_LIMIT_PER_HOUR: "1000",
        // Started as `npm start` starts it (its heap limit and malloc setting, decision 092): the
        // process measured is the one in service.
      },
      undefined,
      { asNpmStart: true },
    );
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

    console.log(`\nServer pid ${pid}, RSS ${fmt(rssMb(pid))} MB after start; load average ${loadNow()}`);
    const others = await otherRestaurants(app.baseUrl, url, restaurantId);
    const runs: ReportRun[] = [];
    if (!ISOLATION_ONLY) {
      const cold = await timed(reportUrl("sales", "yearly"), auth);
      console.log(`1. First yearly sales report (summarises the year's closed days): ${fmt(cold.ms, 0)} ms`);

      console.log(`2. Every report × period: ${WARMUP} warm-up + ${RUNS} runs each, one at a time`);
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
    await isolation(app, token, others, failures);
    if (runs.length) {
      const worst = runs.reduce((w, r) => (r.p95 > w.p95 ? r : w));
      console.log(`\nWorst p95: ${worst.type} ${worst.period} ${fmt(worst.p95)} ms (target < ${TARGET_P95_MS} ms)`);
    }
  } finally {
    await app?.stop().catch((e) => console.error("Stopping the app:", e));
  }
  await defaultLimit(url, [DEMO, ...OTHER_OWNERS]);
  console.log(`Load average at the end: ${loadNow()}`);
  if (failures.length) {
    console.log(`FAIL\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `PASS: ${ISOLATION_ONLY ? "" : "every report p95 under 300 ms, "}every yearly CSV under 100 MB of RSS growth, the poll's p99 within ${TARGET_POLL_RATIO}× with four exports`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
