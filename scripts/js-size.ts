// `npm run size` (after `npm run build`): the JavaScript a first load of each
// page downloads, raw and gzipped, from the client manifest; then the budget of
// the waiters' order-taking screen, which is used on phones on restaurant Wi-Fi.
// Exits 1 when the budget is exceeded.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/env-file.ts";
import { gzipSize, parseManifest, routeSizes } from "./lib/js-size.ts";

const BUDGETS: { routeId: string; maxGzipKb: number }[] = [{ routeId: "routes/restaurant/order-taking", maxGzipKb: 150 }];

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
    const content = readFileSync(path.join(clientDir, href.replace(/^\/+/, "")));
    size = { raw: content.length, gzip: gzipSize(content) };
    cache.set(href, size);
  }
  return size;
}

const sizes = routeSizes(manifest, fileSize);
const resourceRoutes = Object.keys(manifest.routes).length - sizes.length;

const head = ["route id", "path", "files", "raw KB", "gzip KB"];
const rows = sizes.map((s) => [s.id, s.path, String(s.files), kb(s.raw), kb(s.gzip)]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");

console.log(`JavaScript of a first page load, per route (${path.relative(ROOT, manifestFile)}; gzip level 9; 1 KB = 1000 bytes)\n`);
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) console.log(line(row));
console.log(`\n${sizes.length} page routes; ${resourceRoutes} resource routes (no default export, no JavaScript) left out.`);

let failed = false;
console.log("\nBudgets");
for (const { routeId, maxGzipKb } of BUDGETS) {
  const size = sizes.find((s) => s.id === routeId);
  if (!size) {
    console.log(`  ${routeId}: not in the build yet, nothing checked (budget ${maxGzipKb} KB gzipped).`);
    continue;
  }
  const ok = size.gzip <= maxGzipKb * 1000;
  if (!ok) failed = true;
  console.log(
    `  ${ok ? "PASS" : "FAIL"}  ${routeId} (${size.path}): ${kb(size.gzip)} KB gzipped ` +
      `(${kb(size.raw)} KB raw, ${size.files} files), budget ${maxGzipKb} KB`,
  );
}
process.exit(failed ? 1 : 0);
