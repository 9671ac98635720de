import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { publicSitePrecache } from "./scripts/lib/precache";

const precache = publicSitePrecache();

/**
 * Worker threads of the server (decision 090): each is emitted by the server build as a chunk of
 * its own, build/server/workers/<name>.js, bundled like the rest (the `~` alias, the same external
 * packages), and the marker string "SOFRA_SERVER_WORKER:<name>" in the server code becomes that
 * file's URL, relative to the chunk that uses it. Unbuilt (dev server, Vitest) the marker stays and
 * the code starts the TypeScript source through tsx instead.
 */
const SERVER_WORKERS: Record<string, string> = {
  "sales-csv": "app/modules/reports/sales-csv.worker.ts",
};

function serverWorkers(): Plugin {
  const refs = new Map<string, string>();
  return {
    name: "sofra-server-workers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      for (const [name, file] of Object.entries(SERVER_WORKERS)) {
        refs.set(name, this.emitFile({ type: "chunk", id: path.resolve(import.meta.dirname, file), fileName: `workers/${name}.js` }));
      }
    },
    transform(code) {
      if (!code.includes("SOFRA_SERVER_WORKER:")) return null;
      let found = false;
      const out = code.replace(/(["'])SOFRA_SERVER_WORKER:([a-z0-9-]+)\1/g, (whole, _quote, name: string) => {
        const ref = refs.get(name);
        if (!ref) return whole;
        found = true;
        return `import.meta.ROLLUP_FILE_URL_${ref}`;
      });
      return found ? { code: out, map: null } : null;
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouter(),
    serverWorkers(),
    precache.plugin,
    // Our own service worker (app/offline/sw.ts), built with Workbox's precache list.
    // Server rendering has no index.html: root.tsx links the manifest and
    // entry.client.tsx registers the worker (production only).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "app/offline",
      filename: "sw.ts",
      outDir: "build/client",
      injectRegister: false,
      manifestFilename: "manifest.webmanifest",
      includeManifestIcons: false,
      manifest: {
        id: "/app",
        name: "Sofra — Restoran Yönetimi",
        short_name: "Sofra",
        description: "Masalar, siparişler ve ödemeler; internet kesilse de sipariş almaya devam edin.",
        lang: "tr",
        dir: "ltr",
        start_url: "/app",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: "#b4381f",
        background_color: "#fbf7f2",
        categories: ["business", "food"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        globDirectory: "build/client",
        globPatterns: ["assets/**/*.{js,css}", "offline.html", "favicon.svg", "icons/*.png"],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Only the public site is precached; the restaurant app is cached from its first visit.
        manifestTransforms: [precache.manifestTransform],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  build: {
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
  },
  server: { port: 5173 },
});
