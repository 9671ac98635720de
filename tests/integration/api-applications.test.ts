// POST /api/application/submit and GET /api/application/status.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial, OWNER_NAME } from "../setup/floor";

const SENT = "Başvurunuz başarıyla gönderildi! Admin onayı bekleniyor.";
const NOT_NEEDED = "Deneme süreniz ya da aboneliğiniz devam ediyor; başvuruya gerek yok.";
const ALREADY_PENDING = "İncelenmekte olan bir başvurunuz zaten var.";

const submit = (tenant: Tenant, body: unknown) =>
  api("/api/application/submit", { token: tenant.token, body, headers: { "content-type": "application/json" } });
const status = (tenant: Tenant) => api("/api/application/status", { token: tenant.token });
const rows = (tenant: Tenant) =>
  prisma.premiumApplication.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: { id: "asc" } });

const FORM = {
  restaurant_name: "Deniz Lokantası",
  business_type: "cafe",
  business_description: "Sahil kenarında 40 kişilik kafe",
  requested_plan: "basic",
  monthly_customer_count: 1200,
  table_count: 12,
  staff_count: 5,
};

describe("GET /api/application/status", () => {
  it("no application: has_application false, application null", async () => {
    const tenant = await createTenant();
    const res = await status(tenant);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ has_application: false, application: null });
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/application/status"), 401, MESSAGES.unauthorized);
  });

  it("POST: 405", async () => {
    const tenant = await createTenant();
    expectError(await api("/api/application/status", { token: tenant.token, body: {} }), 405, MESSAGES.methodNotAllowed);
  });
});

