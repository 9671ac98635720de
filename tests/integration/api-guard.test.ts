// The authenticated /api/* endpoints sit under one layout whose middleware checks the
// session (routes/api/authenticated.ts). The list is read from app/routes.ts, so a new
// endpoint is covered without touching this file.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { api } from "../setup/api";
import { expectError, MESSAGES } from "../setup/expect";
import { createTenant } from "../setup/factories";
import { PRINT_TOKEN_INVALID, PRINT_TOKEN_REQUIRED } from "~/modules/kitchen/print-devices";

const APP = path.resolve(__dirname, "../../app");
const LAYOUT = "routes/api/authenticated.ts";
/** The platform admin's endpoints have their own guard (tests/integration/admin-zone.test.ts). */
const ADMIN_LAYOUT = "routes/api/admin-authenticated.ts";
/** The print agent's endpoints want a print device's token (tests/integration/print-agent.test.ts). */
const DEVICE_LAYOUT = "routes/api/print-agent.ts";

interface Entry {
  path: string;
  file: string;
  guarded: boolean;
  admin: boolean;
  device: boolean;
}

function apiRoutes(): Entry[] {
  const out: Entry[] = [];
  const walk = (
    list: { path?: string; file: string; children?: unknown[] }[],
    prefix: string,
    guarded: boolean,
    admin: boolean,
    device: boolean,
  ) => {
    for (const r of list) {
      const full = r.path ? `${prefix.replace(/\/$/, "")}/${r.path}` : prefix;
      const underAdmin = admin || r.file === ADMIN_LAYOUT;
      const underDevice = device || r.file === DEVICE_LAYOUT;
      const underLayout = guarded || r.file === LAYOUT || underAdmin || underDevice;
      if (r.children) walk(r.children as never, full, underLayout, underAdmin, underDevice);
      else if (full.startsWith("/api"))
        out.push({ path: full, file: r.file, guarded: underLayout, admin: underAdmin, device: underDevice });
    }
  };
  walk(routes as never, "", false, false, false);
  return out;
}

const ENTRIES = apiRoutes();
const concrete = (p: string) => p.replace(/:[a-z_]+/g, "1").replace(/\*$/, "x");

describe("the authenticated API layout", () => {
  it("holds every endpoint except the public ones, the table poll and the 404", () => {
    const open = ENTRIES.filter((e) => !e.guarded).map((e) => e.path);
    expect(open.sort()).toEqual([
      "/api/*",
      "/api/admin/login",
      "/api/admin/logout",
      "/api/auth/forgot-password",
      "/api/auth/login",
      "/api/auth/register",
      "/api/auth/reset-password",
      "/api/public/login",
      "/api/public/plans",
      "/api/public/signup",
      "/api/tables",
    ]);
    expect(ENTRIES.filter((e) => e.guarded).length).toBeGreaterThanOrEqual(18);
  });

  it("an endpoint that reads the session from the context sits under the layout (else it would answer 500)", () => {
    for (const e of ENTRIES) {
      const source = readFileSync(path.join(APP, e.file), "utf8");
      if (source.includes("apiAuthContext")) expect(e.guarded && !e.admin && !e.device, e.path).toBe(true);
      if (source.includes("printDeviceContext")) expect(e.device, e.path).toBe(true);
      if (source.includes("adminAuthContext")) expect(e.admin, e.path).toBe(true);
    }
  });

  it.each(ENTRIES.filter((e) => e.guarded && !e.device).map((e) => e.path))("%s without a session: 401 for GET and POST", async (p) => {
    for (const method of ["GET", "POST"] as const) {
      expectError(await api(concrete(p), { method, body: method === "POST" ? {} : undefined }), 401, MESSAGES.unauthorized);
    }
  });

  it.each(ENTRIES.filter((e) => e.device).map((e) => e.path))("%s without a device token: 401, and a session is no device", async (p) => {
    const tenant = await createTenant({ manager: true });
    for (const method of ["GET", "POST"] as const) {
      const body = method === "POST" ? {} : undefined;
      expectError(await api(concrete(p), { method, body }), 401, PRINT_TOKEN_REQUIRED);
      expectError(await api(concrete(p), { method, body, token: tenant.token }), 401, PRINT_TOKEN_INVALID);
    }
  });

  it("with a session the endpoint gets it from the layout", async () => {
    const tenant = await createTenant();
    const me = await api("/api/auth/me", { token: tenant.token });
    expect(me.status).toBe(200);
    expect(me.json.restaurant.id).toBe(tenant.restaurantId);
  });
});
