// What a first page load of each route downloads in JavaScript, read from the
// React Router client manifest (build/client/assets/manifest-*.js). Used by
// scripts/js-size.ts (`npm run size`); pure functions, tested in scripts/js-size.test.ts.
import { gzipSync } from "node:zlib";

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
  // With future.v8_splitRouteModules, a route's client exports may come in chunks of their own.
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

export interface ClientManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const PREFIX = /^\s*window\.__reactRouterManifest\s*=\s*/;

/** Parses the text of manifest-*.js: `window.__reactRouterManifest={...};`. */
export function parseManifest(text: string): ClientManifest {
  if (!PREFIX.test(text)) throw new Error("Not a React Router manifest: no `window.__reactRouterManifest=`.");
  const json = text.replace(PREFIX, "").trim().replace(/;$/, "");
  let manifest: unknown;
  try {
    manifest = JSON.parse(json);
  } catch (error) {
    throw new Error(`The React Router manifest is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const m = manifest as Partial<ClientManifest> | null;
  if (!m || typeof m.entry?.module !== "string" || !Array.isArray(m.entry.imports) || typeof m.routes !== "object" || !m.routes) {
    throw new Error("The React Router manifest has no entry {module, imports} or no routes.");
  }
  return m as ClientManifest;
}

/** The route and its parents, root first. */
export function routeChain(manifest: ClientManifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  const seen = new Set<string>();
  for (let id: string | undefined = routeId; id !== undefined;) {
    const route: ManifestRoute | undefined = manifest.routes[id];
    if (!route) {
      throw new Error(id === routeId ? `No route ${routeId} in the manifest.` : `Route ${routeId} has an unknown parent ${id}.`);
    }
    if (seen.has(id)) throw new Error(`The parents of ${routeId} loop back to ${id}.`);
    seen.add(id);
    chain.unshift(route);
    id = route.parentId;
  }
  return chain;
}

/** The URL path of a route: its own path and its parents', joined ("/" for the root and index routes on it). */
export function routeUrlPath(manifest: ClientManifest, routeId: string): string {
  const segments = routeChain(manifest, routeId)
    .map((r) => (r.path ?? "").replace(/^\/+|\/+$/g, ""))
    .filter(Boolean);
  return `/${segments.join("/")}`;
}

/**
 * The JavaScript files a first load of the route downloads, unique, in load
 * order: the client entry and its imports, then for every route from the root
 * down to this one its module, its split chunks and their imports (what
 * React Router's <Scripts> preloads and imports). CSS is left out.
 */
export function routeFiles(manifest: ClientManifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of routeChain(manifest, routeId)) {
    const chunks = [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ];
    for (const file of chunks) if (file) files.add(file);
  }
  return [...files];
}

/** Bytes of the file gzipped at level 9 (what a server that compresses would send, at most). */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

export interface RouteSize {
  id: string;
  path: string;
  files: number;
  raw: number;
  gzip: number;
}

/**
 * Sizes of every page route (resource routes, which have no default export,
 * never load JavaScript), biggest gzipped first. `fileSize` gives the raw and
 * gzipped bytes of a manifest href.
 */
export function routeSizes(manifest: ClientManifest, fileSize: (href: string) => { raw: number; gzip: number }): RouteSize[] {
  return Object.values(manifest.routes)
    .filter((r) => r.hasDefaultExport !== false)
    .map((r) => {
      const files = routeFiles(manifest, r.id);
      const sizes = files.map(fileSize);
      return {
        id: r.id,
        path: routeUrlPath(manifest, r.id),
        files: files.length,
        raw: sizes.reduce((sum, s) => sum + s.raw, 0),
        gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
      };
    })
    .sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id));
}

// ---------------------------------------------------------------------------
// Budgets (issue 8). 1 KB = 1000 bytes, gzipped.

/** No page may load more JavaScript than this on a first visit. */
export const PAGE_BUDGET_KB = 130;
/** The waiters' screen, used on phones over restaurant Wi-Fi, gets a tighter one. */
export const ORDER_TAKING_ROUTE = "routes/restaurant/order-taking";
// 127 since issue 20 (decision 021's addendum): every page now carries the connection-error
// middleware and notice, and the app layout the plan-change confirmation; order taking the owner's
// categories and the conflict re-apply. Measured 125.9 KB after them. 128 since issue 21 (the
// second addendum): the line notes and the guest count, which must render without JavaScript.
export const ORDER_TAKING_BUDGET_KB = 128;
/**
 * While true, order taking's budget is printed but not enforced. False since the
 * build serves Zopfli-compressed copies (decision 031): `npm run size` (and so
 * `npm test`) fails above ORDER_TAKING_BUDGET_KB.
 */
export const ORDER_TAKING_BUDGET_PENDING = false;
/** A first visit to the landing page: HTML, CSS, JavaScript, the service worker and its precache. */
export const LANDING_BUDGET_KB = 300;

export interface Budget {
  maxGzipKb: number;
  /** Printed but not enforced (see ORDER_TAKING_BUDGET_PENDING). */
  pending: boolean;
}

/** The budget of a page route. */
export function budgetFor(routeId: string, orderTakingPending = ORDER_TAKING_BUDGET_PENDING): Budget {
  if (routeId === ORDER_TAKING_ROUTE) return { maxGzipKb: ORDER_TAKING_BUDGET_KB, pending: orderTakingPending };
  return { maxGzipKb: PAGE_BUDGET_KB, pending: false };
}

export type BudgetStatus = "ok" | "over" | "pending";

export interface BudgetCheck extends RouteSize {
  budgetKb: number;
  status: BudgetStatus;
}

/** Each page with its budget: "ok", "over" (fails the step) or "pending" (over, but not enforced yet). */
export function checkBudgets(
  sizes: RouteSize[],
  budget: (routeId: string) => Budget = (id) => budgetFor(id),
): { checks: BudgetCheck[]; failed: boolean } {
  const checks = sizes.map((size) => {
    const { maxGzipKb, pending } = budget(size.id);
    const over = size.gzip > maxGzipKb * 1000;
    const status: BudgetStatus = !over ? "ok" : pending ? "pending" : "over";
    return { ...size, budgetKb: maxGzipKb, status };
  });
  return { checks, failed: checks.some((c) => c.status === "over") };
}

// ---------------------------------------------------------------------------
// The landing page's first visit.

/** `<link rel>` values the browser fetches on load. */
const FETCHED_RELS = new Set(["stylesheet", "modulepreload", "preload", "icon", "apple-touch-icon", "manifest"]);

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i").exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The same-origin files an HTML page makes the browser fetch on load, each once,
 * without fragments: linked styles, preloads, icons and the web manifest,
 * scripts and the modules imported by inline scripts, images and SVG sprites.
 */
export function pageAssetUrls(html: string): string[] {
  const urls = new Set<string>();
  const add = (url: string | undefined) => {
    if (!url || !url.startsWith("/") || url.startsWith("//")) return;
    urls.add(url.replace(/#.*$/, ""));
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rels = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    if (rels.some((r) => FETCHED_RELS.has(r))) add(attribute(tag, "href"));
  }
  for (const [tag] of html.matchAll(/<(?:script|img)\b[^>]*>/gi)) add(attribute(tag, "src"));
  for (const [tag] of html.matchAll(/<use\b[^>]*>/gi)) add(attribute(tag, "href") ?? attribute(tag, "xlink:href"));
  for (const match of html.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g)) add(match[1] ?? match[2]);
  return [...urls];
}

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The precache manifest Workbox injected into the built service worker. */
export function precacheEntries(serviceWorker: string): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [];
  for (const match of serviceWorker.matchAll(/\{"revision":(null|"[^"]*"),"url":"([^"]+)"\}/g)) {
    entries.push({ url: `/${match[2]!.replace(/^\/+/, "")}`, revision: match[1] === "null" ? null : JSON.parse(match[1]!) });
  }
  if (entries.length === 0) throw new Error("No precache manifest in the service worker (was it built with injectManifest?).");
  return entries;
}

export interface TransferItem {
  url: string;
  why: "page" | "service worker" | "precache";
}

/**
 * What a first visit to a page downloads: the page and what it loads, the
 * service worker, and the worker's precache. Files with a hash in their name
 * (Workbox revision null) are fetched by the worker through the HTTP cache, so
 * one the page already loaded is not downloaded again; files with a revision are
 * fetched again by the worker (`cache: "reload"`, `?__WB_REVISION__=`).
 */
export function firstVisitFiles(
  pageUrl: string,
  pageAssets: string[],
  serviceWorkerUrl: string,
  precache: PrecacheEntry[],
): TransferItem[] {
  const items: TransferItem[] = [];
  const seen = new Set<string>();
  const push = (url: string, why: TransferItem["why"]) => {
    if (seen.has(url)) return;
    seen.add(url);
    items.push({ url, why });
  };
  push(pageUrl, "page");
  for (const url of pageAssets) push(url, "page");
  push(serviceWorkerUrl, "service worker");
  for (const entry of precache) {
    if (entry.revision === null) push(entry.url, "precache");
    else items.push({ url: `${entry.url}?__WB_REVISION__=${entry.revision}`, why: "precache" });
  }
  return items;
}
