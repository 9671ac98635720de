// `npm run size` (after `npm run build`; `npm test` runs it): the budgets of issue 8.
// 1. The JavaScript a first load of each page downloads, raw and gzipped, from
//    the client manifest, against its budget (130 KB; order taking 128 KB).
// 2. Everything a first visit to the landing page transfers, service worker and
//    precache included, measured against the production server (300 KB), which runs on a
//    database of its own (`<app db>_size`, made and migrated here): the figure does not depend on
//    what a developer's database holds, and a fresh clone whose database is empty can measure it.
// Exits 1 when a budget is exceeded (order taking's only once it is no longer pending).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { ROOT } from "./lib/env-file.ts";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { dropDatabase } from "./lib/provision.ts";
import { prepareDatabase, siblingDatabaseUrl } from "./lib/test-support.ts";
import {
  checkBudgets,
  firstVisitFiles,
  gzipSize,
  LANDING_BUDGET_KB,
  ORDER_TAKING_BUDGET_KB,
  ORDER_TAKING_BUDGET_PENDING,
  ORDER_TAKING_ROUTE,
  pageAssetUrls,
  parseManifest,
  precacheEntries,
  routeSizes,
} from "./lib/js-size.ts";

/** 1 KB = 1000 bytes, as Vite prints sizes. */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const clientDir = path.join(ROOT, "build/client");
const assetsDir = path.join(clientDir, "assets");

