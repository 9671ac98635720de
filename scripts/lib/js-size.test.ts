import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  budgetFor,
  checkBudgets,
  firstVisitFiles,
  gzipSize,
  ORDER_TAKING_ROUTE,
  pageAssetUrls,
  parseManifest,
  precacheEntries,
  routeChain,
  routeFiles,
  routeSizes,
  routeUrlPath,
  type ClientManifest,
  type RouteSize,
} from "./js-size.ts";

const manifest: ClientManifest = {
  entry: { module: "/assets/entry.client.js", imports: ["/assets/jsx-runtime.js", "/assets/chunk-router.js"] },
  routes: {
    root: {
      id: "root",
      path: "",
      hasDefaultExport: true,
      module: "/assets/root.js",
      imports: ["/assets/jsx-runtime.js", "/assets/chunk-router.js"],
      css: ["/assets/root.css"],
    },
    "routes/site/layout": {
      id: "routes/site/layout",
      parentId: "root",
      hasDefaultExport: true,
      module: "/assets/site-layout.js",
      imports: ["/assets/chunk-router.js"],
    },
    "routes/site/home": {
      id: "routes/site/home",
      parentId: "routes/site/layout",
      index: true,
      hasDefaultExport: true,
      module: "/assets/home.js",
      imports: ["/assets/landing.js"],
    },
    "routes/restaurant/layout": {
      id: "routes/restaurant/layout",
      parentId: "root",
      hasDefaultExport: true,
      module: "/assets/restaurant-layout.js",
      imports: ["/assets/app-header.js"],
    },
    "routes/restaurant/order-taking": {
      id: "routes/restaurant/order-taking",
      parentId: "routes/restaurant/layout",
      path: "app/order-taking",
      hasDefaultExport: true,
      module: "/assets/order-taking.js",
      clientLoaderModule: "/assets/order-taking-client-loader.js",
      imports: ["/assets/app-header.js", "/assets/idb.js"],
      css: ["/assets/order-taking.css"],
    },
    "routes/api/tables": {
      id: "routes/api/tables",
      parentId: "root",
      path: "api/tables",
      hasDefaultExport: false,
      module: "/assets/tables-empty.js",
      imports: [],
    },
  },
};

describe("parseManifest", () => {
  it("reads the object assigned to window.__reactRouterManifest", () => {
    const text = `window.__reactRouterManifest=${JSON.stringify(manifest)};`;
    expect(parseManifest(text)).toEqual(manifest);
    expect(parseManifest(`window.__reactRouterManifest = ${JSON.stringify(manifest)}\n`)).toEqual(manifest);
  });

  it("refuses anything else", () => {
    expect(() => parseManifest(JSON.stringify(manifest))).toThrow(/__reactRouterManifest/);
    expect(() => parseManifest("window.__reactRouterManifest={entry:1};")).toThrow(/not JSON/);
    expect(() => parseManifest('window.__reactRouterManifest={"routes":{}};')).toThrow(/no entry/);
  });
});

describe("routeChain", () => {
  it("lists the route's parents, root first", () => {
    expect(routeChain(manifest, "routes/restaurant/order-taking").map((r) => r.id)).toEqual([
      "root",
      "routes/restaurant/layout",
      "routes/restaurant/order-taking",
    ]);
    expect(routeChain(manifest, "root").map((r) => r.id)).toEqual(["root"]);
  });

  it("fails on an unknown route, an unknown parent or a loop", () => {
    expect(() => routeChain(manifest, "routes/nope")).toThrow(/No route routes\/nope/);
    const orphan: ClientManifest = {
      ...manifest,
      routes: { child: { id: "child", parentId: "gone", module: "/assets/child.js" } },
    };
    expect(() => routeChain(orphan, "child")).toThrow(/unknown parent gone/);
    const loop: ClientManifest = {
      ...manifest,
      routes: {
        a: { id: "a", parentId: "b", module: "/assets/a.js" },
        b: { id: "b", parentId: "a", module: "/assets/b.js" },
      },
    };
    expect(() => routeChain(loop, "a")).toThrow(/loop/);
  });
});

