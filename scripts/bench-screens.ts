// `npm run bench:screens` (issue 23: "screen loaders measured too"): the CPU each screen's data
// request and each hot API read costs the app, one kind at a time, against the production build
// (`npm start`'s flags) on a fresh demo database of its own (`<app db>_bench_screens`, dropped at
// the end). What the rush's mix is made of, in isolation: when bench:rush's CPU per phone-minute
// moves, this says which request moved it.
//
// Each kind: BENCH_SCREENS_WARMUP (300) requests, then BENCH_SCREENS_REQUESTS (1,500), four at a
// time over kept-alive connections, as the demo restaurant's owner (manager mode), a waiter or the
// kitchen; CPU from /proc/<pid>/stat over the measured requests. `GET /healthz` (Node's HTTP and
// Express, no session, no database) is the baseline: the ratios to it travel between machines
// better than milliseconds do. When MariaDB runs on this machine, its CPU over the same requests is
// shown too (other users of that server count in it). Informational: no targets, exits 1 only when a request fails.
import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { connect } from "./lib/migrations.ts";
import { dropDatabase } from "./lib/provision.ts";
import { prepareDatabase, siblingDatabaseUrl, startServer } from "./lib/test-support.ts";
import { cpuMs, databasePid } from "./lib/proc-cpu.ts";
import { getMany } from "./lib/http-load.ts";

loadEnvFile();
const count = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return v;
};
const WARMUP = count("BENCH_SCREENS_WARMUP", 300);
const REQUESTS = count("BENCH_SCREENS_REQUESTS", 1500);
const CONCURRENCY = 4;
const SESSION_SECRET = "bench-screens-session-secret-0123456789abcdef";

/** The demo restaurant's accounts (prisma/seed.ts). */
const DEMO = { owner: "demo@sofra.local", waiter: "garson1@sofra.local", kitchen: "mutfak@sofra.local" };

async function main() {
  const url = siblingDatabaseUrl(requireDatabaseUrl(), "bench_screens");
  console.log(`database ${new URL(url).pathname.slice(1)}: migrating and seeding the demo restaurant…`);
  await prepareDatabase(url, { demo: true });
  const db = await connect(url);
  const server = await startServer({ DATABASE_URL: url, SESSION_SECRET }, undefined, { asNpmStart: true });
  try {
    // Sessions written directly, as bench:rush does: the owner's in manager mode.
    const cookie = createCookie("__sofra_session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: false,
      secrets: [SESSION_SECRET],
    });
    const sessionOf = async (email: string, mode: "manager" | "staff") => {
      const [user] = (await db.query("SELECT id, restaurantId FROM users WHERE email = ?", [email])) as {
        id: number;
        restaurantId: number;
      }[];
      if (!user) throw new Error(`${email} is not in the demo data`);
      const token = randomBytes(32).toString("base64url");
      await db.query(
        "INSERT INTO sessions (tokenHash, userId, restaurantId, mode, managerSeenAt, expiresAt, lastSeenAt, createdAt) VALUES (?, ?, ?, ?, NOW(3), ?, NOW(3), NOW(3))",
        [createHash("sha256").update(token).digest("hex"), user.id, user.restaurantId, mode, new Date(Date.now() + 86_400_000)],
      );
      return (await cookie.serialize(token)).split(";")[0]!;
    };
    const owner = await sessionOf(DEMO.owner, "manager");
    const waiter = await sessionOf(DEMO.waiter, "staff");
    const kitchen = await sessionOf(DEMO.kitchen, "staff");
    const [row] = (await db.query(
      "SELECT MIN(t.number) AS occupied FROM tables t JOIN users u ON u.restaurantId = t.restaurantId WHERE u.email = ? AND t.status = 'occupied'",
      [DEMO.owner],
    )) as { occupied: number | null }[];
    const occupied = row?.occupied ?? null;

    const kinds: [string, string, string][] = [
      ["GET /healthz (baseline)", "/healthz", waiter],
      ["poll GET /api/tables", "/api/tables", waiter],
      ["GET /api/kitchen/ready", "/api/kitchen/ready", waiter],
      ["GET /api/kitchen/tickets", "/api/kitchen/tickets?status=recent", kitchen],
      ["screen /app/staff.data", "/app/staff.data?_routes=routes%2Frestaurant%2Fstaff-panel", waiter],
      ["screen /app/order-taking.data", "/app/order-taking.data?table=3&_routes=routes%2Frestaurant%2Forder-taking", waiter],
      ["screen /app/payments.data", `/app/payments.data?table=${occupied ?? 1}&_routes=app-payments`, waiter],
      ["screen /app/admin.data (owner)", "/app/admin.data", owner],
      ["GET /app/admin/figures (owner, live)", "/app/admin/figures", owner],
      ["screen /app/kitchen.data", "/app/kitchen.data?_routes=routes%2Frestaurant%2Fkitchen%2Froute", kitchen],
    ];

    const port = Number(new URL(server.baseUrl).port);
    const pid = server.process.pid!;
    const dbPid = databasePid();
    const run = (path: string, sessionCookie: string, n: number) =>
      getMany(port, path, { cookie: sessionCookie, accept: path.includes(".data") ? "*/*" : "application/json" }, n, CONCURRENCY);

    console.log(`${WARMUP} requests of warm-up, then ${REQUESTS} measured, ${CONCURRENCY} at a time, per kind\n`);
    console.log(`${"kind".padEnd(38)} CPU ms/req  × baseline   req/s  SQL/req  DB CPU ms/req`);
    /** Statements the database server has been sent (all its clients: this run's are most). */
    const questions = async () => {
      const [row] = (await db.query("SHOW GLOBAL STATUS LIKE 'Questions'")) as { Value: string }[];
      return Number(row?.Value ?? NaN);
    };
    let baseline = 0;
    let failed = false;
    for (const [name, path, sessionCookie] of kinds) {
      await run(path, sessionCookie, WARMUP);
      const cpu0 = cpuMs(pid);
      const db0 = dbPid === null ? NaN : cpuMs(dbPid);
      const q0 = await questions();
      const t0 = performance.now();
      const bad = await run(path, sessionCookie, REQUESTS);
      const perRequest = (cpuMs(pid) - cpu0) / REQUESTS;
      const dbPerRequest = dbPid === null ? NaN : (cpuMs(dbPid) - db0) / REQUESTS;
      const sqlPerRequest = ((await questions()) - q0 - 1) / REQUESTS;
      const rate = REQUESTS / ((performance.now() - t0) / 1000);
      if (baseline === 0) baseline = perRequest;
      const errors = bad.size ? `  not 200: ${[...bad].map(([s, n]) => `${s}×${n}`).join(" ")}` : "";
      if (bad.size) failed = true;
      console.log(
        `${name.padEnd(38)} ${perRequest.toFixed(3).padStart(10)}  ${(perRequest / baseline).toFixed(2).padStart(10)}  ${rate.toFixed(0).padStart(6)}  ${sqlPerRequest.toFixed(1).padStart(7)}  ${Number.isNaN(dbPerRequest) ? "-".padStart(13) : dbPerRequest.toFixed(3).padStart(13)}${errors}`,
      );
    }
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
    await db.end();
    await dropDatabase(url);
  }
}

await main();
