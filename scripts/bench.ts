// `npm run bench`: load tests of the waiters' hot paths against the production
// build, on a fresh seeded database of its own (`<app db>_bench`, dropped at the end).
//
//   a. GET /api/tables, as fast as it goes, next to two floors (scripts/bench-floor.ts):
//      a bare node:http server running the app's exact SQL on the bare mariadb driver
//      with byte-identical answers (the SQL floor), and the same bytes from memory.
//   b. GET /api/tables at a fixed 500 req/s, full answers and conditional polls
//      (If-None-Match: 304), app and SQL floor: latency and CPU per request, read from
//      /proc/<pid>/stat over the measured run. The targets are ratios to the floor in
//      the same run: the machine is small and noisy, a ratio travels better.
//   c. POST /api/orders at a fixed 100 req/s: latency and CPU per request, every answer a 201;
//      then the order floor (the floor server's POST /orders: the app's session check and the
//      app's order statements on the bare driver, no router, no schema) at the same rate. Target:
//      the app's CPU per order within 1.5× the floor's.
//   b and c use an open-loop generator (scripts/lib/open-loop.ts), not
//   autocannon's rate limit, which sends bursts (docs/decisions/011).
//
// Every measured run follows a short warm-up. Prints every figure, then a
// PASS/FAIL summary; exits 1 when a target is missed or a run could not be made.
//
// Environment: BENCH_DURATION (seconds per run, default 10), BENCH_WARMUP
// (default 3), BENCH_CONNECTIONS (autocannon's, run a; default 50), SHOW_SERVER_LOG=1 for the app's stderr,
// BENCH_PARTS ("abc"; "c" alone measures the orders, for a quick look: the runs left out fail the summary).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { ROOT } from "./lib/env-file.ts";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { dropDatabase } from "./lib/provision.ts";
import { openLoop, type OpenLoopOptions } from "./lib/open-loop.ts";
import { freePort, prepareDatabase, siblingDatabaseUrl, startServer, type RunningServer } from "./lib/test-support.ts";
import { cpuMs } from "./lib/proc-cpu.ts";

const DURATION = positiveNumber("BENCH_DURATION", 10);
const WARMUP = positiveNumber("BENCH_WARMUP", 3);
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 50);
const POOL_SIZE = "10";
const PARTS = process.env.BENCH_PARTS ?? "abc";
const TABLES_RATE = 500;
const ORDERS_RATE = 100;

const TARGETS = {
  // CPU per request, app / SQL floor, the poll (full answers, and conditional ones answered 304).
  pollCpuRatio: 1.3,
  // CPU per request, app / order floor, POST /api/orders.
  orderCpuRatio: 1.5,
  tablesP99: 50, // ms at TABLES_RATE
  ordersP99: 100, // ms at ORDERS_RATE
  // A fixed-rate run that does not reach its rate did not measure at that rate.
  minRateShare: 0.9,
};

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}

const fmt = (n: number | undefined, digits: number) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : "—");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- Servers -----------------------------------------------------------------

/** A server process under test: notices when it dies, keeps the end of its output to say why. */
class Watched {
  private tail = "";
  exit: string | null = null;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const keep = (d: Buffer) => (this.tail = (this.tail + d).slice(-4000));
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("exit", (code, signal) => (this.exit = signal ? `signal ${signal}` : `code ${code}`));
  }

  /** Throws if the process is gone. */
  assertAlive(during: string) {
    const { exitCode, signalCode } = this.child;
    if (this.exit === null && exitCode === null && signalCode === null) return;
    const how = this.exit ?? (signalCode ? `signal ${signalCode}` : `code ${exitCode}`);
    throw new Error(`The ${this.name} server exited (${how}) during ${during}. Its last output:\n${this.tail || "(none)"}`);
  }
}

function buildIfMissing() {
  if (existsSync(path.join(ROOT, "build/server/index.js"))) return;
  console.log("No production build: running `npm run build`…");
  const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) throw new Error("The build failed.");
}