describe("routeFiles", () => {
  it("collects the entry and every route from the root down, each file once, no CSS", () => {
    expect(routeFiles(manifest, "routes/restaurant/order-taking")).toEqual([
      "/assets/entry.client.js",
      "/assets/jsx-runtime.js",
      "/assets/chunk-router.js",
      "/assets/root.js",
      "/assets/restaurant-layout.js",
      "/assets/app-header.js",
      "/assets/order-taking.js",
      "/assets/order-taking-client-loader.js",
      "/assets/idb.js",
    ]);
  });

  it("does not take files of sibling branches", () => {
    const files = routeFiles(manifest, "routes/site/home");
    expect(files).toContain("/assets/landing.js");
    expect(files).toContain("/assets/site-layout.js");
    expect(files).not.toContain("/assets/restaurant-layout.js");
    expect(files).not.toContain("/assets/order-taking.js");
  });
});

describe("routeUrlPath", () => {
  it("joins the paths of the chain", () => {
    expect(routeUrlPath(manifest, "routes/restaurant/order-taking")).toBe("/app/order-taking");
    expect(routeUrlPath(manifest, "routes/site/home")).toBe("/");
    expect(routeUrlPath(manifest, "root")).toBe("/");
  });
});

describe("routeSizes", () => {
  it("sums the files of every page route, biggest first, without resource routes", () => {
    // Every file weighs 100 bytes raw, 10 gzipped, except idb.js.
    const size = (href: string) => (href === "/assets/idb.js" ? { raw: 5000, gzip: 2000 } : { raw: 100, gzip: 10 });
    const sizes = routeSizes(manifest, size);
    expect(sizes.map((s) => s.id)).toEqual([
      "routes/restaurant/order-taking",
      "routes/site/home",
      "routes/restaurant/layout",
      "routes/site/layout",
      "root",
    ]);
    expect(sizes[0]).toEqual({
      id: "routes/restaurant/order-taking",
      path: "/app/order-taking",
      files: 9,
      raw: 8 * 100 + 5000,
      gzip: 8 * 10 + 2000,
    });
    expect(sizes.find((s) => s.id === "root")).toMatchObject({ files: 4, raw: 400, gzip: 40 });
  });
});

describe("gzipSize", () => {
  it("is the length of the file gzipped at level 9", () => {
    const text = "export const a = 1;\n".repeat(200);
    const size = gzipSize(text);
    expect(size).toBe(gzipSync(text, { level: 9 }).length);
    expect(size).toBeLessThan(text.length / 10);
    expect(gzipSize(Buffer.from(text))).toBe(size);
  });
});

describe("budgets", () => {
  const size = (id: string, gzip: number): RouteSize => ({ id, path: `/${id}`, files: 1, raw: gzip * 3, gzip });

  it("gives every page 130 KB and order taking 128 KB", () => {
    expect(budgetFor("routes/site/login")).toEqual({ maxGzipKb: 130, pending: false });
    expect(budgetFor(ORDER_TAKING_ROUTE, false)).toEqual({ maxGzipKb: 128, pending: false });
    expect(budgetFor(ORDER_TAKING_ROUTE, true)).toEqual({ maxGzipKb: 128, pending: true });
    expect(budgetFor("routes/site/login", true).pending).toBe(false);
  });

  it("fails a page over its budget, by a single byte, and passes one exactly at it", () => {
    const { checks, failed } = checkBudgets([size("routes/site/login", 130_001), size("routes/site/home", 130_000)], (id) =>
      budgetFor(id, false),
    );
    expect(checks.map((c) => [c.id, c.budgetKb, c.status])).toEqual([
      ["routes/site/login", 130, "over"],
      ["routes/site/home", 130, "ok"],
    ]);
    expect(failed).toBe(true);
    expect(checkBudgets([size("routes/site/home", 130_000)]).failed).toBe(false);
  });

  it("holds order taking to its budget once it is no longer pending", () => {
    const sizes = [size(ORDER_TAKING_ROUTE, 128_001), size("routes/site/home", 120_000)];
    const enforced = checkBudgets(sizes, (id) => budgetFor(id, false));
    expect(enforced.failed).toBe(true);
    expect(enforced.checks[0]!.status).toBe("over");
    const pending = checkBudgets(sizes, (id) => budgetFor(id, true));
    expect(pending.failed).toBe(false);
    expect(pending.checks[0]!.status).toBe("pending");
    // Pending only spares order taking.
    expect(checkBudgets([size(ORDER_TAKING_ROUTE, 124_000), size("routes/site/login", 131_000)], (id) => budgetFor(id, true)).failed).toBe(
      true,
    );
    expect(checkBudgets([size(ORDER_TAKING_ROUTE, 124_000)], (id) => budgetFor(id, false)).checks[0]!.status).toBe("ok");
  });
});

