// The /api/* catch-all: unknown API paths answer JSON 404s, never the site's pages.
import { describe, expect, it } from "vitest";
import { api } from "../setup/api";
import { expectError, MESSAGES } from "../setup/expect";
import { createTenant } from "../setup/factories";

const UNKNOWN_PATHS = [
  "/api/does-not-exist",
  "/api/auth/unknown",
  "/api/public/plans/extra",
  "/api/trial/check-feature",
  "/api/tables/1/nope",
  "/api/",
];

describe("unknown /api/* paths", () => {
  it.each(UNKNOWN_PATHS)("GET %s: 404 JSON 'Böyle bir API adresi yok.'", async (path) => {
    const res = await api(path);
    expectError(res, 404, MESSAGES.apiNotFound);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it.each(UNKNOWN_PATHS)("POST %s: 404 JSON", async (path) => {
    expectError(await api(path, { body: { any: "thing" } }), 404, MESSAGES.apiNotFound);
  });

  it.each(["PUT", "DELETE", "PATCH"])("%s on an unknown path: 404 JSON", async (method) => {
    expectError(await api("/api/menu/1/photo", { method, body: method === "DELETE" ? undefined : {} }), 404, MESSAGES.apiNotFound);
  });

  it("with a valid token: still 404", async () => {
    const tenant = await createTenant();
    expectError(await api("/api/auth/nope", { token: tenant.token }), 404, MESSAGES.apiNotFound);
  });

  it("a known path is not swallowed by the catch-all", async () => {
    const res = await api("/api/public/plans");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
  });
});