let manifests: string[] = [];
try {
  manifests = readdirSync(assetsDir)
    .filter((f) => /^manifest-.*\.js$/.test(f))
    .map((f) => path.join(assetsDir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
} catch {
  // no build
}
if (manifests.length === 0) {
  console.error(`No React Router manifest in ${path.relative(ROOT, assetsDir)}/. Run \`npm run build\` first.`);
  process.exit(1);
}
if (manifests.length > 1) console.warn(`${manifests.length} manifests in the build; using the newest.`);
const manifestFile = manifests[0]!;
const manifest = parseManifest(readFileSync(manifestFile, "utf8"));

const cache = new Map<string, { raw: number; gzip: number }>();
function fileSize(href: string) {
  let size = cache.get(href);
  if (!size) {
    const file = path.join(clientDir, href.replace(/^\/+/, ""));
    const content = readFileSync(file);
    // What the server sends a client that takes gzip: the build's precompressed copy
    // (scripts/precompress.ts), else what gzip -9 would make of the file.
    size = { raw: content.length, gzip: existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSize(content) };
    cache.set(href, size);
  }
  return size;
}

const sizes = routeSizes(manifest, fileSize);
const resourceRoutes = Object.keys(manifest.routes).length - sizes.length;
const { checks, failed: pagesFailed } = checkBudgets(sizes);

const STATUS = { ok: "ok", over: "OVER", pending: "over (pending)" } as const;
const head = ["route id", "path", "files", "raw KB", "gzip KB", "budget KB", "status"];
const rows = checks.map((c) => [c.id, c.path, String(c.files), kb(c.raw), kb(c.gzip), String(c.budgetKb), STATUS[c.status]]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells
    .map((c, i) => (i < 2 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
    .join("  ")
    .trimEnd();

console.log(
  `JavaScript of a first page load, per route (${path.relative(ROOT, manifestFile)}; gzip as served, the build's Zopfli copies; 1 KB = 1000 bytes)\n`,
);
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) console.log(line(row));
console.log(`\n${sizes.length} page routes; ${resourceRoutes} resource routes (no default export, no JavaScript) left out.`);
if (ORDER_TAKING_BUDGET_PENDING) {
  console.log(
    `${ORDER_TAKING_ROUTE}: its ${ORDER_TAKING_BUDGET_KB} KB budget is pending (ORDER_TAKING_BUDGET_PENDING in scripts/lib/js-size.ts): printed, not enforced.`,
  );
}

// --- The landing page's first visit, from the production server -----------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The body bytes as they come over the wire (gzipped when the server gzips), and the encoding. */
function transfer(port: number, url: string): Promise<{ status: number; bytes: number; body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body, encoding: String(res.headers["content-encoding"] ?? "identity") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function measureLanding(databaseUrl: string): Promise<boolean> {
  const port = await freePort();
  const server = spawn(process.execPath, ["server.mjs"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, JOBS_WORKER: "off", PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (c) => (output += c));
  server.stderr.on("data", (c) => (output += c));
  try {
    const deadline = Date.now() + 90_000; // generous: the cores may be busy with other steps
    for (;;) {
      if (server.exitCode !== null) throw new Error(`The production server stopped:\n${output}`);
      try {
        if ((await transfer(port, "/healthz")).status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The production server did not start in 90 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const page = await transfer(port, "/");
    if (page.status !== 200) throw new Error(`GET / answered ${page.status}.`);
    const html = (page.encoding === "gzip" ? gunzipSync(page.body) : page.body).toString("utf8");
    const sw = readFileSync(path.join(clientDir, "sw.js"), "utf8");
    const files = firstVisitFiles("/", pageAssetUrls(html), "/sw.js", precacheEntries(sw));
    const measured = await Promise.all(files.map(async (f) => ({ ...f, ...(await transfer(port, f.url)) })));
    const broken = measured.filter((m) => m.status !== 200);
    if (broken.length > 0) throw new Error(`Not served: ${broken.map((m) => `${m.url} (${m.status})`).join(", ")}`);

    const total = measured.reduce((sum, m) => sum + m.bytes, 0);
    const byWhy = (why: string) => measured.filter((m) => m.why === why).reduce((sum, m) => sum + m.bytes, 0);
    const gzipped = measured.filter((m) => m.encoding === "gzip").length;
    console.log(
      `\nFirst visit to the landing page (production server, Accept-Encoding: gzip only, so a little more than a browser that takes
Brotli gets; response bodies as sent, headers left out;\n` +
        `each hashed file counted once, as the worker's precache reads it from the HTTP cache; files with a Workbox revision counted again)\n`,
    );
    for (const m of measured) console.log(`  ${kb(m.bytes).padStart(6)} KB  ${m.encoding.padEnd(8)}  ${m.why.padEnd(14)}  ${m.url}`);
    console.log(
      `\n  page ${kb(byWhy("page"))} KB + service worker ${kb(byWhy("service worker"))} KB + precache ${kb(byWhy("precache"))} KB ` +
        `= ${kb(total)} KB in ${measured.length} files (${gzipped} gzipped by the server)`,
    );
    const ok = total <= LANDING_BUDGET_KB * 1000;
    console.log(`  ${ok ? "ok" : "OVER"}: budget ${LANDING_BUDGET_KB} KB`);
    return ok;
  } finally {
    // Gone before its database is dropped.
    const exited = new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
    server.kill("SIGTERM");
    setTimeout(() => server.kill("SIGKILL"), 5000).unref();
    await exited;
  }
}

let landingOk = false;
loadEnvFile();
const sizeDatabaseUrl = siblingDatabaseUrl(requireDatabaseUrl(), "size");
try {
  await prepareDatabase(sizeDatabaseUrl);
  landingOk = await measureLanding(sizeDatabaseUrl);
} catch (error) {
  console.error(`\nThe landing page's first visit could not be measured: ${(error as Error).message}`);
} finally {
  await dropDatabase(sizeDatabaseUrl).catch(() => {});
}

console.log("\nBudgets");
const over = checks.filter((c) => c.status === "over");
console.log(
  over.length === 0
    ? `  PASS  every page within its JavaScript budget`
    : over.map((c) => `  FAIL  ${c.id} (${c.path}): ${kb(c.gzip)} KB gzipped, budget ${c.budgetKb} KB`).join("\n"),
);
for (const c of checks.filter((c) => c.status === "pending")) {
  console.log(`  PENDING  ${c.id} (${c.path}): ${kb(c.gzip)} KB gzipped, budget ${c.budgetKb} KB (not enforced yet)`);
}
console.log(`  ${landingOk ? "PASS" : "FAIL"}  first visit to the landing page within ${LANDING_BUDGET_KB} KB`);
process.exit(pagesFailed || !landingOk ? 1 : 0);
