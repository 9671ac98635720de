// `npm test`: everything, from a fresh clone: types, lint and formatting, production build,
// budgets, unit, domain and integration tests (real MariaDB, real servers), the offline bench's
// smoke run, and the browser tests. Every database a step uses is made and migrated by that
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

type Step = [name: string, command: string, args: string[], env?: Record<string, string>];

const failed: string[] = [];
/** What a failed step printed that names the failure, repeated at the very end (CI shows the tail). */
const digests: string[] = [];

/** Vitest's and Playwright's lines naming a failed test, then the lines saying why, at most 60. */
const FAILED_TEST = /(\bFAIL\b|✘|×|Test Files|Tests {2}|\d+ failed|\d+ flaky)/;
const WHY =
  /(AssertionError|Error:|Expected|Received|timed out|Timeout|What the page saw|page error:|console error:|^ *5\d\d (GET|POST|PUT|PATCH|DELETE) )/;

function failureDigest(output: string): string[] {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const named = lines.filter((line) => FAILED_TEST.test(line)).slice(0, 30);
  const why = lines.filter((line) => WHY.test(line) && !FAILED_TEST.test(line)).slice(0, 60 - named.length);
  return [...named, ...why];
}

/**
 * Runs steps one after another in a lane of its own; each one's output is printed whole once it
 * ends. Resolves true when every step of the lane passed. A lane stops at its first failure, unless
 * its steps do not depend on each other (`keepGoing`: every check reports).
 */
async function lane(steps: Step[], { keepGoing = false } = {}): Promise<boolean> {
  let ok = true;
  for (const [name, command, args, env] of steps) {
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
      digests.push(`── ${name}`, ...failureDigest(Buffer.concat(chunks).toString("utf8")));
      ok = false;
      if (!keepGoing) break;
    }
  }
  return ok;
}

ensureEnvFile(console.log);
loadEnvFile();
await ensureDatabase(requireDatabaseUrl(), console.log);

// Two cores, and every step CPU-bound or waiting on servers (decisions 073 and its addenda): the
// build runs beside the checks (tsc, ESLint, Prettier, unit and domain tests); once it is done the
// browser tests and the integration files (three at a time against their own servers) start at
// once, beside whatever checks are left. The browser tests are followed by the budgets and the
// offline bench's smoke run. The integration files are the longest lane, so nothing waits for a
// "phase" to end: the cores stay busy until the last lane ends.
step("typecheck", "npx", ["react-router", "typegen"]);
const checks = lane(
  [
    ["tsc", "npx", ["tsc"]],
    ["lint (ESLint)", "npx", ["eslint", "."]],
    ["format (Prettier --check)", "npx", ["prettier", "--check", "."]],
    ["tsc (service worker)", "npx", ["tsc", "-p", "tsconfig.sw.json"]],
    ["vitest (unit + domain)", "npx", ["vitest", "run", "--project", "unit", "--project", "domain"]],
  ],
  { keepGoing: true },
);
const built = await lane([["build (icons, app, service worker)", "npm", ["run", "build"]]]);
if (built) {
  await Promise.all([
    checks,
    lane([["vitest (integration, one server and database per worker)", "npx", ["vitest", "run", "--project", "integration"]]]),
    lane([
      ["playwright (e2e, JavaScript on and off)", "npx", ["playwright", "test"]],
      ["budgets (JavaScript per page, first visit to the landing page)", "npx", ["tsx", "scripts/js-size.ts"]],
      ["offline sync smoke run (bench:offline, 20 orders)", "npx", ["tsx", "scripts/bench-offline.ts"], { BENCH_ORDERS: "20" }],
    ]),
  ]);
} else {
  await checks;
}

console.log("\nTimings:");
for (const [name, ms] of timings) console.log(`  ${name.padEnd(42)} ${(ms / 1000).toFixed(1)} s`);
console.log(`  ${"total".padEnd(42)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failed.length > 0) {
  console.error("\nWhat failed (the lines that say so, repeated from above):");
  for (const line of digests) console.error(`  ${line}`);
  console.error(`\n✖ failed: ${failed.join(", ")}`);
  process.exit(1);
}
