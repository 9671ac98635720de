import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { publicSitePrecache } from "./scripts/lib/precache";

const precache = publicSitePrecache();

export default defineConfig({
  plugins: [
    reactRouter(),
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
