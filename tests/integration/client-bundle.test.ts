// Zod stays on the server (decision 018): the pages with forms validate in
// their actions and get only the constraints from their loaders. This reads
// the production build's client manifest and every file a first load of those
// pages downloads, and looks for zod in them.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseManifest, routeFiles } from "../../scripts/lib/js-size.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIENT = path.join(ROOT, "build/client");

/** Every zod schema class is made by `$constructor("$ZodType", …)`: the name is a string, so it survives minification. */
const ZOD_MARKER = '"$ZodType"';

const FORM_PAGES = [
  "routes/site/login",
  "routes/site/signup",
  "routes/restaurant/entry",
  "routes/restaurant/role-selection",
  "routes/restaurant/premium-application",
  "routes/restaurant/manager-password",
  "routes/restaurant/menu-management/route",
  "routes/restaurant/stock-management/route",
  "routes/restaurant/settings/route",
];

function newestManifest() {
  const assets = path.join(CLIENT, "assets");
  const files = readdirSync(assets)
    .filter((f) => /^manifest-.*\.js$/.test(f))
    .map((f) => path.join(assets, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error("No client build: run `npm run build` first.");
  return parseManifest(readFileSync(files[0], "utf8"));
}

const read = (href: string) => readFileSync(path.join(CLIENT, href.replace(/^\/+/, "")), "utf8");

describe("zod in the browser", () => {
  it("the marker is zod's own: its core defines the schema classes with it", () => {
    const require = createRequire(import.meta.url);
    const core = readFileSync(path.join(path.dirname(require.resolve("zod/package.json")), "v4/core/schemas.js"), "utf8");
    expect(core).toContain(`$constructor(${ZOD_MARKER}`);
  });

  const manifest = newestManifest();

  it.each(FORM_PAGES)("%s ships no zod", (routeId) => {
    const files = routeFiles(manifest, routeId);
    expect(files.length).toBeGreaterThan(3);
    const withZod = files.filter((href) => read(href).includes(ZOD_MARKER));
    expect(withZod).toEqual([]);
  });
});
