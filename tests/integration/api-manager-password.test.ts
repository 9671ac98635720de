// POST /api/auth/verify-admin-password and PUT /api/auth/change-admin-password:
// the manager password is checked on the server, throttled per restaurant, and
// changed apart from the login password.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, expectFieldError, MESSAGES, sessionRow } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";

const VERIFY = "/api/auth/verify-admin-password";
const CHANGE = "/api/auth/change-admin-password";
const CHANGED = "Yönetici şifresi başarıyla değiştirildi";

const verify = (tenant: Tenant, password: unknown) => api(VERIFY, { token: tenant.token, body: { password } });
const change = (tenant: Tenant, body: unknown) => api(CHANGE, { method: "PUT", token: tenant.token, body });
const modeOf = async (tenant: Tenant) => (await api("/api/auth/me", { token: tenant.token })).json.mode;
const login = (email: string, password: string) => api("/api/public/login", { body: { email, password } });

describe("POST /api/auth/verify-admin-password", () => {
  it("the owner's signup password: 200 {verified, mode}, and the session is in manager mode", async () => {
    const tenant = await createTenant();
    const res = await verify(tenant, tenant.password);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ verified: true, mode: "manager" });
    expect(await modeOf(tenant)).toBe("manager");
    expect((await sessionRow(tenant.token))!.mode).toBe("manager");
  });

  it("a wrong password: 401, and the session stays out of manager mode", async () => {
    const tenant = await createTenant();
    expectError(await verify(tenant, "yanlis-sifre"), 401, MESSAGES.wrongManagerPassword);
    expect(await modeOf(tenant)).toBeNull();
  });

  it("the password with spaces around it is wrong", async () => {
    const tenant = await createTenant();
    expectError(await verify(tenant, ` ${tenant.password}`), 401, MESSAGES.wrongManagerPassword);
  });

  it("another restaurant's manager password does not work", async () => {
    const a = await createTenant({ password: "a-restoran-sifresi" });
    const b = await createTenant({ password: "b-restoran-sifresi" });
    expectError(await verify(b, a.password), 401, MESSAGES.wrongManagerPassword);
    expect(await modeOf(b)).toBeNull();
    expect((await verify(b, b.password)).status).toBe(200);
  });

  it.each([
    ["missing", {}, "Yönetici şifresi zorunludur."],
    ["empty", { password: "" }, "Yönetici şifresi zorunludur."],
    ["null", { password: null }, "Yönetici şifresi zorunludur."],
    ["numeric", { password: 1234 }, "Şifre metin olmalıdır."],
    ["too long", { password: "x".repeat(129) }, "Şifre en fazla 128 karakter olabilir."],
  ])("a %s password: 400", async (_name, body, detail) => {
    const tenant = await createTenant();
    expectFieldError(await api(VERIFY, { token: tenant.token, body }), "password", detail);
    expect(await modeOf(tenant)).toBeNull();
  });

  it("malformed JSON: 400", async () => {
    const tenant = await createTenant();
    const res = await api(VERIFY, { token: tenant.token, body: '{"password":', headers: { "content-type": "application/json" } });
    expectError(res, 400, MESSAGES.malformedJson);
  });

  it("without a token: 401 (before looking at the body)", async () => {
    expectError(await api(VERIFY, { body: { password: "x" } }), 401, MESSAGES.unauthorized);
    expectError(await api(VERIFY, { body: "[", headers: { "content-type": "application/json" } }), 401, MESSAGES.unauthorized);
  });

  it("GET: 405", async () => {
    const tenant = await createTenant();
    expectError(await api(VERIFY, { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
  });

  it("10 wrong attempts in one session: 429 there, even for the right password; other sessions and restaurants are not affected", async () => {
    const tenant = await createTenant();
    const neighbour = await createTenant();
    // Guesses are counted per session: another session of the same restaurant is not locked (issue 8).
    const second = await login(tenant.email, tenant.password);
    const secondTenant = { ...tenant, token: second.json.access_token as string };

    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => verify(tenant, `yanlis-${i}`)));
    for (const res of wrong) expectError(res, 401, MESSAGES.wrongManagerPassword);

    const locked = await verify(tenant, "yanlis-son");
    expectError(locked, 429, MESSAGES.throttled);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);

    expectError(await verify(tenant, tenant.password), 429, MESSAGES.throttled);
    expect(await modeOf(tenant)).toBeNull();
    const right = await verify(secondTenant, tenant.password);
    expect(right.status, right.text).toBe(200);
    expect(await modeOf(secondTenant)).toBe("manager");

    expect((await verify(neighbour, neighbour.password)).status).toBe(200);
  }, 120_000);

  it("the right password clears the restaurant's failures", async () => {
    const tenant = await createTenant();
    for (const res of await Promise.all(Array.from({ length: 5 }, () => verify(tenant, "yanlis")))) {
      expectError(res, 401, MESSAGES.wrongManagerPassword);
    }
    expect((await verify(tenant, tenant.password)).status).toBe(200);
    for (const res of await Promise.all(Array.from({ length: 5 }, () => verify(tenant, "yanlis")))) {
      expectError(res, 401, MESSAGES.wrongManagerPassword);
    }
    const last = await verify(tenant, tenant.password);
    expect(last.status, last.text).toBe(200);
  }, 120_000);
});