describe("POST /api/application/submit", () => {
  it("while the trial runs: 409, nothing written", async () => {
    const tenant = await createTenant();
    expectError(await submit(tenant, FORM), 409, NOT_NEEDED);
    expect(await rows(tenant)).toHaveLength(0);
  });

  it("on a paid plan: 409", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await api("/api/trial/upgrade", { token: tenant.token, body: { plan: "pro" } })).status).toBe(200);
    expectError(await submit(tenant, FORM), 409, NOT_NEEDED);
    expect(await rows(tenant)).toHaveLength(0);
  });

  it("with an expired trial: 201, a pending application with the owner from the session; status shows it", async () => {
    const tenant = await createTenant();
    await prisma.user.update({ where: { id: tenant.userId }, data: { phone: "05551234567" } });
    await expireTrial(tenant);
    const res = await submit(tenant, { ...FORM, owner_email: "baskasi@example.com", owner_name: "Başkası", restaurant_id: 1 });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      success: true,
      message: SENT,
      application: {
        id: expect.any(Number),
        status: "pending",
        requested_plan: "basic",
        approved_plan: null,
        restaurant_name: "Deniz Lokantası",
        applied_at: expect.any(String),
        reviewed_at: null,
        admin_notes: null,
      },
    });

    const [row, ...rest] = await rows(tenant);
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      id: res.json.application.id,
      restaurantId: tenant.restaurantId,
      restaurantName: "Deniz Lokantası",
      businessType: "cafe",
      businessDescription: "Sahil kenarında 40 kişilik kafe",
      requestedPlan: "basic",
      monthlyCustomerCount: 1200,
      tableCount: 12,
      staffCount: 5,
      ownerName: OWNER_NAME,
      ownerEmail: tenant.email,
      ownerPhone: "05551234567",
      status: "pending",
    });
    expect(row!.appliedAt.toISOString()).toBe(res.json.application.applied_at);

    const st = await status(tenant);
    expect(st.status, st.text).toBe(200);
    expect(st.json).toEqual({ has_application: true, application: res.json.application });
  });

  it("defaults: business type restaurant, plan pro, counts null; counts may come as strings", async () => {
    const tenant = await createTenant();
    await expireTrial(tenant);
    const res = await submit(tenant, { restaurant_name: "  Köşe Büfe  ", table_count: "8", staff_count: "" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.application).toMatchObject({ requested_plan: "pro", restaurant_name: "Köşe Büfe" });
    const [row] = await rows(tenant);
    expect(row).toMatchObject({
      businessType: "restaurant",
      requestedPlan: "pro",
      tableCount: 8,
      staffCount: null,
      monthlyCustomerCount: null,
      businessDescription: null,
    });
  });

  it("a suspended subscription may not apply (issue 20: closed accounts are refused)", async () => {
    const tenant = await createTenant();
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { subscriptionStatus: "suspended" } });
    expect((await submit(tenant, FORM)).status).toBe(403);
  });

  it("a second one while the first is pending: 409; after it is rejected a new one is allowed", async () => {
    const tenant = await createTenant();
    await expireTrial(tenant);
    const first = await submit(tenant, FORM);
    expect(first.status, first.text).toBe(201);
    expectError(await submit(tenant, { ...FORM, requested_plan: "enterprise" }), 409, ALREADY_PENDING);
    expect(await rows(tenant)).toHaveLength(1);

    await prisma.premiumApplication.update({
      where: { id: first.json.application.id },
      data: { status: "rejected", reviewedAt: new Date() },
    });
    expect((await status(tenant)).json.application).toMatchObject({ id: first.json.application.id, status: "rejected" });

    const second = await submit(tenant, { ...FORM, requested_plan: "enterprise" });
    expect(second.status, second.text).toBe(201);
    expect(second.json.application).toMatchObject({ status: "pending", requested_plan: "enterprise" });
    expect(second.json.application.id).not.toBe(first.json.application.id);
    expect((await rows(tenant)).map((r) => r.status)).toEqual(["rejected", "pending"]);
    expect((await status(tenant)).json).toEqual({ has_application: true, application: second.json.application });
  });

  it("5 concurrent submits: exactly one application", async () => {
    const tenant = await createTenant();
    await expireTrial(tenant);
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(tenant, FORM)));
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join("\n")).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, ALREADY_PENDING);
    expect(await rows(tenant)).toHaveLength(1);
  });

  describe("refusals write nothing", () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await createTenant();
      await expireTrial(tenant);
    });

    it.each([
      ["no restaurant_name", { restaurant_name: undefined }, "restaurant_name", "İşletme adı zorunludur."],
      ["a blank restaurant_name", { restaurant_name: "   " }, "restaurant_name", "İşletme adı zorunludur."],
      ["table_count 0", { table_count: 0 }, "table_count", "Masa sayısı en az 1 olmalıdır."],
      ["staff_count 0", { staff_count: 0 }, "staff_count", "Personel sayısı en az 1 olmalıdır."],
      [
        "monthly_customer_count 'çok'",
        { monthly_customer_count: "çok" },
        "monthly_customer_count",
        "Aylık müşteri sayısı bir sayı olmalıdır.",
      ],
      ["table_count 2.5", { table_count: 2.5 }, "table_count", "Masa sayısı tam sayı olmalıdır."],
      ["requested_plan 'gold'", { requested_plan: "gold" }, "requested_plan", "Plan şunlardan biri olmalıdır: basic, pro, enterprise."],
      [
        "business_type 'spa'",
        { business_type: "spa" },
        "business_type",
        "İşletme türü şunlardan biri olmalıdır: restaurant, cafe, bar, fast_food, bakery.",
      ],
    ])("%s: 400", async (_name, patch, field, detail) => {
      expectFieldError(await submit(tenant, { ...FORM, ...patch }), field, detail);
      expect(await rows(tenant)).toHaveLength(0);
    });

    it("malformed JSON: 400", async () => {
      expectError(await submit(tenant, "{restaurant_name"), 400, MESSAGES.malformedJson);
      expect(await rows(tenant)).toHaveLength(0);
    });

    it("GET: 405", async () => {
      expectError(await api("/api/application/submit", { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
      expect(await rows(tenant)).toHaveLength(0);
    });
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/application/submit", { body: FORM }), 401, MESSAGES.unauthorized);
  });
});
