// `npm test`: everything, from a fresh clone: types, lint and formatting, production build,
// budgets, unit, domain and integration tests (real MariaDB, real servers), the offline bench's
// smoke run, then the browser tests. Every database a step uses is made and migrated by that
// step (`<db>_size`, `<db>_domain_N`, `<db>_test_N`, `<db>_benchoffline`, `<db>_e2e`).
import { spawn, spawnSync } from "node:child_process";
import { ensureEnvFile, ROOT } from "./lib/env-file.ts";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { ensureDatabase } from "./lib/provision.ts";

const started = Date.now();
const timings: [string, number][] = [];

function step(name: string, command: string, args: string[]) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: process.env });
  timings.push([name, Date.now() - t]);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs checks side by side, two at a time (the machines have two cores): each one's output is
 * printed whole once it ends, and any failure fails the run after all have ended.
 */
async function parallelSteps(steps: [name: string, command: string, args: string[], env?: Record<string, string>][]) {
  const failed: string[] = [];
  const queue = [...steps];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, command, args, env] = next;
      const t = Date.now();
      const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      const chunks: Buffer[] = [];
      child.stdout.on("data", (c: Buffer) => chunks.push(c));
      child.stderr.on("data", (c: Buffer) => chunks.push(c));
      const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
      timings.push([name, Date.now() - t]);
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(chunks));
      if (status !== 0) {
        console.error(`\n✖ ${name} failed`);
        failed.push(name);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (failed.length > 0) process.exit(1);
}

ensureEnvFile(console.log);
loadEnvFile();
await ensureDatabase(requireDatabaseUrl(), console.log);

// Two cores: every phase keeps two things running (decision 073). The build is the long pole of
// the first phase, so the checks and the fast tests (unit, domain) run beside it. Then the browser
// tests (the longest step) start at once beside the integration files (three at a time against
// their own servers), which the budgets and the offline bench's smoke run follow: both steps spend
// most of their time waiting on servers, MariaDB and timers, not on the cores (measured in 073's
// addendum), so side by side they take little longer than the browser tests alone.
step("typecheck", "npx", ["react-router", "typegen"]);
await parallelSteps([
  ["build (icons, app, service worker)", "npm", ["run", "build"]],
  ["tsc", "npx", ["tsc"]],
  ["lint (ESLint)", "npx", ["eslint", "."]],
  ["format (Prettier --check)", "npx", ["prettier", "--check", "."]],
  ["tsc (service worker)", "npx", ["tsc", "-p", "tsconfig.sw.json"]],
  ["vitest (unit + domain)", "npx", ["vitest", "run", "--project", "unit", "--project", "domain"]],
]);
await parallelSteps([
  ["playwright (e2e, JavaScript on and off)", "npx", ["playwright", "test"]],
  ["vitest (integration, one server and database per worker)", "npx", ["vitest", "run", "--project", "integration"]],
  ["budgets (JavaScript per page, first visit to the landing page)", "npx", ["tsx", "scripts/js-size.ts"]],
  ["offline sync smoke run (bench:offline, 20 orders)", "npx", ["tsx", "scripts/bench-offline.ts"], { BENCH_ORDERS: "20" }],
]);

console.log("\nTimings:");
for (const [name, ms] of timings) console.log(`  ${name.padEnd(42)} ${(ms / 1000).toFixed(1)} s`);
console.log(`  ${"total".padEnd(42)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
