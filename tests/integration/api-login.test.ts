// POST /api/public/login and POST /api/auth/login, and their throttling
// (app/modules/auth/throttle.server.ts: per e-mail 10 failures, per client
// address 50 failures in 15 minutes).
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, uniqueEmail } from "../setup/api";
import { expectError, expectFieldError, MESSAGES, sessionRow } from "../setup/expect";
import { createTenant } from "../setup/factories";

const LOGIN_PATHS = ["/api/public/login", "/api/auth/login"] as const;
const THROTTLE_TIMEOUT = 120_000;

describe.each(LOGIN_PATHS)("POST %s", (path) => {
  it("answers 200 with a new bearer token, the user and the restaurant", async () => {
    const tenant = await createTenant();
    const res = await api(path, { body: { email: tenant.email, password: tenant.password } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.detail).toBeUndefined();
    expect(res.json.token_type).toBe("bearer");
    expect(res.json.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.json.access_token).not.toBe(tenant.token);
    expect(res.json.user).toMatchObject({ id: tenant.userId, email: tenant.email, role: "admin", is_owner: true });
    expect(res.json.restaurant).toMatchObject({ id: tenant.restaurantId, name: tenant.restaurantName, subscription_plan: "free_trial" });
    expect(res.text).not.toContain(tenant.password);
    expect(res.text).not.toMatch(/argon2|password_?hash|passwordHash/i);

    // A new session of its own, in no mode yet; the signup session lives on.
    expect(await sessionRow(res.json.access_token)).toMatchObject({ userId: tenant.userId, restaurantId: tenant.restaurantId, mode: null });
    const me = await api("/api/auth/me", { token: res.json.access_token });
    expect(me.status).toBe(200);
    expect(me.json.user.id).toBe(tenant.userId);
    expect((await api("/api/auth/me", { token: tenant.token })).status).toBe(200);
  });

  it("trims and lower-cases the e-mail", async () => {
    const tenant = await createTenant();
    const res = await api(path, { body: { email: `  ${tenant.email.toUpperCase()}\t`, password: tenant.password } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.user.email).toBe(tenant.email);
  });

  it("a wrong password: 401, and no session is created", async () => {
    const tenant = await createTenant();
    const before = await prisma.session.count({ where: { userId: tenant.userId } });
    const res = await api(path, { body: { email: tenant.email, password: `${tenant.password}x` } });
    expectError(res, 401, MESSAGES.invalidCredentials);
    expect(res.json.access_token).toBeUndefined();
    expect(await prisma.session.count({ where: { userId: tenant.userId } })).toBe(before);
  });

  it("does not trim the password: spaces around it make it wrong", async () => {
    const tenant = await createTenant();
    const res = await api(path, { body: { email: tenant.email, password: ` ${tenant.password} ` } });
    expectError(res, 401, MESSAGES.invalidCredentials);
  });

  it("an unknown e-mail: the same 401 as a wrong password", async () => {
    const res = await api(path, { body: { email: uniqueEmail("nobody"), password: "gizli-sifre-1" } });
    expectError(res, 401, MESSAGES.invalidCredentials);
  });

  it("a deactivated user: the same 401, even with the right password", async () => {
    const tenant = await createTenant();
    await prisma.user.update({ where: { id: tenant.userId }, data: { isActive: false } });
    const res = await api(path, { body: { email: tenant.email, password: tenant.password } });
    expectError(res, 401, MESSAGES.invalidCredentials);
  });

  it.each([
    ["missing password", { email: "ali@ornek.com" }, "password", "Şifre zorunludur."],
    ["empty password", { email: "ali@ornek.com", password: "" }, "password", "Şifre zorunludur."],
    ["numeric password", { email: "ali@ornek.com", password: 123456 }, "password", "Şifre metin olmalıdır."],
    ["too long password", { email: "ali@ornek.com", password: "x".repeat(129) }, "password", "Şifre en fazla 128 karakter olabilir."],
    ["missing email", { password: "gizli-sifre-1" }, "email", "E-posta zorunludur."],
    ["blank email", { email: "   ", password: "gizli-sifre-1" }, "email", "E-posta zorunludur."],
    ["malformed email", { email: "ali.ornek.com", password: "gizli-sifre-1" }, "email", MESSAGES.invalidEmail],
  ])("%s: 400 with the field's message", async (_name, body, field, detail) => {
    expectFieldError(await api(path, { body }), field, detail);
  });

  it("malformed JSON: 400", async () => {
    const res = await api(path, { body: "{email:", headers: { "content-type": "application/json" } });
    expectError(res, 400, MESSAGES.malformedJson);
  });

  it("a JSON array: 400", async () => {
    const res = await api(path, { body: "[]", headers: { "content-type": "application/json" } });
    expectError(res, 400, MESSAGES.expectedJsonObject);
  });

  it("a text/plain body: 415", async () => {
    const res = await api(path, { body: '{"email":"a@b.co","password":"x"}', headers: { "content-type": "text/plain" } });
    expectError(res, 415, MESSAGES.unsupportedMediaType);
  });

  it("GET: 405", async () => {
    const res = await api(path);
    expectError(res, 405, MESSAGES.methodNotAllowed);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("login throttling", () => {
  const fail = (email: string, ip: string, path: string = LOGIN_PATHS[0]) => api(path, { body: { email, password: "yanlis-sifre" }, ip });

  it(
    "per (e-mail, address): after 10 failures even the right password is refused there with 429 and Retry-After, not from elsewhere",
    async () => {
      const ip = "198.51.100.11";
      const tenant = await createTenant();
      const other = await createTenant();

      const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => fail(tenant.email, ip, LOGIN_PATHS[i % 2])));
      for (const res of failures) expectError(res, 401, MESSAGES.invalidCredentials);

      const wrong = await fail(tenant.email, ip);
      expectError(wrong, 429, MESSAGES.throttled);
      const retryAfter = Number(wrong.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(wrong.json.detail).toBe(
        `Çok fazla başarısız deneme yapıldı. Lütfen ${Math.ceil(retryAfter / 60)} dakika sonra tekrar deneyin.`,
      );

      const right = await api(LOGIN_PATHS[1], { body: { email: tenant.email, password: tenant.password }, ip });
      expectError(right, 429, MESSAGES.throttled);
      expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(right.json.access_token).toBeUndefined();

      // The refusal is for this e-mail from this address: the owner elsewhere logs in (issue 8)...
      const elsewhere = await api(LOGIN_PATHS[0], {
        body: { email: tenant.email.toUpperCase(), password: tenant.password },
        ip: "198.51.100.12",
      });
      expect(elsewhere.status, elsewhere.text).toBe(200);
      // ...and another account still logs in from the same address.
      const neighbour = await api(LOGIN_PATHS[0], { body: { email: other.email, password: other.password }, ip });
      expect(neighbour.status, neighbour.text).toBe(200);
    },
    THROTTLE_TIMEOUT,
  );

  it(
    "per client address: 50 failures across different e-mails only slow the address down; its owners still log in",
    async () => {
      const ip = "198.51.100.21";
      const tenant = await createTenant();

      const failures = await Promise.all(Array.from({ length: 50 }, (_, i) => fail(uniqueEmail(`spray${i}`), ip)));
      for (const res of failures) expectError(res, 401, MESSAGES.invalidCredentials);

      const behindTheSameAddress = await api(LOGIN_PATHS[1], { body: { email: tenant.email, password: tenant.password }, ip });
      expect(behindTheSameAddress.status, behindTheSameAddress.text).toBe(200);

      const elsewhere = await api(LOGIN_PATHS[1], { body: { email: tenant.email, password: tenant.password }, ip: "198.51.100.22" });
      expect(elsewhere.status, elsewhere.text).toBe(200);
    },
    THROTTLE_TIMEOUT,
  );

  it(
    "a successful login clears the e-mail's failures",
    async () => {
      const ip = "198.51.100.31";
      const tenant = await createTenant();
      const login = () => api(LOGIN_PATHS[0], { body: { email: tenant.email, password: tenant.password }, ip });

      for (const res of await Promise.all(Array.from({ length: 5 }, () => fail(tenant.email, ip)))) {
        expectError(res, 401, MESSAGES.invalidCredentials);
      }
      expect((await login()).status).toBe(200);

      for (const res of await Promise.all(Array.from({ length: 5 }, () => fail(tenant.email, ip)))) {
        expectError(res, 401, MESSAGES.invalidCredentials);
      }
      // Ten failures in all: without the clearing this login would be refused.
      const last = await login();
      expect(last.status, last.text).toBe(200);
    },
    THROTTLE_TIMEOUT,
  );
});