interface Floor {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** scripts/bench-floor.ts in a child process, once it answers GET /tables. */
async function startFloor(databaseUrl: string, restaurantId: number): Promise<Floor> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-floor.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      RESTAURANT_ID: String(restaurantId),
      DB_POOL_SIZE: POOL_SIZE,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The floor server exited (${child.exitCode}):\n${output}`);
    let res: Response | undefined;
    try {
      res = await fetch(`${baseUrl}/tables`);
    } catch {
      // not listening yet
    }
    // Without a session it answers 401: it is up.
    if (res && res.status < 500) break;
    if (res) {
      await stop();
      throw new Error(`The floor server answered ${res.status}:\n${await res.text()}\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The floor server did not start in 20 s:\n${output}`);
    }
    await sleep(100);
  }
  return { baseUrl, process: child, stop };
}

// --- The app's API -----------------------------------------------------------

async function login(baseUrl: string): Promise<{ token: string; restaurantId: number }> {
  const res = await fetch(`${baseUrl}/api/public/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "demo@sofra.local", password: "sofra-demo-2026" }),
  });
  if (!res.ok) throw new Error(`Demo login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; restaurant: { id: number } };
  return { token: body.access_token, restaurantId: body.restaurant.id };
}

async function availableMenuItemIds(baseUrl: string, token: string): Promise<number[]> {
  const res = await fetch(`${baseUrl}/api/menu`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api/menu failed: ${res.status} ${await res.text()}`);
  const items = (await res.json()) as { id: number; available: boolean }[];
  const ids = items.filter((i) => i.available).map((i) => i.id);
  if (ids.length === 0) throw new Error("The demo restaurant has no available menu item.");
  return ids;
}

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

// --- Measuring ---------------------------------------------------------------

interface Run {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: string;
  /** The serving process's CPU per answered request, ms (fixed-rate runs). */
  cpu?: number;
}

const RUNS = {
  appMax: "a. app          GET /api/tables  (max)",
  floorMax: "a. SQL floor    GET /tables      (max)",
  memoryMax: "a. memory floor GET /memory      (max)",
  appRate: `b. app          GET /api/tables  @${TABLES_RATE}`,
  floorRate: `b. SQL floor    GET /tables      @${TABLES_RATE}`,
  appSame: `b. app          304 /api/tables  @${TABLES_RATE}`,
  floorSame: `b. SQL floor    304 /tables      @${TABLES_RATE}`,
  orders: `c. app          POST /api/orders @${ORDERS_RATE}`,
  ordersFloor: `c. order floor  POST /orders     @${ORDERS_RATE}`,
} as const;
type RunKey = keyof typeof RUNS;

function summarise(label: string, r: autocannon.Result): Run {
  return {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.entries(r.statusCodeStats)
      .map(([code, { count }]) => `${code}×${count}`)
      .join(" "),
  };
}

/** A warm-up of WARMUP seconds, then the measured run of DURATION seconds. */
async function measure(label: string, target: Watched, options: autocannon.Options): Promise<Run> {
  const base: autocannon.Options = {
    connections: CONNECTIONS,
    // autocannon's coordinated-omission correction for fixed-rate runs uses an
    // expected interval of ceil(1/rate) = 1 ms (seconds taken for milliseconds),
    // so a 40 ms answer would be recorded 40 times (40, 39, ... 1 ms). Record
    // what each request took. (autocannon refuses the flag without a rate.)
    ...(options.overallRate ? { ignoreCoordinatedOmission: true } : {}),
    ...options,
  };
  target.assertAlive(`the start of ${label}`);
  process.stdout.write(`  ${label}: warm-up ${WARMUP} s… `);
  const warm = await autocannon({ ...base, duration: WARMUP });
  target.assertAlive(`the warm-up of ${label}`);
  if (warm.non2xx || warm.errors) process.stdout.write(`(warm-up: ${warm.non2xx} non-2xx, ${warm.errors} errors) `);
  process.stdout.write(`measuring ${DURATION} s… `);
  const result = await autocannon({ ...base, duration: DURATION });
  target.assertAlive(label);
  const run = summarise(label, result);
  console.log(
    `${fmt(run.rps, 0)} req/s, p50 ${fmt(run.p50, 1)} ms, p99 ${fmt(run.p99, 1)} ms, max ${fmt(run.max, 0)} ms` +
      ` [${run.statusCodes || "no answers"}${run.errors ? `, ${run.errors} errors` : ""}]`,
  );
  return run;
}

