// GET /api/auth/me, POST /api/auth/logout and GET /api/auth/admin-password:
// bearer sessions, their expiry and revocation.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, MESSAGES, sessionRow } from "../setup/expect";
import { createTenant, enterManagerMode } from "../setup/factories";

const ADMIN_PASSWORD_NEVER_SENT =
  "Yönetici şifresi güvenlik nedeniyle hiçbir zaman gönderilmez. Doğrulamak için POST /api/auth/verify-admin-password kullanın.";

const rawGet = (path: string, authorization: string) => api(path, { headers: { authorization } });

describe("GET /api/auth/me", () => {
  it("answers the user, the restaurant and a null mode right after signup", async () => {
    const tenant = await createTenant({ phone: "0212 555 00 00" });
    const res = await api("/api/auth/me", { token: tenant.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json.mode).toBeNull();
    expect(res.json.user).toEqual({
      id: tenant.userId,
      email: tenant.email,
      first_name: "Test",
      last_name: "Sahibi",
      phone: "0212 555 00 00",
      role: "admin",
      is_owner: true,
    });
    const row = await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } });
    expect(res.json.restaurant).toMatchObject({
      id: tenant.restaurantId,
      name: tenant.restaurantName,
      slug: row.slug,
      subscription_plan: "free_trial",
      subscription_status: "active",
      trial_end_date: row.trialEndsAt!.toISOString(),
      created_at: row.createdAt.toISOString(),
    });
    expect(res.text).not.toMatch(/argon2|password/i);
  });

  it("shows mode 'manager' after the manager password was verified, for that session only", async () => {
    const tenant = await createTenant();
    const other = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } });
    await enterManagerMode(tenant);
    expect((await api("/api/auth/me", { token: tenant.token })).json.mode).toBe("manager");
    expect((await api("/api/auth/me", { token: other.json.access_token })).json.mode).toBeNull();
  });

  it("without a token: 401 'Oturum açmanız gerekiyor.'", async () => {
    expectError(await api("/api/auth/me"), 401, MESSAGES.unauthorized);
  });

  it("with an unknown token: 401 with the session-expired message", async () => {
    expectError(await api("/api/auth/me", { token: "bilinmeyen-token-0123456789abcdefghijklmnop" }), 401, MESSAGES.sessionExpired);
  });

  it.each(["Basic abc", "Bearer", "Bearer a b", "Token xyz"])("with a malformed Authorization header %j: 401", async (header) => {
    expectError(await rawGet("/api/auth/me", header), 401, MESSAGES.malformedAuthorization);
  });

  it("a malformed Authorization header is not rescued by a valid token elsewhere in it", async () => {
    const tenant = await createTenant();
    expectError(await rawGet("/api/auth/me", `Basic ${tenant.token}`), 401, MESSAGES.malformedAuthorization);
    // The same token, sent properly, works.
    expect((await rawGet("/api/auth/me", `bearer ${tenant.token}`)).status).toBe(200);
  });

  it("an expired session: 401 session-expired, and its row is deleted", async () => {
    const tenant = await createTenant();
    const second = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } });
    const row = await sessionRow(tenant.token);
    expect(row).not.toBeNull();
    await prisma.session.update({ where: { id: row!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    expectError(await api("/api/auth/me", { token: tenant.token }), 401, MESSAGES.sessionExpired);
    expect(await prisma.session.findUnique({ where: { id: row!.id } })).toBeNull();
    // Still refused afterwards; the user's other session is untouched.
    expectError(await api("/api/auth/me", { token: tenant.token }), 401, MESSAGES.sessionExpired);
    expect((await api("/api/auth/me", { token: second.json.access_token })).status).toBe(200);
  });

  it("a session about to expire still works", async () => {
    const tenant = await createTenant();
    const row = await sessionRow(tenant.token);
    await prisma.session.update({ where: { id: row!.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    expect((await api("/api/auth/me", { token: tenant.token })).status).toBe(200);
  });

  it("a deactivated user's session: 401 session-expired", async () => {
    const tenant = await createTenant();
    await prisma.user.update({ where: { id: tenant.userId }, data: { isActive: false } });
    expectError(await api("/api/auth/me", { token: tenant.token }), 401, MESSAGES.sessionExpired);
  });

  it("POST: 405", async () => {
    const tenant = await createTenant();
    const res = await api("/api/auth/me", { method: "POST", token: tenant.token, body: {} });
    expectError(res, 405, MESSAGES.methodNotAllowed);
    expect(res.headers.get("allow")).toBe("GET");
  });
});

describe("POST /api/auth/logout", () => {
  it("answers 200 'Çıkış yapıldı.', deletes the session and the token is refused afterwards", async () => {
    const tenant = await createTenant();
    const second = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } });

    const res = await api("/api/auth/logout", { method: "POST", token: tenant.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: "Çıkış yapıldı." });
    expect(await sessionRow(tenant.token)).toBeNull();

    expectError(await api("/api/auth/me", { token: tenant.token }), 401, MESSAGES.sessionExpired);
    expectError(await api("/api/auth/logout", { method: "POST", token: tenant.token }), 401, MESSAGES.sessionExpired);
    // Only that session ends.
    expect((await api("/api/auth/me", { token: second.json.access_token })).status).toBe(200);
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/auth/logout", { method: "POST" }), 401, MESSAGES.unauthorized);
  });

  it("GET: 405 and the session lives on", async () => {
    const tenant = await createTenant();
    expectError(await api("/api/auth/logout", { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
    expect((await api("/api/auth/me", { token: tenant.token })).status).toBe(200);
  });
});

describe("GET /api/auth/admin-password", () => {
  it("answers 410 and never sends the manager password", async () => {
    const tenant = await createTenant({ password: "benzersiz-yonetici-sifresi-42" });
    const res = await api("/api/auth/admin-password", { token: tenant.token });
    expectError(res, 410, ADMIN_PASSWORD_NEVER_SENT);
    expect(res.json.admin_password).toBeUndefined();
    expect(res.text).not.toContain("benzersiz-yonetici-sifresi-42");
    expect(res.text).not.toMatch(/argon2/);
  });

  it("answers 410 in manager mode as well", async () => {
    const tenant = await createTenant({ manager: true, password: "baska-benzersiz-sifre-77" });
    const res = await api("/api/auth/admin-password", { token: tenant.token });
    expectError(res, 410, ADMIN_PASSWORD_NEVER_SENT);
    expect(res.text).not.toContain("baska-benzersiz-sifre-77");
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/auth/admin-password"), 401, MESSAGES.unauthorized);
  });

  it("with an unknown token: 401 session-expired", async () => {
    expectError(await api("/api/auth/admin-password", { token: "yok-boyle-bir-oturum" }), 401, MESSAGES.sessionExpired);
  });

  it("POST: 405", async () => {
    const tenant = await createTenant();
    const res = await api("/api/auth/admin-password", { method: "POST", token: tenant.token, body: {} });
    expectError(res, 405, MESSAGES.methodNotAllowed);
    expect(res.headers.get("allow")).toBe("GET");
  });
});
