// GET /api/trial/status, GET /api/trial/check-feature/{feature},
// POST /api/trial/extend and POST /api/trial/upgrade.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { DAY_MS, expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";

const FEATURES = [
  "order_taking",
  "payment_processing",
  "menu_management",
  "table_management",
  "staff_management",
  "stock_management",
  "reservations",
  "discounts",
  "settings_edit",
  "reports_daily",
  "reports_full",
  "qr_menu",
];
const allFeatures = (value: boolean) => Object.fromEntries(FEATURES.map((f) => [f, value]));

const EXPIRED_CANNOT_EXTEND = "Deneme süresi dolmuş; uzatılamaz. Lütfen bir plan seçin.";
const EXTENSION_CAP = "Deneme süresi toplamda en fazla 7 gün uzatılabilir.";
const NOT_ON_TRIAL = "Deneme süresi yalnızca deneme sürümündeyken uzatılabilir.";
const ALREADY_PAID = "Zaten ücretli bir plandasınız; plan değişikliği Ayarlar > Faturalandırma bölümündedir.";
const UPGRADED = "Abonelik başarıyla yükseltildi!";

const status = (tenant: Tenant) => api("/api/trial/status", { token: tenant.token });
const feature = (tenant: Tenant, name: string) => api(`/api/trial/check-feature/${name}`, { token: tenant.token });
const extend = (tenant: Tenant, body?: unknown) => api("/api/trial/extend", { method: "POST", token: tenant.token, body });
const upgrade = (tenant: Tenant, body: unknown) => api("/api/trial/upgrade", { method: "POST", token: tenant.token, body });
const restaurantOf = (tenant: Tenant) => prisma.restaurant.findUniqueOrThrow({ where: { id: tenant.restaurantId } });
const setTrialEnd = (tenant: Tenant, trialEndsAt: Date) =>
  prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { trialEndsAt } });
const expire = (tenant: Tenant) => setTrialEnd(tenant, new Date(Date.now() - 60_000));

describe("GET /api/trial/status", () => {
  it("a fresh trial: 14 days left, not expired, every feature open", async () => {
    const tenant = await createTenant();
    const res = await status(tenant);
    expect(res.status, res.text).toBe(200);
    const row = await restaurantOf(tenant);
    expect(res.json).toEqual({
      is_trial: true,
      trial_days_remaining: 14,
      trial_end_date: row.trialEndsAt!.toISOString(),
      is_expired: false,
      upgrade_required: false,
      can_access_feature: allFeatures(true),
      subscription_plan: "free_trial",
      subscription_status: "active",
    });
  });

  it("an expired trial: 0 days, expired, upgrade required, every feature closed", async () => {
    const tenant = await createTenant();
    await expire(tenant);
    const res = await status(tenant);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      is_trial: true,
      trial_days_remaining: 0,
      is_expired: true,
      upgrade_required: true,
      can_access_feature: allFeatures(false),
    });
  });

  it("an hour left: 1 day remaining, still open", async () => {
    const tenant = await createTenant();
    const end = new Date(Date.now() + 60 * 60 * 1000);
    await setTrialEnd(tenant, end);
    const res = await status(tenant);
    expect(res.json).toMatchObject({
      trial_days_remaining: 1,
      trial_end_date: end.toISOString(),
      is_expired: false,
      upgrade_required: false,
      can_access_feature: allFeatures(true),
    });
  });

  it("a suspended subscription requires an upgrade and closes features", async () => {
    const tenant = await createTenant();
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { subscriptionStatus: "suspended" } });
    const res = await status(tenant);
    expect(res.json).toMatchObject({ is_expired: false, upgrade_required: true, can_access_feature: allFeatures(false) });
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/trial/status"), 401, MESSAGES.unauthorized);
  });

  it("with an unknown token: 401 session-expired", async () => {
    expectError(await api("/api/trial/status", { token: "eskimis-token" }), 401, MESSAGES.sessionExpired);
  });

  it("POST: 405", async () => {
    const tenant = await createTenant();
    expectError(await api("/api/trial/status", { method: "POST", token: tenant.token, body: {} }), 405, MESSAGES.methodNotAllowed);
  });
});