/** A fixed-rate run with the open-loop generator (scripts/lib/open-loop.ts): warm-up, then measured. */
async function measureAtRate(label: string, target: Watched, options: Omit<OpenLoopOptions, "durationSeconds">): Promise<Run> {
  target.assertAlive(`the start of ${label}`);
  process.stdout.write(`  ${label}: warm-up ${WARMUP} s… `);
  const warm = await openLoop({ ...options, durationSeconds: WARMUP });
  target.assertAlive(`the warm-up of ${label}`);
  if (warm.non2xx || warm.errors) process.stdout.write(`(warm-up: ${warm.non2xx} non-2xx, ${warm.errors} errors) `);
  process.stdout.write(`measuring ${DURATION} s… `);
  const cpuBefore = cpuMs(target.child.pid!);
  const r = await openLoop({ ...options, durationSeconds: DURATION });
  const cpu = (cpuMs(target.child.pid!) - cpuBefore) / Math.max(1, r.answered);
  target.assertAlive(label);
  const run: Run = {
    label,
    rps: r.rate,
    p50: r.p50,
    p99: r.p99,
    max: r.max,
    total: r.answered,
    // A 304 is the answer a conditional poll wants.
    non2xx: r.non2xx - (r.statusCodes[304] ?? 0),
    errors: r.errors,
    timeouts: 0,
    statusCodes: Object.entries(r.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(" "),
    cpu,
  };
  console.log(
    `${fmt(run.rps, 0)} req/s, p50 ${fmt(run.p50, 1)} ms, p99 ${fmt(run.p99, 1)} ms, max ${fmt(run.max, 0)} ms, ` +
      `CPU ${fmt(cpu, 3)} ms/req [${run.statusCodes || "no answers"}${run.errors ? `, ${run.errors} errors` : ""}]`,
  );
  return run;
}

async function main(runs: Partial<Record<RunKey, Run>>): Promise<void> {
  loadEnvFile();
  const databaseUrl = siblingDatabaseUrl(requireDatabaseUrl(), "bench");
  buildIfMissing();

  let app: RunningServer | undefined;
  let floor: Floor | undefined;
  let databaseCreated = false;
  try {
    console.log("Preparing the bench database (migrations, plans, demo restaurant)…");
    databaseCreated = true; // prepareDatabase may fail half-way: drop whatever it made
    await prepareDatabase(databaseUrl, { demo: true });

    const startApp = () =>
      startServer({
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: "bench-session-secret-0123456789abcdefghijklmnopqrstuvwxyz",
        DB_POOL_SIZE: POOL_SIZE,
      });
    app = await startApp();
    let appWatch = new Watched("app", app.process);
    const { token, restaurantId } = await login(app.baseUrl);
    const menuIds = await availableMenuItemIds(app.baseUrl, token);
    floor = await startFloor(databaseUrl, restaurantId);
    let floorWatch = new Watched("floor", floor.process);

    // The same bytes from all three, or the comparison means nothing (the SQL floor's first answer is the memory floor's).
    const auth = { Authorization: `Bearer ${token}` };
    const appAnswer = await fetch(`${app.baseUrl}/api/tables`, { headers: auth });
    const appTables = await appAnswer.text();
    const floorTables = await (await fetch(`${floor.baseUrl}/tables`, { headers: auth })).text();
    const memoryTables = await (await fetch(`${floor.baseUrl}/memory`)).text();
    if (appTables !== floorTables || appTables !== memoryTables) {
      throw new Error(`The app and the floors disagree:\n${appTables}\n${floorTables}\n${memoryTables}`);
    }
    // The tag of this floor, for the conditional polls (it moves on once a minute: a run may see a few 200s).
    const appUrl = app.baseUrl;
    const tagOf = async () => (await fetch(`${appUrl}/api/tables`, { headers: auth })).headers.get("etag") ?? "none";
    if ((await tagOf()) !== (await fetch(`${floor.baseUrl}/tables`, { headers: auth })).headers.get("etag")) {
      throw new Error("The app and the SQL floor tag the floor differently.");
    }

    console.log(
      `\napp ${app.baseUrl} (pid ${app.process.pid}), floor ${floor.baseUrl} (pid ${floor.process.pid}); ` +
        `pool ${POOL_SIZE}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per run, ` +
        `${JSON.parse(appTables).length} tables, ${menuIds.length} available menu items\n`,
    );

    if (PARTS.includes("a") || PARTS.includes("b")) {
      console.log("a. Throughput, GET tables");
      runs.appMax = await measure(RUNS.appMax, appWatch, { url: `${app.baseUrl}/api/tables`, headers: auth });
      runs.floorMax = await measure(RUNS.floorMax, floorWatch, { url: `${floor.baseUrl}/tables`, headers: auth });
      runs.memoryMax = await measure(RUNS.memoryMax, floorWatch, { url: `${floor.baseUrl}/memory` });

      // Fixed rates with the open-loop generator, not autocannon: autocannon's
      // rate limit sends each connection's share of the second in one burst, so
      // its latency would be that of draining bursts (decision 011).
      console.log(`b. Latency at ${TABLES_RATE} req/s (open loop), GET tables`);
      runs.appRate = await measureAtRate(RUNS.appRate, appWatch, { url: `${app.baseUrl}/api/tables`, headers: auth, rate: TABLES_RATE });
      runs.floorRate = await measureAtRate(RUNS.floorRate, floorWatch, {
        url: `${floor.baseUrl}/tables`,
        headers: auth,
        rate: TABLES_RATE,
      });
      // The tag moves on once a minute (at the restaurant's own second): each conditional run starts
      // just after that second, so that all of it asks with the tag of the moment.
      const freshTag = async () => {
        const offset = (restaurantId % 60) * 1000;
        const intoMinute = (Date.now() + offset) % 60_000;
        if (intoMinute > 60_000 - (WARMUP + DURATION + 2) * 1000) await sleep(60_000 - intoMinute + 500);
        return { ...auth, "If-None-Match": await tagOf() };
      };
      runs.appSame = await measureAtRate(RUNS.appSame, appWatch, {
        url: `${app.baseUrl}/api/tables`,
        headers: await freshTag(),
        rate: TABLES_RATE,
      });
      runs.floorSame = await measureAtRate(RUNS.floorSame, floorWatch, {
        url: `${floor.baseUrl}/tables`,
        headers: await freshTag(),
        rate: TABLES_RATE,
      });
    }
    if (PARTS.includes("a") || PARTS.includes("b")) {
      // The orders on fresh processes, app and floors alike: what a and b left behind (the garbage of
      // 30,000 answers at full speed, collected by the next major GC on V8's helper threads) is not
      // an order's cost, and it charged the app's orders up to 1.9× the floor's where alone they
      // cost 1.36× (the floor makes less garbage).
      await floor.stop();
      await app.stop();
      app = await startApp();
      appWatch = new Watched("app", app.process);
      floor = await startFloor(databaseUrl, restaurantId);
      floorWatch = new Watched("floor", floor.process);
    }
    console.log(`c. Latency at ${ORDERS_RATE} req/s (open loop), POST /api/orders`);
    const runId = `${process.pid.toString(36)}${Date.now().toString(36)}`;
    // One counter for the warm-up and the measured run: every order is new (a
    // repeated client_order_id would be a cheap idempotent replay).
    let orderSequence = 0;
    const orderBody = () =>
      JSON.stringify({
        table_number: randomInt(1, 20),
        items: [{ menu_item_id: menuIds[randomInt(0, menuIds.length - 1)], quantity: randomInt(1, 3) }],
        client_order_id: `bench-${runId}-${++orderSequence}`,
      });
    // The same order to both gives the same answer but for its ids and time.
    const sample = (key: string) =>
      JSON.stringify({ table_number: 20, items: [{ menu_item_id: menuIds[0], quantity: 2 }], client_order_id: `bench-${runId}-${key}` });
    const postJson = { ...auth, "Content-Type": "application/json" };
    const appOrder = await (await fetch(`${app.baseUrl}/api/orders`, { method: "POST", headers: postJson, body: sample("app") })).json();
    const floorOrder = await (await fetch(`${floor.baseUrl}/orders`, { method: "POST", headers: postJson, body: sample("floor") })).json();
    const comparable = (o: { id: number; created_at: string; client_order_id: string; items: { id: number }[] }) =>
      JSON.stringify({ ...o, id: 0, created_at: "", client_order_id: "", version: 0, items: o.items.map((i) => ({ ...i, id: 0 })) });
    if (comparable(appOrder) !== comparable(floorOrder)) {
      throw new Error(
        `The app and the order floor answer an order differently:\n${JSON.stringify(appOrder)}\n${JSON.stringify(floorOrder)}`,
      );
    }
    runs.orders = await measureAtRate(RUNS.orders, appWatch, {
      url: `${app.baseUrl}/api/orders`,
      rate: ORDERS_RATE,
      method: "POST",
      headers: postJson,
      body: orderBody,
    });
    runs.ordersFloor = await measureAtRate(RUNS.ordersFloor, floorWatch, {
      url: `${floor.baseUrl}/orders`,
      rate: ORDERS_RATE,
      method: "POST",
      headers: postJson,
      body: orderBody,
    });

    // autocannon drops its sockets at the end of a run; let the requests the
    // servers are still working on finish before they are stopped.
    await sleep(2000);
  } finally {
    await floor?.stop().catch((e) => console.error("Stopping the floor:", e));
    await app?.stop().catch((e) => console.error("Stopping the app:", e));
    if (databaseCreated) await dropDatabase(databaseUrl).catch((e) => console.error("Dropping the bench database:", e));
  }
}

// --- Report ------------------------------------------------------------------

/** The summary table and the targets; a run that was not made fails its targets. */
function report(runs: Partial<Record<RunKey, Run>>, elapsedMs: number): boolean {
  const head = ["run", "req/s", "p50 ms", "p99 ms", "max ms", "CPU ms/req", "requests", "non-2xx", "errors"];
  const rows = (Object.keys(RUNS) as RunKey[]).map((key) => {
    const r = runs[key];
    if (!r) return [RUNS[key], "not run", "", "", "", "", "", "", ""];
    return [
      RUNS[key],
      fmt(r.rps, 0),
      fmt(r.p50, 1),
      fmt(r.p99, 1),
      fmt(r.max, 0),
      fmt(r.cpu, 3),
      String(r.total),
      String(r.non2xx),
      String(r.errors + r.timeouts),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\nSummary (${(elapsedMs / 1000).toFixed(0)} s in all)`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));

  const { appMax, floorMax, memoryMax, appRate, floorRate, appSame, floorSame, orders, ordersFloor } = runs;
  // No answer at all has no latency: never a pass.
  const answered = (r: Run | undefined): r is Run => !!r && r.total > 0;
  const cpuRatio = (app?: Run, floor?: Run) => (app?.cpu !== undefined && floor?.cpu ? app.cpu / floor.cpu : NaN);
  const fullRatio = cpuRatio(appRate, floorRate);
  const sameRatio = cpuRatio(appSame, floorSame);
  const orderRatio = cpuRatio(orders, ordersFloor);
  console.log(
    `\nThroughput app / SQL floor / memory floor: ${fmt(appMax?.rps, 0)} / ${fmt(floorMax?.rps, 0)} / ${fmt(memoryMax?.rps, 0)} req/s ` +
      `(app ${fmt(appMax && floorMax ? appMax.rps / floorMax.rps : NaN, 2)}× the SQL floor); ` +
      `a 304 costs the app ${fmt(cpuRatio(appSame, appRate), 2)}× a full answer.`,
  );
  const minTables = TABLES_RATE * TARGETS.minRateShare;
  const minOrders = ORDERS_RATE * TARGETS.minRateShare;
  const made = Object.values(runs);
  const failures = made.filter((r) => r.non2xx || r.errors || r.timeouts);
  const checks: [string, boolean, string][] = [
    [
      `poll CPU per request, app / SQL floor <= ${TARGETS.pollCpuRatio} (full answers)`,
      fullRatio <= TARGETS.pollCpuRatio,
      `${fmt(fullRatio, 2)} (${fmt(appRate?.cpu, 3)} / ${fmt(floorRate?.cpu, 3)} ms)`,
    ],
    [
      `poll CPU per request, app / SQL floor <= ${TARGETS.pollCpuRatio} (conditional, every answer a 304)`,
      sameRatio <= TARGETS.pollCpuRatio && [appSame, floorSame].every((r) => r?.statusCodes === `304×${r?.total}`),
      `${fmt(sameRatio, 2)} (${fmt(appSame?.cpu, 3)} / ${fmt(floorSame?.cpu, 3)} ms)`,
    ],
    [
      `tables p99 < ${TARGETS.tablesP99} ms at ${TABLES_RATE} req/s (rate >= ${minTables})`,
      answered(appRate) && appRate.p99 < TARGETS.tablesP99 && appRate.rps >= minTables,
      `p99 ${fmt(appRate?.p99, 1)} ms at ${fmt(appRate?.rps, 0)} req/s (floor: p99 ${fmt(floorRate?.p99, 1)} ms)`,
    ],
    [
      `order CPU per request, app / order floor <= ${TARGETS.orderCpuRatio}`,
      orderRatio <= TARGETS.orderCpuRatio,
      `${fmt(orderRatio, 2)} (${fmt(orders?.cpu, 3)} / ${fmt(ordersFloor?.cpu, 3)} ms)`,
    ],
    [
      `orders p99 < ${TARGETS.ordersP99} ms at ${ORDERS_RATE} req/s (rate >= ${minOrders})`,
      answered(orders) && orders.p99 < TARGETS.ordersP99 && orders.rps >= minOrders,
      `p99 ${fmt(orders?.p99, 1)} ms at ${fmt(orders?.rps, 0)} req/s`,
    ],
    [
      "every order run answer is a 201 (a new order, no replay), app and floor",
      answered(orders) &&
        orders.statusCodes === `201×${orders.total}` &&
        answered(ordersFloor) &&
        ordersFloor.statusCodes === `201×${ordersFloor.total}`,
      `${orders?.statusCodes || "no answers"}; floor ${ordersFloor?.statusCodes || "no answers"}`,
    ],
    [
      "no errors, no non-2xx answers",
      made.length === Object.keys(RUNS).length && failures.length === 0,
      made.length < Object.keys(RUNS).length
        ? `only ${made.length} of ${Object.keys(RUNS).length} runs made`
        : failures.length === 0
          ? "0 in every run"
          : failures
              .map((r) => `${r.label.replace(/\s+/g, " ")}: ${r.statusCodes || "no answers"}, ${r.errors} errors, ${r.timeouts} timeouts`)
              .join("; "),
    ],
  ];
  console.log("");
  for (const [name, ok, detail] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${name}: ${detail}`);
  const passed = checks.every(([, ok]) => ok);
  console.log(`\n${passed ? "PASS" : "FAIL"}: ${checks.filter(([, ok]) => ok).length}/${checks.length} targets met`);
  return passed;
}

const started = Date.now();
const runs: Partial<Record<RunKey, Run>> = {};
let completed = false;
try {
  await main(runs);
  completed = true;
} catch (error) {
  console.error("\n\nThe bench did not complete:", error instanceof Error ? (error.stack ?? error.message) : error);
}
const passed = report(runs, Date.now() - started);
process.exit(passed && completed ? 0 : 1);
