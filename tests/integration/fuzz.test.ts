// Property-based fuzzing: every page action and every /api endpoint (the list
// is read from app/routes.ts, so a new route is fuzzed without touching this
// file) gets generated junk: odd paths, methods, content types, field names from
// our own forms and schemas with hostile values. Whatever comes in: no 5xx, and
// a refused request (4xx) writes nothing.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { menuOf, placeOrder } from "../setup/floor";

const APP = path.resolve(__dirname, "../../app");

interface Target {
  path: string;
  api: boolean;
}

/** Every route with an action or a resource handler, with its full path. */
function targets(): Target[] {
  const out: Target[] = [];
  const walk = (list: { path?: string; file: string; index?: boolean; children?: unknown[] }[], prefix: string) => {
    for (const r of list) {
      const full = r.path ? `${prefix.replace(/\/$/, "")}/${r.path}` : prefix || "/";
      const source = readFileSync(path.join(APP, r.file), "utf8");
      const isApi = full.startsWith("/api");
      if (isApi || /export (async )?function action\b/.test(source)) out.push({ path: r.index ? "/?index" : full, api: isApi });
      if (r.children) walk(r.children as never, full);
    }
  };
  walk(routes as never, "");
  // Signing out would end the fuzzing session; it has its own tests. The live stream (GET
  // /api/events) never ends, so a GET would wait forever; live-events.test.ts covers it.
  return out.filter((t) => !/logout/.test(t.path) && t.path !== "/api/events");
}

/** Field names our forms and schemas use (and the intents they name), so the junk reaches validation and the domain. */
function fieldNames(): { names: string[]; intents: string[] } {
  const intents = new Set<string>();
  const names = new Set([
    "table",
    "table_number",
    "items",
    "menu_item_id",
    "quantity",
    "intent",
    "client_order_id",
    "status",
    "payment_method",
    "order_id",
    "orders",
  ]);
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.(tsx?|ts)$/.test(f) && !f.includes(".test.") ? [p] : [];
    });
  for (const file of files(APP).filter((f) => !f.includes("generated"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/name="([a-z_]{2,40})"/g)) names.add(m[1]!);
    for (const m of text.matchAll(/name="intent" value="([a-z-]{2,40})"|z\.literal\("([a-z-]{2,40})"/g)) intents.add((m[1] ?? m[2])!);
    if (/schemas?\.ts$|schema\.ts$/.test(file)) for (const m of text.matchAll(/^\s+([a-z_]{2,40}):/gm)) names.add(m[1]!);
  }
  return { names: [...names].sort(), intents: [...intents].sort() };
}

const TARGETS = targets();
const { names: FIELDS, intents: INTENTS } = fieldNames();

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1",
    "2",
    "1.5",
    "0x10",
    "1e309",
    "99999999999999999999",
    "NaN",
    "null",
    "true",
    "\r\nX: y",
    "%",
    "../../etc",
    "<script>",
    "a".repeat(5000),
  ),
  fc.integer(),
  fc.constantFrom(0, -1, 1e21, Number.MAX_SAFE_INTEGER, 0.1),
  fc.constantFrom(...INTENTS),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.record({ menu_item_id: fc.oneof(fc.integer(), fc.string()), quantity: fc.oneof(fc.integer(), fc.string()) }), {
    maxLength: 3,
  }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

const fields = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), junkValue, { maxKeys: 6 });

function formBody(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) params.append(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
  return params.toString();
}

const segment = fc.oneof(
  fc.constantFrom("1", "2", "0", "-1", "abc", "99999999999999999999", "1.5", "%20", "%E2%82%AC", "admin"),
  fc.integer({ min: 1, max: 5 }).map(String),
);

const request = fc.record({
  target: fc.constantFrom(...TARGETS),
  params: fc.array(segment, { minLength: 3, maxLength: 3 }),
  method: fc.constantFrom("POST", "POST", "POST", "PUT", "DELETE", "PATCH", "GET"),
  encoding: fc.constantFrom("native", "native", "native", "json", "form", "text", "multipart", "none", "garbage"),
  fields,
  query: fc.option(fields, { nil: undefined }),
});

/** Everything a refused request must not have touched, for one restaurant. */
async function snapshot(restaurantId: number) {
  const [restaurant, users, tables, menu, orders, drafts, applications, invoices] = await Promise.all([
    prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId } }),
    prisma.user.findMany({ where: { restaurantId }, orderBy: { id: "asc" } }),
    prisma.restaurantTable.findMany({ where: { restaurantId }, orderBy: { id: "asc" } }),
    prisma.menuItem.findMany({ where: { restaurantId }, orderBy: { id: "asc" } }),
    prisma.order.findMany({ where: { restaurantId }, orderBy: { id: "asc" }, include: { items: true, payments: true } }),
    prisma.orderDraft.findMany({ where: { restaurantId }, orderBy: { id: "asc" }, include: { items: true } }),
    prisma.premiumApplication.count({ where: { restaurantId } }),
    prisma.invoice.count({ where: { restaurantId } }),
  ]);
  return JSON.stringify({ restaurant, users, tables, menu, orders, drafts, applications, invoices });
}

describe("fuzzing every page action and endpoint", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    await placeOrder(tenant, 1, [["Çay", 2]], menu);
    await placeOrder(tenant, 2, [["Su", 1]], menu);
  });

  it("covers the routes", () => {
    expect(TARGETS.map((t) => t.path)).toEqual(
      expect.arrayContaining(["/login", "/app/order-taking", "/app/payments", "/app/admin", "/api/orders", "/api/orders/:id/pay"]),
    );
    expect(FIELDS.length).toBeGreaterThan(20);
    expect(INTENTS).toContain("table-status");
  });

  it("no 5xx, and a refused request writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let i = 0;
        let url = r.target.path.replace(/:[a-z]+|\*/g, () => r.params[i++]!);
        if (r.query) url += `${url.includes("?") ? "&" : "?"}${formBody(r.query)}`;
        const encoding = r.encoding === "native" ? (r.target.api ? "json" : "form") : r.encoding;
        const headers: Record<string, string> = {};
        let body: string | undefined;
        if (r.method !== "GET") {
          switch (encoding) {
            case "json":
              headers["content-type"] = "application/json";
              body = JSON.stringify(r.fields);
              break;
            case "form":
              headers["content-type"] = "application/x-www-form-urlencoded";
              body = formBody(r.fields);
              break;
            case "text":
              headers["content-type"] = "text/plain";
              body = JSON.stringify(r.fields);
              break;
            case "multipart":
              headers["content-type"] = "multipart/form-data; boundary=x";
              body = `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${formBody(r.fields)}\r\n--x--\r\n`;
              break;
            case "garbage":
              headers["content-type"] = "application/json";
              body = `${JSON.stringify(r.fields).slice(0, -1)}\u0000`;
              break;
          }
        }
        const before = await snapshot(tenant.restaurantId);
        const res = await api(url, { method: r.method, token: tenant.token, headers, body });
        expect(res.status, `${r.method} ${url} ${encoding} ${body?.slice(0, 300)} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(await snapshot(tenant.restaurantId), `${r.method} ${url} ${res.status} wrote something`).toBe(before);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  }, 240_000);
});
