// Issue 11, dashboard and members (decisions 046, 047): /api/admin/metrics from real data, the
// members list and detail, the dashboard's plan selector through billing with its audit row,
// suspend / reactivate / cancel kept apart from the payment suspension, the restaurant told why.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminMetrics } from "~/modules/admin/metrics.server";
import { markInvoicePaid } from "~/modules/billing/billing.server";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createPlatformAdmin, getAdminPage, postAdminForm } from "../setup/admin";
import { DAY_MS, expectError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { menuOf, payOrder, placeOrder, postOrder } from "../setup/floor";
import { getPage, joinedText } from "../setup/pages";

const NOT_FOUND = "Üye bulunamadı.";
const SUSPENDED_GATE = "Aboneliğiniz aktif değil. Sipariş alma için planınızı yükseltin.";
const PAYMENT_HOLD_ONLY = "Bu üyelik ödenmemiş fatura nedeniyle askıda: fatura ödendi olarak işaretlendiğinde kendiliğinden açılır.";
const SPEC_MEMBER_FIELDS = [
  "created_at",
  "email",
  "id",
  "last_login",
  "owner_name",
  "phone",
  "restaurant_name",
  "subscription_plan",
  "subscription_status",
].sort();

type Admin = Awaited<ReturnType<typeof createPlatformAdmin>>;

const key = () => `k-${randomUUID()}`;
const metrics = (token?: string) => api("/api/admin/metrics", { token });
const customers = (admin: Admin, query = "") => api(`/api/admin/customers${query}`, { token: admin.token });
const setStatus = (admin: Admin, id: number | string, body: unknown, headers: Record<string, string> = {}) =>
  api(`/api/admin/customers/${id}/status`, { token: admin.token, body, headers });
const restaurantOf = (t: Tenant) => prisma.restaurant.findUniqueOrThrow({ where: { id: t.restaurantId } });
const auditOf = (t: Tenant) => prisma.adminAuditLog.findMany({ where: { restaurantId: t.restaurantId }, orderBy: { id: "asc" } });
/** A signup for Basic starts with 10 tables, which fits every plan. */
const basicTenant = () => createTenant({ manager: true, plan: "basic" });

/** A plan change from the dashboard as a browser without JavaScript posts it. */
const dashboardPlan = (admin: Admin, restaurantId: number | string, plan: string, changeKey = key()) =>
  postAdminForm(admin, "/admin/dashboard", { intent: "change-plan", restaurant_id: restaurantId, plan, change_key: changeKey });

/** Moves the restaurant's unpaid invoices' due date (and the copy the session reads) `days` into the past. */
async function dueDaysAgo(t: Tenant, days: number) {
  const dueAt = new Date(Date.now() - days * DAY_MS);
  await prisma.invoice.updateMany({ where: { restaurantId: t.restaurantId, status: "pending" }, data: { dueAt } });
  await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { paymentDueAt: dueAt } });
}

/** A restaurant on Basic with its first invoice unpaid (owner's own plan change). */
async function owingTenant() {
  const t = await basicTenant();
  const res = await api("/api/billing/change-plan", { method: "PUT", token: t.token, body: { subscription_plan: "basic" } });
  expect(res.status, res.text).toBe(200);
  return { tenant: t, invoiceId: res.json.invoice.id as number };
}

/** What the figures must be, counted straight from the tables. */
async function expectedMetrics() {
  const [total, active, byPlan, revenue, newest] = await Promise.all([
    prisma.restaurant.count(),
    prisma.restaurant.count({ where: { subscriptionStatus: "active" } }),
    prisma.restaurant.groupBy({ by: ["subscriptionPlan"], _count: { _all: true } }),
    prisma.$queryRaw<{ s: string | null }[]>`SELECT CAST(SUM(totalAmount) AS CHAR) AS s FROM invoices WHERE status = 'paid'`,
    prisma.restaurant.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 10, select: { id: true } }),
  ]);
  const plans = { free_trial: 0, basic: 0, pro: 0, enterprise: 0 } as Record<string, number>;
  for (const row of byPlan) plans[row.subscriptionPlan] = row._count._all;
  return {
    total_restaurants: total,
    active_restaurants: active,
    total_revenue: Number(Number(revenue[0]?.s ?? 0).toFixed(2)),
    plan_distribution: plans,
    recent_ids: newest.map((r) => r.id),
  };
}