describe("GET /api/trial/check-feature/{feature}", () => {
  it("a known feature on a fresh trial: can_access true", async () => {
    const tenant = await createTenant();
    for (const name of ["order_taking", "qr_menu"]) {
      const res = await feature(tenant, name);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ feature: name, can_access: true });
    }
  });

  it("an expired trial: can_access false", async () => {
    const tenant = await createTenant();
    await expire(tenant);
    const res = await feature(tenant, "order_taking");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ feature: "order_taking", can_access: false });
  });

  it("the basic plan has no QR menu but takes orders", async () => {
    // Signed up for Basic: 10 tables, within Basic's limits (a plan change over them is 409).
    const tenant = await createTenant({ manager: true, plan: "basic" });
    expect((await upgrade(tenant, { plan: "basic" })).status).toBe(200);
    expect((await feature(tenant, "qr_menu")).json).toEqual({ feature: "qr_menu", can_access: false });
    expect((await feature(tenant, "reports_full")).json).toEqual({ feature: "reports_full", can_access: false });
    expect((await feature(tenant, "order_taking")).json).toEqual({ feature: "order_taking", can_access: true });
  });

  it("an unknown feature: 404 naming it and the valid ones", async () => {
    const tenant = await createTenant();
    const res = await feature(tenant, "teleport");
    expectError(res, 404, `Bilinmeyen özellik: teleport. Geçerli olanlar: ${FEATURES.join(", ")}.`);
    expect(res.json.detail.startsWith("Bilinmeyen özellik: ")).toBe(true);
  });

  it("an unknown feature's name is cut to 64 characters in the message", async () => {
    const tenant = await createTenant();
    const res = await feature(tenant, "x".repeat(200));
    expectError(res, 404, `Bilinmeyen özellik: ${"x".repeat(64)}. Geçerli olanlar: ${FEATURES.join(", ")}.`);
  });

  it("without a token: 401 (before the feature is looked at)", async () => {
    expectError(await api("/api/trial/check-feature/order_taking"), 401, MESSAGES.unauthorized);
    expectError(await api("/api/trial/check-feature/teleport"), 401, MESSAGES.unauthorized);
  });

  it("POST: 405", async () => {
    const tenant = await createTenant();
    expectError(
      await api("/api/trial/check-feature/order_taking", { method: "POST", token: tenant.token, body: {} }),
      405,
      MESSAGES.methodNotAllowed,
    );
  });
});

