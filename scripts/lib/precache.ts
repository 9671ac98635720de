// What the service worker precaches: the public site only (the landing page,
// pricing, signup, login), so that one visit to the landing page does not
// download the whole restaurant app. The app's files are cached from its first
// visit instead (useKeepForOffline in app/offline/offline-client.ts warms them).
// Used by vite.config.ts.
import type { Plugin } from "vite";

/** Source modules whose chunks make up the public site: the client entry, the root route and routes/site/*. */
export const isPublicSource = (id: string) => /\/app\/(entry\.client|root)\.tsx(\?|$)|\/app\/routes\/site\/[^/]+\.tsx(\?|$)/.test(id);

interface ChunkLike {
  type: "chunk" | "asset";
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

/** The files of a client bundle the public site loads: its chunks, what they import statically, and their CSS. */
export function publicFiles(bundle: Record<string, ChunkLike>): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk") return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === "chunk" && chunk.facadeModuleId && isPublicSource(chunk.facadeModuleId)) visit(chunk.fileName);
  }
  return files;
}

/** Source modules of the platform-admin zone: no restaurant's phone needs them offline. */
export const isAdminSource = (id: string) => /\/app\/routes\/admin\//.test(id);

/** The files of the bundle the public site does not load: the restaurant app's chunks and CSS (not the admin zone's own). */
export function appFiles(bundle: Record<string, ChunkLike>, publicSet: Set<string>): string[] {
  const adminOnly = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== "chunk" || !chunk.facadeModuleId || !isAdminSource(chunk.facadeModuleId)) continue;
    adminOnly.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) adminOnly.add(css);
  }
  return Object.values(bundle)
    .map((f) => f.fileName)
    .filter((f) => /^assets\/.+\.(js|css)$/.test(f) && !publicSet.has(f) && !adminOnly.has(f))
    .sort();
}

/** Where the app's file list is served from (see server.mjs: revalidated, never cached long). */
export const APP_ASSETS_FILE = "app-assets.json";

/**
 * A Vite plugin that records the public site's files of the client build and
 * writes the list of the others (app-assets.json, which the service worker
 * fetches on the app's first visit), and the Workbox manifest transform that
 * keeps only the public site's hashed assets (the offline page and icons stay).
 */
export function publicSitePrecache() {
  let files: Set<string> | undefined;
  const plugin: Plugin = {
    name: "sofra:public-site-precache",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment?.name && this.environment.name !== "client") return;
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      files = publicFiles(chunks);
      const app = appFiles(chunks, files).map((f) => `/${f}`);
      this.emitFile({ type: "asset", fileName: APP_ASSETS_FILE, source: `${JSON.stringify(app)}\n` });
    },
  };
  const manifestTransform = async <E extends { url: string }>(entries: E[]) => {
    if (!files) throw new Error("The public site's files were not recorded: is the sofra:public-site-precache plugin in the client build?");
    const keep = files;
    return { manifest: entries.filter((e) => !e.url.startsWith("assets/") || keep.has(e.url)), warnings: [] as string[] };
  };
  return { plugin, manifestTransform };
}