describe("GET /api/admin/metrics", () => {
  it("401 without a session, 403 to a restaurant's token, 405 to a POST", async () => {
    expectError(await metrics(), 401, "Oturum açmanız gerekiyor.");
    const t = await createTenant();
    expect((await metrics(t.token)).status).toBe(403);
    const admin = await createPlatformAdmin();
    expect((await api("/api/admin/metrics", { token: admin.token, body: {} })).status).toBe(405);
  });

  it("equals what the database holds (read again until no other test wrote in between)", async () => {
    const admin = await createPlatformAdmin();
    const t = await createTenant();
    const { tenant: payer, invoiceId } = await owingTenant();
    await markInvoicePaid(invoiceId);
    let compared = false;
    for (let attempt = 0; attempt < 20 && !compared; attempt++) {
      const before = await expectedMetrics();
      const res = await metrics(admin.token);
      const after = await expectedMetrics();
      if (JSON.stringify(before) !== JSON.stringify(after)) continue;
      expect(res.status, res.text).toBe(200);
      const { recent_ids, ...figures } = before;
      expect(res.json).toMatchObject(figures);
      expect(res.json.recent_signups.map((r: { id: number }) => r.id)).toEqual(recent_ids);
      compared = true;
    }
    expect(compared, "the figures never held still").toBe(true);

    const res = await metrics(admin.token);
    expect(Object.keys(res.json.plan_distribution).sort()).toEqual(["basic", "enterprise", "free_trial", "pro"]);
    expect(res.json.recent_signups).toHaveLength(Math.min(10, res.json.total_restaurants));
    // Our two signups are the newest of all unless other tests signed up meanwhile: find them by id.
    const mine = res.json.recent_signups.find((r: { id: number }) => r.id === payer.restaurantId || r.id === t.restaurantId);
    if (mine) {
      expect(Object.keys(mine).sort()).toEqual(["created_at", "id", "name", "owner", "subscription_plan", "subscription_status"]);
      expect(mine.owner).toEqual({ name: "Test Sahibi", email: expect.stringContaining("@test.sofra.local") });
    }
    expect(res.text).not.toMatch(/passwordHash|argon2/);
  });

  it("monthly revenue: paid invoices of this calendar month in Europe/Istanbul, by the date paid", async () => {
    const t = await createTenant();
    // A month no other test pays in: March 2031. Istanbul is UTC+3 all year.
    const invoice = (paidAt: string, total: string, status: "paid" | "pending" = "paid") => {
      const at = new Date(paidAt);
      return prisma.invoice.create({
        data: {
          restaurantId: t.restaurantId,
          number: `T-${randomUUID().slice(0, 12)}`,
          plan: "basic",
          planPrice: total,
          totalAmount: total,
          // Prices include KDV (decision 062): only the total matters here.
          netAmount: (Number(total) / 1.2).toFixed(2),
          taxAmount: (Number(total) - Number((Number(total) / 1.2).toFixed(2))).toFixed(2),
          status,
          paidAt: status === "paid" ? at : null,
          periodStart: at,
          periodEnd: new Date(at.getTime() + 30 * DAY_MS),
          dueAt: at,
        },
      });
    };
    await invoice("2031-02-28T20:59:59.000Z", "1000.00"); // 28 February 23:59:59 in Istanbul
    await invoice("2031-02-28T21:00:00.000Z", "100.10"); // 1 March 00:00
    await invoice("2031-03-31T20:59:59.000Z", "20.25"); // 31 March 23:59:59
    await invoice("2031-03-31T21:00:00.000Z", "3000.00"); // 1 April 00:00
    await invoice("2031-03-10T10:00:00.000Z", "555.00", "pending");
    const m = await adminMetrics(new Date("2031-03-15T12:00:00.000Z"));
    expect(m.monthly_revenue).toBe(120.35);
    expect(m.month_start).toBe("2031-02-28T21:00:00.000Z");
    expect(m.total_revenue).toBeGreaterThanOrEqual(4120.35);
    await prisma.invoice.deleteMany({ where: { restaurantId: t.restaurantId } });
  });
});