describe("pageAssetUrls", () => {
  const html = `<!DOCTYPE html><html><head>
    <link nonce="n" rel="stylesheet" href="/assets/root-1.css"/>
    <link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>
    <link rel="manifest" href='/manifest.webmanifest'/>
    <link rel="preconnect" href="https://fonts.example"/>
    <link rel="canonical" href="/"/>
    <link rel="stylesheet" href="https://cdn.example/x.css"/>
    <link rel="stylesheet" href="//cdn.example/y.css"/>
    </head><body>
    <a href="/pricing">Fiyatlar</a>
    <svg><use href="/assets/sprite-1.svg#utensils"></use></svg><svg><use href="/assets/sprite-1.svg#coffee"></use></svg>
    <img src="/images/hero.webp" alt=""/>
    <script nonce="n" type="module" async="">import "/assets/manifest-1.js"; import("/assets/entry.client-1.js");</script>
    <script src="/assets/legacy.js"></script>
    </body></html>`;

  it("lists what the browser fetches on load, same origin only, each once, without fragments", () => {
    expect(pageAssetUrls(html)).toEqual([
      "/assets/root-1.css",
      "/assets/entry.client-1.js",
      "/favicon.svg",
      "/icons/apple-touch-icon.png",
      "/manifest.webmanifest",
      "/images/hero.webp",
      "/assets/legacy.js",
      "/assets/sprite-1.svg",
      "/assets/manifest-1.js",
    ]);
  });
});

describe("precacheEntries", () => {
  it("reads Workbox's injected manifest from the built worker", () => {
    const sw = 'const x=1;Ge([{"revision":null,"url":"assets/root-1.js"},{"revision":"abc123","url":"offline.html"}]);';
    expect(precacheEntries(sw)).toEqual([
      { url: "/assets/root-1.js", revision: null },
      { url: "/offline.html", revision: "abc123" },
    ]);
  });

  it("refuses a worker without a manifest", () => {
    expect(() => precacheEntries("self.addEventListener('fetch', () => {})")).toThrow(/No precache manifest/);
  });
});

describe("firstVisitFiles", () => {
  it("counts hashed files once, and files with a revision again with Workbox's query", () => {
    const files = firstVisitFiles("/", ["/assets/root-1.js", "/favicon.svg"], "/sw.js", [
      { url: "/assets/root-1.js", revision: null },
      { url: "/assets/login-1.js", revision: null },
      { url: "/favicon.svg", revision: "f00" },
    ]);
    expect(files).toEqual([
      { url: "/", why: "page" },
      { url: "/assets/root-1.js", why: "page" },
      { url: "/favicon.svg", why: "page" },
      { url: "/sw.js", why: "service worker" },
      { url: "/assets/login-1.js", why: "precache" },
      { url: "/favicon.svg?__WB_REVISION__=f00", why: "precache" },
    ]);
  });
});