describe("PUT /api/auth/change-admin-password", () => {
  it("changes the manager password only: the new one verifies, the old one not, and the login password is unchanged", async () => {
    const tenant = await createTenant({ manager: true });
    const userBefore = await prisma.user.findUniqueOrThrow({ where: { id: tenant.userId } });

    const res = await change(tenant, { current_password: tenant.password, new_password: "yeni-yonetici" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: CHANGED });

    // A fresh session (in no mode) for the checks below.
    const fresh = await login(tenant.email, tenant.password);
    expect(fresh.status, "the login password still works").toBe(200);
    const freshTenant = { ...tenant, token: fresh.json.access_token as string };
    expectError(await verify(freshTenant, tenant.password), 401, MESSAGES.wrongManagerPassword);
    const ok = await verify(freshTenant, "yeni-yonetici");
    expect(ok.status, ok.text).toBe(200);
    expect(await modeOf(freshTenant)).toBe("manager");

    expectError(await login(tenant.email, "yeni-yonetici"), 401, MESSAGES.invalidCredentials);
    const userAfter = await prisma.user.findUniqueOrThrow({ where: { id: tenant.userId } });
    expect(userAfter.passwordHash).toBe(userBefore.passwordHash);
  });

  it("accepts a new password of exactly 6 characters, and refuses 5 (400, Turkish)", async () => {
    const tenant = await createTenant({ manager: true });
    const short = await change(tenant, { current_password: tenant.password, new_password: "abcde" });
    expect(short.status, short.text).toBe(400);
    expect(short.json.detail).toBe("Yeni şifre en az 6 karakter olmalı");
    const res = await change(tenant, { current_password: tenant.password, new_password: "abcdef" });
    expect(res.status, res.text).toBe(200);
    expect((await verify(tenant, "abcdef")).status).toBe(200);
  });

  it("not in manager mode: 403, and the password stays", async () => {
    const tenant = await createTenant();
    const res = await change(tenant, { current_password: tenant.password, new_password: "yeni-yonetici" });
    expectError(res, 403, MESSAGES.managerOnly);
    expectError(await verify(tenant, "yeni-yonetici"), 401, MESSAGES.wrongManagerPassword);
    expect((await verify(tenant, tenant.password)).status).toBe(200);
  });

  it("a wrong current password: 401 'Mevcut şifre yanlış', and the password stays", async () => {
    const tenant = await createTenant({ manager: true });
    const before = await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } });
    const res = await change(tenant, { current_password: "yanlis-sifre", new_password: "yeni-yonetici" });
    expectError(res, 401, "Mevcut şifre yanlış");
    const after = await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } });
    expect(after.managerPasswordHash).toBe(before.managerPasswordHash);
  });

  it.each([
    ["missing current password", { new_password: "yeni-yonetici" }, "current_password", "Mevcut şifrenizi girmelisiniz"],
    [
      "empty current password",
      { current_password: "", new_password: "yeni-yonetici" },
      "current_password",
      "Mevcut şifrenizi girmelisiniz",
    ],
    ["numeric current password", { current_password: 123456, new_password: "yeni-yonetici" }, "current_password", "Şifre metin olmalıdır."],
    ["too short new password", { current_password: "x", new_password: "ab" }, "new_password", "Yeni şifre en az 6 karakter olmalı"],
    ["missing new password", { current_password: "x" }, "new_password", "Yeni şifre zorunludur."],
    ["empty new password", { current_password: "x", new_password: "" }, "new_password", "Yeni şifre zorunludur."],
    [
      "too long new password",
      { current_password: "x", new_password: "y".repeat(129) },
      "new_password",
      "Şifre en fazla 128 karakter olabilir.",
    ],
  ])("%s: 400", async (_name, body, field, detail) => {
    const tenant = await createTenant({ manager: true });
    const before = await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } });
    const res = await change(tenant, body);
    expectFieldError(res, field, detail);
    // Each message once.
    expect(new Set(res.json.errors[field]).size).toBe(res.json.errors[field].length);
    const after = await prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } });
    expect(after.managerPasswordHash).toBe(before.managerPasswordHash);
  });

  it("without a token: 401", async () => {
    expectError(await api(CHANGE, { method: "PUT", body: { current_password: "x", new_password: "yyyyyy" } }), 401, MESSAGES.unauthorized);
  });

  it.each(["POST", "GET"])("%s: 405", async (method) => {
    const tenant = await createTenant({ manager: true });
    const res = await api(CHANGE, {
      method,
      token: tenant.token,
      body: method === "GET" ? undefined : { current_password: tenant.password, new_password: "yeni-sifre" },
    });
    expectError(res, 405, MESSAGES.methodNotAllowed);
    expect(res.headers.get("allow")).toBe("PUT");
    expect((await verify(tenant, tenant.password)).status).toBe(200);
  });
});
