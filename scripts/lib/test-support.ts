// Shared by the Vitest global setup, the Playwright web server and the
// benchmarks: a freshly migrated database of our own, and the production server
// running against it.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { parseDatabaseUrl, withDatabase } from "../../app/utils/database-url.ts";
import { newVapidKeys, ROOT } from "./env-file.ts";
import { migrate } from "./migrations.ts";
import { ensureDatabase, recreateDatabase } from "./provision.ts";
import { startCommand } from "./start-command.ts";
import { TEST_HASH_ENV } from "./test-hash-env.ts";

export { TEST_HASH_ENV };

/** `<app database>_<suffix>`: the app user may create and drop these. */
export function siblingDatabaseUrl(baseUrl: string, suffix: string): string {
  return withDatabase(baseUrl, `${parseDatabaseUrl(baseUrl).database}_${suffix}`);
}

/**
 * Drops, re-creates and migrates a database, then seeds the plans (and the demo restaurant if asked).
 * Asynchronous all through (the seed runs in a child process), so several databases are made at once.
 */
export async function prepareDatabase(url: string, { demo = false }: { demo?: boolean } = {}) {
  try {
    // The app user owns `<app db>%` once `npm run setup` or `npm test` has provisioned it.
    await recreateDatabase(url);
  } catch {
    // A fresh machine: the user or its rights are missing; the administrator makes them.
    await ensureDatabase(url);
    await recreateDatabase(url);
  }
  await migrateTestDatabase(url);
  await seedDatabase(url, { demo });
}

/**
 * `migrate()` for a test's database. The runner's lock is server-wide and a full migration takes
 * seconds on a busy machine, so test files migrating at once (every worker's database, the drift
 * and migration-runner files' own) wait longer than `prisma migrate deploy`'s 10 s for each other.
 */
export function migrateTestDatabase(url: string, log?: (line: string) => void, dir?: string): Promise<string[]> {
  return migrate(url, log, dir, { lockWaitSeconds: 300 });
}

/** Runs prisma/seed.ts against `url` (plans and platform admin; the demo restaurant if asked). */
export function seedDatabase(url: string, { demo = false }: { demo?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "prisma/seed.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, SEED_DEMO: demo ? "true" : "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.once("error", reject);
    child.once("close", (status) => (status === 0 ? resolve() : reject(new Error(`Seeding ${url} failed (${status}):\n${output}`))));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  /** What the server wrote to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * What a test server needs for web push: a key pair of this run, and push to local http
 * endpoints allowed (the tests' own "push service"; decision 052).
 */
export function testPushEnv(): Record<string, string> {
  return { ...newVapidKeys(), VAPID_SUBJECT: "mailto:push-tests@sofra.local", PUSH_ALLOW_INSECURE_ENDPOINTS: "1" };
}

/**
 * Starts `node server.mjs` (the production build) and waits until it answers. `asNpmStart`: with
 * the variables and node flags of package.json's start script (a benchmark measuring the process
 * as it runs in service: its heap limit, its malloc arenas).
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  { asNpmStart = false }: { asNpmStart?: boolean } = {},
): Promise<RunningServer> {
  const listenPort = port ?? (await freePort());
  const start = asNpmStart ? startCommand() : { env: {}, nodeArgs: [] };
  const child = spawn(process.execPath, [...start.nodeArgs, "server.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: "production",
      COOKIE_SECURE: "false",
      ...TEST_HASH_ENV,
      ...testPushEnv(),
      ...env,
      PORT: String(listenPort),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => {
    output += d;
    if (process.env.SHOW_SERVER_LOG) process.stderr.write(d);
  });
  const baseUrl = `http://127.0.0.1:${listenPort}`;
  // Generous: several servers start at once on two loaded cores (the parallel integration tests).
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not start in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    process: child,
    log: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        // Exited already (a code, or a signal such as bench-live's SIGKILL): "exit" will not come again.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
