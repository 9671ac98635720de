// patches/react-router+7.18.4.patch (decision 098): React Router tries a path against each route
// branch with one whole-path regular expression before matching it level by level. Here, on
// Sofra's own route tree, the patched matcher (react-router's development build, the one Node
// loads) must answer exactly as React Router's own, unpatched code (its production build, the same
// source but for dev warnings) for every route's path and for paths that match nothing.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../app/routes.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const dist = path.join(ROOT, "node_modules/react-router/dist");
type ReactRouter = typeof import("react-router");
const load = async (file: string) => (await import(pathToFileURL(path.join(dist, file)).href)) as ReactRouter;
/** What Node loads for the server (ESM) and what a require() gets (the test runner's own import). */
const patchedBuilds: Record<string, ReactRouter> = {
  "development ESM": await load("development/index.mjs"),
  "development CommonJS": createRequire(import.meta.url)(path.join(dist, "development/index.js")) as ReactRouter,
};
const reference = await load("production/index.mjs");

/** The route tree as React Router builds it from app/routes.ts (ids as the framework gives them). */
function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((e) => {
    const id = e.id ?? e.file.replace(/\.[^.]+$/, "");
    const children = e.children ? toRouteObjects(e.children) : undefined;
    return e.index
      ? { id, index: true, caseSensitive: e.caseSensitive }
      : { id, path: e.path, caseSensitive: e.caseSensitive, ...(children ? { children } : {}) };
  });
}

const routes: RouteObject[] = [{ id: "root", path: "", children: toRouteObjects(routeConfig) }];

function fullPaths(list: RouteObject[], parent = ""): string[] {
  return list.flatMap((r) => {
    const here = r.path ? `${parent}/${r.path}` : parent;
    return [here || "/", ...(r.children ? fullPaths(r.children, here) : [])];
  });
}

/** Concrete addresses for a route path, with variants that must match the same way (or not at all). */
function addresses(pattern: string): string[] {
  const concrete = pattern.replace(/:[\w-]+/g, "42").replace(/\*$/, "a/b");
  const other = pattern.replace(/:[\w-]+/g, "%C3%A7ay").replace(/\*$/, "x");
  return [
    concrete,
    other,
    `${concrete}/`,
    `${concrete}//`,
    concrete.toUpperCase(),
    `${concrete}/extra`,
    `${concrete}/extra/more`,
    concrete.replace(/\/[^/]+$/, "/zz"),
    `/x${concrete}`,
    concrete.replace(/^\//, "//"),
  ];
}

const summary = (matches: ReturnType<ReactRouter["matchRoutes"]>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe("route matching with the whole-path check (decision 098)", () => {
  it("the development build Node loads carries the patch; the production build is React Router's own", () => {
    const patched = (dir: string) =>
      readdirSync(path.join(dist, dir))
        .filter((f) => /^chunk-\w+\.m?js$/.test(f))
        .some((f) => /function matchRoutesImpl[\s\S]{0,600}wholePathMatcher/.test(readFileSync(path.join(dist, dir, f), "utf8")));
    expect(patched("development")).toBe(true);
    expect(patched("production")).toBe(false);
  });

  // Every route's addresses and their variants, with React Router's own answers (computed once).
  const paths = [...new Set(fullPaths(routes).flatMap(addresses))];
  paths.push("/", "", "/nowhere", "/app", "/api", "/api/", "/admin", "/menu", "/menu/", "/app/x/y/z", "/a%2Fb");
  const expected = new Map(paths.map((p) => [p, JSON.stringify(summary(reference.matchRoutes(routes, p)))]));

  it.each([
    // The server's: every address.
    ["development ESM", 1],
    // The test runner's own import of react-router: every fourth.
    ["development CommonJS", 4],
  ] as const)(
    "%s answers as React Router's own matcher for the routes of app/routes.ts and the paths around them",
    { timeout: 60_000 },
    (build, every) => {
      const { matchRoutes } = patchedBuilds[build]!;
      const tried = paths.filter((_, i) => i % every === 0);
      expect(tried.length).toBeGreaterThan(1000 / every);
      let matched = 0;
      const differ: string[] = [];
      for (const p of tried) {
        const mine = JSON.stringify(summary(matchRoutes(routes, p)));
        if (mine !== expected.get(p)) differ.push(p);
        if (mine !== "null") matched += 1;
      }
      expect(differ).toEqual([]);
      // Most addresses reach a route (the catch-alls take many): the comparison is not of nulls.
      expect(matched).toBeGreaterThan(tried.length / 2);
    },
  );

  it("finds the screens the rush asks for", () => {
    const leaf = (p: string) => patchedBuilds["development ESM"]!.matchRoutes(routes, p)?.at(-1)?.route.id;
    expect(leaf("/app/staff")).toBe("routes/restaurant/staff-panel");
    expect(leaf("/app/admin")).toBe("routes/restaurant/manager-panel/route");
    expect(leaf("/app/payments")).toBe("app-payments");
    expect(leaf("/api/tables/7/payments")).toBe("routes/api/table-payments");
    expect(leaf("/app/nothing-here")).toBe("routes/restaurant/coming-soon");
    expect(leaf("/app/a/b")).toBe("routes/restaurant/not-found");
  });
});
