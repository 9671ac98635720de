// POST /api/public/signup and POST /api/auth/register: the same schema and the
// same domain code (owner, restaurant, 14-day trial, 20 tables, sample menu).
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl, randomIp, uniqueEmail } from "../setup/api";
import { DAY_MS, expectError, expectFieldError, MESSAGES, sessionRow } from "../setup/expect";
import { signupPayload } from "../setup/factories";

const SIGNUP_PATHS = ["/api/public/signup", "/api/auth/register"] as const;
const JSON_HEADERS = { "content-type": "application/json" };
const SAMPLE_CATEGORIES = ["appetizer", "breakfast", "dessert", "drinks", "main_course", "soup"];

const usersWithEmail = (email: string) => prisma.user.count({ where: { email: email.trim().toLowerCase() } });

describe.each(SIGNUP_PATHS)("POST %s", (path) => {
  describe("with good input", () => {
    it("answers 201 with a bearer token, the owner and the restaurant, and writes everything to the database", async () => {
      const payload = signupPayload({ phone: "+90 532 123 45 67" });
      const res = await api(path, { body: payload });

      expect(res.status, res.text).toBe(201);
      expect(res.json.detail).toBeUndefined();
      expect(res.json.token_type).toBe("bearer");
      expect(res.json.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(res.json.user).toMatchObject({
        email: payload.email,
        first_name: "Test",
        last_name: "Sahibi",
        phone: "+90 532 123 45 67",
        role: "admin",
        is_owner: true,
      });
      expect(res.json.restaurant).toMatchObject({
        name: payload.restaurant_name,
        type: "restaurant",
        phone: "+90 532 123 45 67",
        email: payload.email,
        subscription_plan: "free_trial",
        subscription_status: "active",
        requested_plan: null,
      });
      // Nothing secret goes back.
      expect(res.text).not.toContain(payload.password);
      expect(res.text).not.toMatch(/argon2|password_?hash|passwordHash/i);

      const restaurantId: number = res.json.restaurant.id;
      const restaurant = await prisma.restaurant.findUniqueOrThrow({ where: { id: restaurantId } });
      expect(restaurant.name).toBe(payload.restaurant_name);
      expect(restaurant.subscriptionPlan).toBe("free_trial");
      expect(restaurant.subscriptionStatus).toBe("active");
      expect(restaurant.requestedPlanId).toBeNull();
      expect(restaurant.trialEndsAt).not.toBeNull();
      expect(restaurant.trialEndsAt!.getTime() - restaurant.createdAt.getTime()).toBe(14 * DAY_MS);
      expect(Math.abs(restaurant.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(res.json.restaurant.trial_end_date).toBe(restaurant.trialEndsAt!.toISOString());

      const tables = await prisma.restaurantTable.findMany({ where: { restaurantId }, orderBy: { number: "asc" } });
      expect(tables.map((t) => t.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(tables.map((t) => t.status))).toEqual(new Set(["empty"]));

      const menu = await prisma.menuItem.findMany({ where: { restaurantId } });
      expect([...new Set(menu.map((m) => m.category))].sort()).toEqual(SAMPLE_CATEGORIES);
      for (const category of SAMPLE_CATEGORIES) {
        expect(menu.filter((m) => m.category === category).length, category).toBeGreaterThan(0);
      }

      const users = await prisma.user.findMany({ where: { restaurantId } });
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ id: res.json.user.id, email: payload.email, role: "admin", isOwner: true, isActive: true });
      expect(users[0]!.passwordHash).toMatch(/^\$argon2id\$/);
      // The manager password starts equal to the login password but is hashed on its own.
      expect(restaurant.managerPasswordHash).toMatch(/^\$argon2id\$/);
      expect(restaurant.managerPasswordHash).not.toBe(users[0]!.passwordHash);

      const session = await sessionRow(res.json.access_token);
      expect(session).toMatchObject({ userId: users[0]!.id, restaurantId, mode: null });

      const me = await api("/api/auth/me", { token: res.json.access_token });
      expect(me.status).toBe(200);
      expect(me.json.restaurant.id).toBe(restaurantId);
    });

    it("trims and lower-cases the e-mail, keeps the business type and remembers the requested plan", async () => {
      const email = uniqueEmail("MiXeD");
      const payload = signupPayload({ email: `  ${email.toUpperCase()}  `, restaurant_type: "cafe", plan: "pro" });
      const res = await api(path, { body: payload });
      expect(res.status, res.text).toBe(201);
      expect(res.json.user.email).toBe(email.toLowerCase());
      expect(res.json.restaurant).toMatchObject({ type: "cafe", requested_plan: "pro" });

      const restaurant = await prisma.restaurant.findUniqueOrThrow({ where: { id: res.json.restaurant.id } });
      expect(restaurant.requestedPlanId).toBe("pro");
      expect(restaurant.type).toBe("cafe");
      expect(restaurant.subscriptionPlan).toBe("free_trial");
      const user = await prisma.user.findUniqueOrThrow({ where: { id: res.json.user.id } });
      expect(user.email).toBe(email.toLowerCase());
    });

    it("defaults the business type to restaurant and treats a blank phone and plan as not given", async () => {
      const { restaurant_type: _omit, ...payload } = signupPayload({ phone: "  ", plan: "" });
      const res = await api(path, { body: payload });
      expect(res.status, res.text).toBe(201);
      expect(res.json.restaurant).toMatchObject({ type: "restaurant", phone: null, requested_plan: null });
      expect(res.json.user.phone).toBeNull();
    });

    it("accepts a JSON content type with a charset", async () => {
      const payload = signupPayload();
      const res = await api(path, { body: JSON.stringify(payload), headers: { "content-type": "application/json; charset=utf-8" } });
      expect(res.status, res.text).toBe(201);
      expect(await usersWithEmail(payload.email)).toBe(1);
    });
  });

  describe("with bad fields", () => {
    const cases: { name: string; change: Record<string, unknown>; field: string; detail: string }[] = [
      { name: "missing first_name", change: { first_name: undefined }, field: "first_name", detail: "Ad zorunludur." },
      { name: "blank first_name", change: { first_name: "   " }, field: "first_name", detail: "Ad zorunludur." },
      { name: "numeric first_name", change: { first_name: 5 }, field: "first_name", detail: "Ad metin olmalıdır." },
      {
        name: "too long first_name",
        change: { first_name: "a".repeat(61) },
        field: "first_name",
        detail: "Ad en fazla 60 karakter olabilir.",
      },
      {
        name: "too long last_name",
        change: { last_name: "a".repeat(60) },
        field: "last_name",
        detail: "Soyad en fazla 59 karakter olabilir.",
      },
      { name: "missing last_name", change: { last_name: undefined }, field: "last_name", detail: "Soyad zorunludur." },
      { name: "null last_name", change: { last_name: null }, field: "last_name", detail: "Soyad zorunludur." },
      { name: "missing email", change: { email: undefined }, field: "email", detail: "E-posta zorunludur." },
      { name: "numeric email", change: { email: 42 }, field: "email", detail: "E-posta metin olmalıdır." },
      { name: "malformed email", change: { email: "not-an-email" }, field: "email", detail: MESSAGES.invalidEmail },
      { name: "email without a domain", change: { email: "ali@" }, field: "email", detail: MESSAGES.invalidEmail },
      { name: "missing password", change: { password: undefined }, field: "password", detail: "Şifre zorunludur." },
      { name: "empty password", change: { password: "" }, field: "password", detail: "Şifre zorunludur." },
      { name: "short password", change: { password: "12345" }, field: "password", detail: "Şifre en az 6 karakter olmalıdır." },
      { name: "numeric password", change: { password: 123456 }, field: "password", detail: "Şifre metin olmalıdır." },
      {
        name: "missing restaurant_name",
        change: { restaurant_name: undefined },
        field: "restaurant_name",
        detail: "İşletme adı zorunludur.",
      },
      {
        name: "unknown restaurant_type",
        change: { restaurant_type: "bakery" },
        field: "restaurant_type",
        detail: "İşletme türü şunlardan biri olmalıdır: restaurant, cafe, bar, fast_food.",
      },
      { name: "malformed phone", change: { phone: "abc" }, field: "phone", detail: "Lütfen geçerli bir telefon numarası girin." },
      { name: "numeric phone", change: { phone: 5321234567 }, field: "phone", detail: "Telefon metin olmalıdır." },
      { name: "numeric plan", change: { plan: 42 }, field: "plan", detail: "Plan metin olmalıdır." },
    ];

    it.each(cases)("$name: 400 with the field's message, nothing written", async ({ change, field, detail }) => {
      const payload = signupPayload(change);
      const res = await api(path, { body: payload });
      expectFieldError(res, field, detail);
      if (typeof payload.email === "string" && payload.email.includes("@test.sofra.local")) {
        expect(await usersWithEmail(payload.email)).toBe(0);
      }
      expect(await prisma.restaurant.count({ where: { name: String(payload.restaurant_name) } })).toBe(0);
    });

    it("reports the first missing field when the object is empty, with every missing field under errors", async () => {
      const res = await api(path, { body: {} });
      expectError(res, 400, "Ad zorunludur.");
      expect(res.json.errors).toEqual({
        first_name: ["Ad zorunludur."],
        last_name: ["Soyad zorunludur."],
        email: ["E-posta zorunludur."],
        password: ["Şifre zorunludur."],
        restaurant_name: ["İşletme adı zorunludur."],
      });
    });

    it("an unknown plan: 400 'Seçilen plan bulunamadı.', nothing written", async () => {
      const payload = signupPayload({ plan: "gold" });
      const res = await api(path, { body: payload });
      expectError(res, 400, "Seçilen plan bulunamadı.");
      expect(await usersWithEmail(payload.email)).toBe(0);
      expect(await prisma.restaurant.count({ where: { name: payload.restaurant_name } })).toBe(0);
    });

    it("the trial is not a plan one can request: 400 'Seçilen plan bulunamadı.'", async () => {
      const res = await api(path, { body: signupPayload({ plan: "free_trial" }) });
      expectError(res, 400, "Seçilen plan bulunamadı.");
    });
  });

  describe("with a bad body", () => {
    it("malformed JSON: 400", async () => {
      const res = await api(path, { body: '{"first_name": "Ali", ', headers: JSON_HEADERS });
      expectError(res, 400, MESSAGES.malformedJson);
    });

    it.each([
      ["an array", "[]"],
      ["an array of a payload", JSON.stringify([signupPayload()])],
      ["null", "null"],
      ["a number", "42"],
      ["a string", '"kayit"'],
    ])("%s as the body: 400", async (_name, body) => {
      const res = await api(path, { body, headers: JSON_HEADERS });
      expectError(res, 400, MESSAGES.expectedJsonObject);
    });

    it("a text/plain body: 415, nothing written", async () => {
      const payload = signupPayload();
      const res = await api(path, { body: JSON.stringify(payload), headers: { "content-type": "text/plain" } });
      expectError(res, 415, MESSAGES.unsupportedMediaType);
      expect(await usersWithEmail(payload.email)).toBe(0);
    });

    it("a form-encoded body: 415", async () => {
      const res = await api(path, {
        body: "first_name=Ali&last_name=Veli",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expectError(res, 415, MESSAGES.unsupportedMediaType);
    });

    it("a body over 64 KB: 413, nothing written", async () => {
      const payload = signupPayload({ last_name: "x".repeat(70 * 1024) });
      const res = await api(path, { body: payload });
      expectError(res, 413, MESSAGES.tooLarge);
      expect(await usersWithEmail(payload.email)).toBe(0);
    });

    it("a body of several megabytes: 413 as an answer, not a dropped connection", async () => {
      const res = await api(path, { body: { ...signupPayload(), last_name: "x".repeat(3 * 1024 * 1024) } });
      expectError(res, 413, MESSAGES.tooLarge);
    });

    it("a streamed body over 64 KB without a Content-Length: 413", async () => {
      const chunk = new TextEncoder().encode(`{"first_name": "${"x".repeat(16 * 1024)}`);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 6) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await fetch(`${baseUrl()}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
        body: stream,
        duplex: "half",
      } as RequestInit);
      const text = await response.text();
      expectError({ status: response.status, json: JSON.parse(text), text, headers: response.headers }, 413, MESSAGES.tooLarge);
    });

    it("a body of exactly 64 KB is read (and then validated)", async () => {
      const base = JSON.stringify({ ...signupPayload(), last_name: "" });
      const padding = 64 * 1024 - Buffer.byteLength(base);
      const body = base.replace('"last_name":""', `"last_name":""${" ".repeat(padding)}`);
      expect(Buffer.byteLength(body)).toBe(64 * 1024);
      const res = await api(path, { body, headers: JSON_HEADERS });
      expectFieldError(res, "last_name", "Soyad zorunludur.");
    });
  });

  describe("with other methods", () => {
    it.each(["GET", "PUT", "DELETE"])("%s: 405 with Allow: POST", async (method) => {
      const res = await api(path, { method });
      expectError(res, 405, MESSAGES.methodNotAllowed);
      expect(res.headers.get("allow")).toBe("POST");
    });
  });

  describe("with an e-mail already registered", () => {
    it("409, also with other letter case and spaces, and nothing more is written", async () => {
      const first = signupPayload();
      expect((await api(path, { body: first })).status).toBe(201);

      for (const email of [first.email, `  ${first.email.toUpperCase()} `]) {
        const again = signupPayload({ email });
        const res = await api(path, { body: again });
        expectError(res, 409, MESSAGES.emailTaken);
        expect(await prisma.restaurant.count({ where: { name: again.restaurant_name } })).toBe(0);
      }
      expect(await usersWithEmail(first.email)).toBe(1);
    });
  });
});

describe("signup is all or nothing", () => {
  it("the two endpoints share one account namespace", async () => {
    const payload = signupPayload();
    expect((await api("/api/public/signup", { body: payload })).status).toBe(201);
    const res = await api("/api/auth/register", { body: signupPayload({ email: payload.email }) });
    expectError(res, 409, MESSAGES.emailTaken);
  });

  it("5 concurrent signups with one e-mail: exactly one 201, the rest 409, one restaurant with its 20 tables and menu", async () => {
    const email = uniqueEmail("race");
    const restaurantName = `Yarış Lokantası ${Math.random().toString(36).slice(2, 8)}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => api(SIGNUP_PATHS[i % 2]!, { body: signupPayload({ email, restaurant_name: restaurantName }) })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, results.map((r) => r.text).join("\n")).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, MESSAGES.emailTaken);

    const restaurants = await prisma.restaurant.findMany({ where: { name: restaurantName } });
    expect(restaurants).toHaveLength(1);
    const created = results.find((r) => r.status === 201)!;
    expect(restaurants[0]!.id).toBe(created.json.restaurant.id);
    expect(await usersWithEmail(email)).toBe(1);
    expect(await prisma.restaurantTable.count({ where: { restaurant: { name: restaurantName } } })).toBe(20);
    expect(await prisma.menuItem.count({ where: { restaurantId: restaurants[0]!.id } })).toBeGreaterThanOrEqual(6);
    expect(await prisma.user.count({ where: { restaurant: { name: restaurantName } } })).toBe(1);
  });

  it("concurrent signups of two owners with the same restaurant name both succeed, with distinct slugs", async () => {
    const restaurantName = `Aynı Ad ${Math.random().toString(36).slice(2, 8)}`;
    const results = await Promise.all(
      [0, 1, 2].map(() => api("/api/public/signup", { body: signupPayload({ restaurant_name: restaurantName }) })),
    );
    expect(
      results.map((r) => r.status),
      results.map((r) => r.text).join("\n"),
    ).toEqual([201, 201, 201]);
    const slugs = results.map((r) => r.json.restaurant.slug);
    expect(new Set(slugs).size).toBe(3);
    expect(await prisma.restaurant.count({ where: { name: restaurantName } })).toBe(3);
  });
});