describe("GET /api/admin/customers", () => {
  it("401 / 403 / the spec's member fields, never a password hash", async () => {
    expect((await api("/api/admin/customers")).status).toBe(401);
    const t = await createTenant({ phone: "05321234567" });
    expect((await api("/api/admin/customers", { token: t.token })).status).toBe(403);
    const admin = await createPlatformAdmin();
    const res = await customers(admin, "?page_size=100");
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toMatch(/passwordHash|password|argon2|token/i);
    for (const c of res.json.customers) expect(Object.keys(c).sort()).toEqual(SPEC_MEMBER_FIELDS);
    const mine = res.json.customers.find((c: { id: number }) => c.id === t.restaurantId);
    expect(mine).toMatchObject({
      restaurant_name: t.restaurantName,
      owner_name: "Test Sahibi",
      email: t.email,
      phone: "05321234567",
      subscription_plan: "free_trial",
      subscription_status: "active",
    });
    // The signup logged the owner in.
    expect(Date.parse(mine.last_login)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(res.json).toMatchObject({ filter: "all", page: 1, page_size: 100 });
    expect(res.json.total).toBeGreaterThanOrEqual(res.json.customers.length);
    expect(res.json.stats.total).toBe(res.json.stats.active + res.json.stats.inactive);
  });

  it("filters: active, inactive (everything but active), trial; pages are bounded", async () => {
    const admin = await createPlatformAdmin();
    const t = await createTenant();
    await setStatus(admin, t.restaurantId, { status: "suspended" });
    const inactive = await customers(admin, "?filter=inactive&page_size=100");
    expect(inactive.json.customers.length).toBeGreaterThan(0);
    for (const c of inactive.json.customers) expect(c.subscription_status).not.toBe("active");
    expect(inactive.json.customers.map((c: { id: number }) => c.id)).toContain(t.restaurantId);
    for (const c of (await customers(admin, "?filter=active&page_size=100")).json.customers) expect(c.subscription_status).toBe("active");
    for (const c of (await customers(admin, "?filter=trial&page_size=100")).json.customers) expect(c.subscription_plan).toBe("free_trial");

    const page = await customers(admin, "?page_size=2&page=1");
    expect(page.json.customers).toHaveLength(2);
    expect(page.json.pages).toBe(Math.ceil(page.json.total / 2));
    const past = await customers(admin, `?page_size=100&page=${page.json.total + 5}`);
    expect(past.status).toBe(200);
    expect(past.json.customers).toEqual([]);
  });

  it("bad queries are 400 in Turkish", async () => {
    const admin = await createPlatformAdmin();
    expectError(await customers(admin, "?filter=everyone"), 400, "Filtre şunlardan biri olmalıdır: all, active, inactive, trial.");
    expectError(await customers(admin, "?page=0"), 400, "Sayfa en az 1 olmalıdır.");
    expectError(await customers(admin, "?page=abc"), 400, "Sayfa bir sayı olmalıdır.");
    expectError(await customers(admin, "?page_size=101"), 400, "Sayfa boyutu en fazla 100 olabilir.");
  });

  it("GET /api/admin/customers/{id}: real figures; 404 for an unknown or malformed id", async () => {
    const admin = await createPlatformAdmin();
    const t = await createTenant();
    const menu = await menuOf(t);
    const order = await placeOrder(t, 3, [["Çay", 2]], menu);
    await placeOrder(t, 4, [["Çay", 1]], menu);
    expect((await payOrder(t, order.id)).status).toBe(200);
    const res = await api(`/api/admin/customers/${t.restaurantId}`, { token: admin.token });
    expect(res.status, res.text).toBe(200);
    const paid = await prisma.payment.findFirstOrThrow({ where: { orderId: order.id } });
    expect(res.json.figures).toMatchObject({ tables: 20, orders: 2, paid_orders: 1, revenue: Number(paid.amount), unpaid_invoices: 0 });
    expect(res.json.last_login).not.toBeNull();
    expectError(await api("/api/admin/customers/999999999", { token: admin.token }), 404, NOT_FOUND);
    expectError(await api("/api/admin/customers/abc", { token: admin.token }), 404, NOT_FOUND);
    expect((await api(`/api/admin/customers/${t.restaurantId}`, { token: t.token })).status).toBe(403);
  });
});

describe("the dashboard's plan selector", () => {
  it("changes the plan through billing: an invoice, an audit row, a flash; the same key again changes nothing", async () => {
    const admin = await createPlatformAdmin();
    const t = await basicTenant();
    const changeKey = key();
    const res = await dashboardPlan(admin, t.restaurantId, "pro", changeKey);
    expect(res.status, res.text).toBe(302);
    expect(res.location).toBe(`/admin/dashboard#signup-${t.restaurantId}`);
    expect((await restaurantOf(t)).subscriptionPlan).toBe("pro");
    const invoices = await prisma.invoice.findMany({ where: { restaurantId: t.restaurantId } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ plan: "pro", status: "pending", createKey: changeKey });
    const [audit] = await auditOf(t);
    expect(audit).toMatchObject({ adminId: admin.id, action: "plan_change", requestKey: changeKey });
    expect(audit!.details).toMatchObject({ from: "free_trial", to: "pro", invoice_number: invoices[0]!.number });

    const again = await dashboardPlan(admin, t.restaurantId, "pro", changeKey);
    expect(again.status).toBe(302);
    expect(await prisma.invoice.count({ where: { restaurantId: t.restaurantId } })).toBe(1);
    expect(await auditOf(t)).toHaveLength(1);

    const page = await getAdminPage(admin, "/admin/dashboard");
    expect(page.status).toBe(200);
  });

  it("two submits of one form at once change the plan once", async () => {
    const admin = await createPlatformAdmin();
    const t = await basicTenant();
    const changeKey = key();
    const results = await Promise.all([
      dashboardPlan(admin, t.restaurantId, "enterprise", changeKey),
      dashboardPlan(admin, t.restaurantId, "enterprise", changeKey),
    ]);
    expect(results.map((r) => r.status)).toEqual([302, 302]);
    expect(await prisma.invoice.count({ where: { restaurantId: t.restaurantId } })).toBe(1);
    expect(await auditOf(t)).toHaveLength(1);
  });

  it("refusals: the same plan 409, over the plan's limits 409, an unknown member 404, a bad plan 400; nothing logged", async () => {
    const admin = await createPlatformAdmin();
    const t = await basicTenant();
    expect((await dashboardPlan(admin, t.restaurantId, "basic")).status).toBe(302);
    const same = await dashboardPlan(admin, t.restaurantId, "basic");
    expect(same.status).toBe(409);
    expect(joinedText(same.text)).toContain("Üye zaten bu planda.");

    // A trial starts with 20 tables: Basic allows 10.
    const big = await createTenant();
    const over = await dashboardPlan(admin, big.restaurantId, "basic");
    expect(over.status).toBe(409);
    expect(joinedText(over.text)).toContain("Üyenin kullanımı bu plana sığmıyor: Basic planına geçmek için önce 10 masa kaldırın.");
    expect((await restaurantOf(big)).subscriptionPlan).toBe("free_trial");

    const unknown = await dashboardPlan(admin, 999999999, "pro");
    expect(unknown.status).toBe(404);
    expect(joinedText(unknown.text)).toContain(NOT_FOUND);
    expect((await dashboardPlan(admin, t.restaurantId, "free_trial")).status).toBe(400);
    expect((await dashboardPlan(admin, t.restaurantId, "gold")).status).toBe(400);
    expect(await auditOf(t)).toHaveLength(1);
    expect(await auditOf(big)).toHaveLength(0);
  });

  it("a suspended member's plan cannot be changed until reactivated (409)", async () => {
    const admin = await createPlatformAdmin();
    const t = await basicTenant();
    await setStatus(admin, t.restaurantId, { status: "suspended" });
    const res = await api(`/api/admin/customers/${t.restaurantId}/plan`, { token: admin.token, body: { plan: "pro" } });
    expectError(res, 409, "Üyelik aktif değil (askıda veya iptal): önce üyeliği yeniden etkinleştirin.");
    const ok = await setStatus(admin, t.restaurantId, { status: "active" });
    expect(ok.status, ok.text).toBe(200);
    const changed = await api(`/api/admin/customers/${t.restaurantId}/plan`, { token: admin.token, body: { plan: "pro" } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ subscription_plan: "pro", invoice: { plan: "pro", status: "pending" } });
  });
});

describe("POST /api/admin/customers/{id}/status", () => {
  it("suspend closes every feature and the restaurant sees why; reactivate opens them; each step audited", async () => {
    const admin = await createPlatformAdmin();
    const t = await createTenant({ manager: true });
    const res = await setStatus(admin, t.restaurantId, { status: "suspended", note: "Sözleşme ihlali incelemesi" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: "Üyelik askıya alındı.", id: t.restaurantId, subscription_status: "suspended" });
    expect(await restaurantOf(t)).toMatchObject({
      subscriptionStatus: "suspended",
      paymentSuspendedAt: null,
      adminStatusNote: "Sözleşme ihlali incelemesi",
    });
    expectError(await postOrder(t, { items: [] }), 403, SUSPENDED_GATE);
    const page = joinedText((await getPage(t, "/app/profile")).text);
    expect(page).toContain("Hesabınız Sofra tarafından askıya alındı");
    expect(page).toContain("Açıklama: Sözleşme ihlali incelemesi");
    expect(page).not.toContain("ödenmemiş faturanız var");

    expectError(await setStatus(admin, t.restaurantId, { status: "suspended" }), 409, "Üyelik zaten askıda.");
    const back = await setStatus(admin, t.restaurantId, { status: "active" });
    expect(back.json).toMatchObject({ message: "Üyelik yeniden etkinleştirildi.", subscription_status: "active" });
    expect(await restaurantOf(t)).toMatchObject({ subscriptionStatus: "active", adminSuspendedAt: null, adminStatusNote: null });
    expect((await postOrder(t, { items: [] })).status).toBe(400);
    expect(joinedText((await getPage(t, "/app/profile")).text)).not.toContain("askıya alındı");
    expectError(await setStatus(admin, t.restaurantId, { status: "active" }), 409, "Üyelik zaten aktif.");

    const audit = await auditOf(t);
    expect(audit.map((a) => [a.action, a.adminId])).toEqual([
      ["suspend", admin.id],
      ["reactivate", admin.id],
    ]);
    expect(audit[0]!.details).toMatchObject({ from: "active", to: "suspended", note: "Sözleşme ihlali incelemesi" });
  });

  it("cancel: cancelled, told so, 409 again, re-opened by a reactivation", async () => {
    const admin = await createPlatformAdmin();
    const t = await createTenant();
    const res = await setStatus(admin, t.restaurantId, { status: "cancelled" });
    expect(res.json).toMatchObject({ message: "Üyelik iptal edildi.", subscription_status: "cancelled" });
    expect((await restaurantOf(t)).cancelledAt).not.toBeNull();
    expect(joinedText((await getPage(t, "/app/profile")).text)).toContain("Üyeliğiniz iptal edildi");
    expectError(await setStatus(admin, t.restaurantId, { status: "cancelled" }), 409, "Üyelik zaten iptal edilmiş.");
    expectError(
      await setStatus(admin, t.restaurantId, { status: "suspended" }),
      409,
      "İptal edilmiş bir üyelik askıya alınamaz; önce yeniden etkinleştirin.",
    );
    expect((await setStatus(admin, t.restaurantId, { status: "active" })).json.subscription_status).toBe("active");
    expect((await restaurantOf(t)).cancelledAt).toBeNull();
  });

  it("the same key again answers the first result (Idempotent-Replay), at once or later", async () => {
    const admin = await createPlatformAdmin();
    const t = await createTenant();
    const statusKey = key();
    const [a, b] = await Promise.all([
      setStatus(admin, t.restaurantId, { status: "suspended", status_key: statusKey }),
      setStatus(admin, t.restaurantId, { status: "suspended", status_key: statusKey }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.headers.get("idempotent-replay"), b.headers.get("idempotent-replay")].sort()).toEqual(["true", null].sort());
    const header = await setStatus(admin, t.restaurantId, { status: "suspended" }, { "Idempotency-Key": statusKey });
    expect(header.status).toBe(200);
    expect(header.headers.get("idempotent-replay")).toBe("true");
    expect(await auditOf(t)).toHaveLength(1);
  });

  it("reactivate never silently undoes a payment suspension", async () => {
    const admin = await createPlatformAdmin();
    // Suspended for an unpaid invoice (14 days past due): the admin's action records it before acting,
    // even when neither the billing job nor a billing screen has yet.
    const { tenant: t, invoiceId } = await owingTenant();
    await dueDaysAgo(t, 15);
    expect(await restaurantOf(t)).toMatchObject({ subscriptionStatus: "active" });
    expectError(await setStatus(admin, t.restaurantId, { status: "active" }), 409, PAYMENT_HOLD_ONLY);
    expect(await restaurantOf(t)).toMatchObject({ subscriptionStatus: "suspended", adminSuspendedAt: null });
    expect((await restaurantOf(t)).paymentSuspendedAt).not.toBeNull();

    // The admin suspends as well: paying then lifts only the payment hold.
    expect((await setStatus(admin, t.restaurantId, { status: "suspended" })).status).toBe(200);
    await markInvoicePaid(invoiceId);
    expect(await restaurantOf(t)).toMatchObject({ subscriptionStatus: "suspended", paymentSuspendedAt: null });
    expect((await restaurantOf(t)).adminSuspendedAt).not.toBeNull();
    expect((await setStatus(admin, t.restaurantId, { status: "active" })).json.subscription_status).toBe("active");
  });

  it("an admin-suspended member whose invoice went 14 days overdue stays suspended for the payment when reactivated", async () => {
    const admin = await createPlatformAdmin();
    const { tenant: t, invoiceId } = await owingTenant();
    await setStatus(admin, t.restaurantId, { status: "suspended" });
    await dueDaysAgo(t, 15);
    const res = await setStatus(admin, t.restaurantId, { status: "active" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ subscription_status: "suspended", message: expect.stringContaining("Yönetici askısı kaldırıldı") });
    expect(await restaurantOf(t)).toMatchObject({ subscriptionStatus: "suspended", adminSuspendedAt: null });
    expect((await restaurantOf(t)).paymentSuspendedAt).not.toBeNull();
    expect(joinedText((await getPage(t, "/app/profile")).text)).toContain("ödenmemiş faturanız var");
    await markInvoicePaid(invoiceId);
    expect((await restaurantOf(t)).subscriptionStatus).toBe("active");
  });

  it("bad input: 400 status, 404 unknown member, 415 not JSON, 400 malformed JSON, 401 / 403", async () => {
    const admin = await createPlatformAdmin();
    const t = await createTenant();
    expectError(
      await setStatus(admin, t.restaurantId, { status: "paused" }),
      400,
      "Durum şunlardan biri olmalıdır: active, suspended, cancelled.",
    );
    expectError(await setStatus(admin, t.restaurantId, {}), 400, "Durum zorunludur.");
    expectError(
      await setStatus(admin, t.restaurantId, { status: "suspended", note: "x".repeat(501) }),
      400,
      "Açıklama en fazla 500 karakter olabilir.",
    );
    expectError(await setStatus(admin, 999999999, { status: "suspended" }), 404, NOT_FOUND);
    expectError(await setStatus(admin, "abc", { status: "suspended" }), 404, NOT_FOUND);
    expectError(
      await api(`/api/admin/customers/${t.restaurantId}/status`, {
        token: admin.token,
        body: "status=suspended",
        headers: { "content-type": "text/plain" },
      }),
      415,
      MESSAGES.unsupportedMediaType,
    );
    expectError(
      await api(`/api/admin/customers/${t.restaurantId}/status`, {
        token: admin.token,
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
      MESSAGES.malformedJson,
    );
    expect((await api(`/api/admin/customers/${t.restaurantId}/status`, { body: { status: "suspended" } })).status).toBe(401);
    expect((await api(`/api/admin/customers/${t.restaurantId}/status`, { token: t.token, body: { status: "suspended" } })).status).toBe(
      403,
    );
    expect((await restaurantOf(t)).subscriptionStatus).toBe("active");
  });

  it("the note fits its column", async () => {
    const [row] = await prisma.$queryRaw<{ n: bigint }[]>`
      SELECT CHARACTER_MAXIMUM_LENGTH AS n FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'restaurants' AND COLUMN_NAME = 'adminStatusNote'`;
    expect(Number(row!.n)).toBeGreaterThanOrEqual(500);
  });
});

describe("the members pages", () => {
  it("the member page changes the plan too (any member, not only the ten newest)", async () => {
    const admin = await createPlatformAdmin();
    const t = await basicTenant();
    const changeKey = key();
    const post = () =>
      postAdminForm(admin, `/admin/members/${t.restaurantId}`, { intent: "change-plan", plan: "enterprise", change_key: changeKey });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(a.location).toBe(`/admin/members/${t.restaurantId}`);
    expect((await restaurantOf(t)).subscriptionPlan).toBe("enterprise");
    expect(await prisma.invoice.count({ where: { restaurantId: t.restaurantId } })).toBe(1);
    expect((await auditOf(t)).map((r) => r.action)).toEqual(["plan_change"]);
    const page = joinedText((await getAdminPage(admin, `/admin/members/${t.restaurantId}`)).text);
    expect(page).toContain("Plan değişikliği");
    expect(page).toContain("Ücretsiz Deneme → Enterprise");
  });

  it("list with stats and filters, detail with figures and a cancel confirmation, forms without JavaScript", async () => {
    const admin = await createPlatformAdmin();
    const t = await createTenant();
    const list = await getAdminPage(admin, "/admin/members?filter=trial");
    expect(list.status).toBe(200);
    const text = joinedText(list.text);
    for (const label of ["Toplam", "Aktif", "Pasif", "Deneme"]) expect(text).toContain(label);
    expect((await getAdminPage(admin, "/admin/members?filter=nobody")).status).toBe(400);

    const detail = await getAdminPage(admin, `/admin/members/${t.restaurantId}`);
    expect(detail.status).toBe(200);
    expect(joinedText(detail.text)).toContain(t.restaurantName);
    expect(joinedText(detail.text)).toContain("Masalar");
    expect((await getAdminPage(admin, "/admin/members/999999999")).status).toBe(404);
    expect((await getAdminPage(admin, "/admin/members/abc")).status).toBe(404);

    const confirm = joinedText((await getAdminPage(admin, `/admin/members/${t.restaurantId}?confirm=cancel`)).text);
    expect(confirm).toContain("Üyelik iptal edilsin mi?");
    const statusKey = /name="status_key" value="([^"]+)"/.exec(confirm)?.[1];
    expect(statusKey).toBeTruthy();
    const post = await postAdminForm(admin, `/admin/members/${t.restaurantId}`, {
      intent: "status",
      action: "cancel",
      note: "Sahibin isteği",
      status_key: statusKey!,
    });
    expect(post.status, post.text).toBe(302);
    expect(post.location).toBe(`/admin/members/${t.restaurantId}`);
    expect((await restaurantOf(t)).subscriptionStatus).toBe("cancelled");
    const refused = await postAdminForm(admin, `/admin/members/${t.restaurantId}`, {
      intent: "status",
      action: "cancel",
      status_key: key(),
    });
    expect(refused.status).toBe(409);
    expect(joinedText(refused.text)).toContain("Üyelik zaten iptal edilmiş.");
    expect(
      (await postAdminForm(admin, `/admin/members/${t.restaurantId}`, { intent: "status", action: "explode", status_key: key() })).status,
    ).toBe(400);
    expect(
      (await postAdminForm(admin, "/admin/members/999999999", { intent: "status", action: "suspend", status_key: key() })).status,
    ).toBe(404);
  });
});
