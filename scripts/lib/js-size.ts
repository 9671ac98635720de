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
  for (let id: string | undefined = routeId; id !== undefined; ) {
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
export function routeSizes(
  manifest: ClientManifest,
  fileSize: (href: string) => { raw: number; gzip: number },
): RouteSize[] {
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