describe("POST /api/trial/extend", () => {
  it("by default: 200 'Deneme süresi 1 gün uzatıldı!' and the trial ends exactly one day later", async () => {
    const tenant = await createTenant({ manager: true });
    const before = (await restaurantOf(tenant)).trialEndsAt!;
    const res = await extend(tenant);
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe("Deneme süresi 1 gün uzatıldı!");
    const after = (await restaurantOf(tenant)).trialEndsAt!;
    expect(after.getTime() - before.getTime()).toBe(DAY_MS);
    expect(res.json.trial_status).toMatchObject({
      is_trial: true,
      trial_days_remaining: 15,
      trial_end_date: after.toISOString(),
      is_expired: false,
    });
    expect((await status(tenant)).json.trial_days_remaining).toBe(15);
  });

  it("with days: 3 moves the end exactly three days", async () => {
    const tenant = await createTenant({ manager: true });
    const before = (await restaurantOf(tenant)).trialEndsAt!;
    const res = await extend(tenant, { days: 3 });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe("Deneme süresi 3 gün uzatıldı!");
    expect((await restaurantOf(tenant)).trialEndsAt!.getTime() - before.getTime()).toBe(3 * DAY_MS);
  });

  it("not in manager mode: 403 and nothing changes", async () => {
    const tenant = await createTenant();
    const before = (await restaurantOf(tenant)).trialEndsAt!;
    expectError(await extend(tenant), 403, MESSAGES.managerOnly);
    expect((await restaurantOf(tenant)).trialEndsAt).toEqual(before);
  });

  it.each([
    ["a string", { days: "x" }, "Gün sayısı tam sayı olmalıdır."],
    ["a numeric string", { days: "2" }, "Gün sayısı tam sayı olmalıdır."],
    ["a fraction", { days: 1.5 }, "Gün sayısı tam sayı olmalıdır."],
    ["null", { days: null }, "Gün sayısı tam sayı olmalıdır."],
    ["zero", { days: 0 }, "En az 1 gün uzatılabilir."],
    ["a negative number", { days: -3 }, "En az 1 gün uzatılabilir."],
    ["more than 7", { days: 8 }, "En fazla 7 gün uzatılabilir."],
  ])("days as %s: 400 and nothing changes", async (_name, body, detail) => {
    const tenant = await createTenant({ manager: true });
    const before = (await restaurantOf(tenant)).trialEndsAt!;
    expectFieldError(await extend(tenant, body), "days", detail);
    expect((await restaurantOf(tenant)).trialEndsAt).toEqual(before);
  });

  it("up to 7 days in all, then 409", async () => {
    const tenant = await createTenant({ manager: true });
    const start = (await restaurantOf(tenant)).trialEndsAt!;
    expect((await extend(tenant, { days: 6 })).status).toBe(200);
    expect((await extend(tenant)).status).toBe(200);
    expectError(await extend(tenant), 409, EXTENSION_CAP);
    expect((await restaurantOf(tenant)).trialEndsAt!.getTime() - start.getTime()).toBe(7 * DAY_MS);
  });

  it("an extension that would pass the cap is refused whole", async () => {
    const tenant = await createTenant({ manager: true });
    const start = (await restaurantOf(tenant)).trialEndsAt!;
    expect((await extend(tenant, { days: 5 })).status).toBe(200);
    expectError(await extend(tenant, { days: 3 }), 409, EXTENSION_CAP);
    expect((await restaurantOf(tenant)).trialEndsAt!.getTime() - start.getTime()).toBe(5 * DAY_MS);
  });

  it("8 concurrent one-day extensions: exactly 7 succeed", async () => {
    const tenant = await createTenant({ manager: true });
    const start = (await restaurantOf(tenant)).trialEndsAt!;
    const results = await Promise.all(Array.from({ length: 8 }, () => extend(tenant)));
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join("\n")).toEqual([200, 200, 200, 200, 200, 200, 200, 409]);
    expectError(
      results.find((r) => r.status === 409)!,
      409,
      EXTENSION_CAP,
    );
    expect((await restaurantOf(tenant)).trialEndsAt!.getTime() - start.getTime()).toBe(7 * DAY_MS);
  });

  it("an expired trial: 409 and nothing changes", async () => {
    const tenant = await createTenant({ manager: true });
    await expire(tenant);
    const before = (await restaurantOf(tenant)).trialEndsAt!;
    expectError(await extend(tenant), 409, EXPIRED_CANNOT_EXTEND);
    expect((await restaurantOf(tenant)).trialEndsAt).toEqual(before);
  });

  it("after an upgrade: 409", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await upgrade(tenant, { plan: "pro" })).status).toBe(200);
    expectError(await extend(tenant), 409, NOT_ON_TRIAL);
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/trial/extend", { method: "POST" }), 401, MESSAGES.unauthorized);
  });

  it("GET: 405", async () => {
    const tenant = await createTenant({ manager: true });
    expectError(await api("/api/trial/extend", { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
  });
});

describe("POST /api/trial/upgrade", () => {
  it("pro, monthly by default: 200, the plan changes and one pending invoice of 399.00 is written", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await upgrade(tenant, { plan: "pro" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      message: UPGRADED,
      subscription_plan: "pro",
      trial_status: { is_trial: false, is_expired: false, upgrade_required: false, can_access_feature: allFeatures(true) },
    });

    const row = await restaurantOf(tenant);
    expect(row.subscriptionPlan).toBe("pro");
    expect(row.subscriptionStatus).toBe("active");
    expect(row.billingCycle).toBe("monthly");
    const invoices = await prisma.invoice.findMany({ where: { restaurantId: tenant.restaurantId } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.status).toBe("pending");
    expect(invoices[0]!.plan).toBe("pro");
    expect(invoices[0]!.billingCycle).toBe("monthly");
    expect(invoices[0]!.totalAmount.toFixed(2)).toBe("399.00");
    const periodDays = (invoices[0]!.periodEnd.getTime() - invoices[0]!.periodStart.getTime()) / DAY_MS;
    expect(periodDays).toBeGreaterThanOrEqual(28);
    expect(periodDays).toBeLessThanOrEqual(31);

    const me = await api("/api/auth/me", { token: tenant.token });
    expect(me.json.restaurant.subscription_plan).toBe("pro");
    expect((await status(tenant)).json).toMatchObject({ is_trial: false, subscription_plan: "pro", trial_days_remaining: 0 });
  });

  it("pro yearly: one pending invoice of 3990.00", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await upgrade(tenant, { plan: "pro", billing_cycle: "yearly" });
    expect(res.status, res.text).toBe(200);
    expect((await restaurantOf(tenant)).billingCycle).toBe("yearly");
    const invoices = await prisma.invoice.findMany({ where: { restaurantId: tenant.restaurantId } });
    expect(invoices.map((i) => [i.status, i.billingCycle, i.totalAmount.toFixed(2)])).toEqual([["pending", "yearly", "3990.00"]]);
  });

  it("basic: 199.00, and the pro-only features close", async () => {
    const tenant = await createTenant({ manager: true, plan: "basic" });
    const res = await upgrade(tenant, { plan: "basic", billing_cycle: "monthly" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.subscription_plan).toBe("basic");
    expect(res.json.trial_status.can_access_feature).toEqual({ ...allFeatures(true), reports_full: false, qr_menu: false });
    const invoices = await prisma.invoice.findMany({ where: { restaurantId: tenant.restaurantId } });
    expect(invoices.map((i) => [i.plan, i.status, i.totalAmount.toFixed(2)])).toEqual([["basic", "pending", "199.00"]]);
  });

  it("an expired trial can still upgrade, and its features open again", async () => {
    const tenant = await createTenant({ manager: true });
    await expire(tenant);
    const res = await upgrade(tenant, { plan: "pro" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.trial_status).toMatchObject({ is_expired: false, upgrade_required: false, can_access_feature: allFeatures(true) });
  });

  it("a second upgrade: 409, and still one invoice", async () => {
    const tenant = await createTenant({ manager: true, plan: "basic" });
    expect((await upgrade(tenant, { plan: "basic" })).status).toBe(200);
    expectError(await upgrade(tenant, { plan: "pro" }), 409, ALREADY_PAID);
    expect((await restaurantOf(tenant)).subscriptionPlan).toBe("basic");
    expect(await prisma.invoice.count({ where: { restaurantId: tenant.restaurantId } })).toBe(1);
  });

  it("3 concurrent upgrades: exactly one succeeds, one invoice", async () => {
    const tenant = await createTenant({ manager: true, plan: "basic" });
    const results = await Promise.all([
      upgrade(tenant, { plan: "pro" }),
      upgrade(tenant, { plan: "basic" }),
      upgrade(tenant, { plan: "pro" }),
    ]);
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join("\n")).toEqual([200, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, ALREADY_PAID);
    expect(await prisma.invoice.count({ where: { restaurantId: tenant.restaurantId } })).toBe(1);
  });

  it("not in manager mode: 403, nothing changes", async () => {
    const tenant = await createTenant();
    expectError(await upgrade(tenant, { plan: "pro" }), 403, MESSAGES.managerOnly);
    expect((await restaurantOf(tenant)).subscriptionPlan).toBe("free_trial");
    expect(await prisma.invoice.count({ where: { restaurantId: tenant.restaurantId } })).toBe(0);
  });

  it.each([
    ["enterprise (not self-service)", { plan: "enterprise" }, "plan", "Plan şunlardan biri olmalıdır: basic, pro."],
    ["the trial", { plan: "free_trial" }, "plan", "Plan şunlardan biri olmalıdır: basic, pro."],
    ["no plan", {}, "plan", "Plan zorunludur."],
    ["a numeric plan", { plan: 2 }, "plan", "Plan şunlardan biri olmalıdır: basic, pro."],
    [
      "a weekly cycle",
      { plan: "pro", billing_cycle: "weekly" },
      "billing_cycle",
      "Ödeme dönemi şunlardan biri olmalıdır: monthly, yearly.",
    ],
  ])("%s: 400, nothing changes", async (_name, body, field, detail) => {
    const tenant = await createTenant({ manager: true });
    expectFieldError(await upgrade(tenant, body), field, detail);
    expect((await restaurantOf(tenant)).subscriptionPlan).toBe("free_trial");
    expect(await prisma.invoice.count({ where: { restaurantId: tenant.restaurantId } })).toBe(0);
  });

  it("a text/plain body: 415", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await api("/api/trial/upgrade", { token: tenant.token, body: '{"plan":"pro"}', headers: { "content-type": "text/plain" } });
    expectError(res, 415, MESSAGES.unsupportedMediaType);
    expect((await restaurantOf(tenant)).subscriptionPlan).toBe("free_trial");
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/trial/upgrade", { body: { plan: "pro" } }), 401, MESSAGES.unauthorized);
  });

  it("GET: 405", async () => {
    const tenant = await createTenant({ manager: true });
    expectError(await api("/api/trial/upgrade", { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
  });
});
