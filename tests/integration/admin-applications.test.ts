// Issue 11: the platform admin reviews premium applications (GET /api/admin/applications,
// POST /api/admin/applications/approve, /admin/applications) and marks bank transfers received
// (GET /api/admin/invoices, POST /api/admin/invoices/{id}/mark-paid, /admin/invoices); the
// restaurant sees the decision and is unblocked (decision 048).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ALREADY_DECIDED, APPLICATION_NOT_FOUND, REVIEW_FAILED } from "~/modules/billing/review-rules";
import { APPROVAL_ADMIN_HOLD, APPROVAL_OVERDUE, runBillingClocks } from "~/modules/billing/billing.server";
import { prisma } from "~/utils/db.server";
import { adminCookie, createPlatformAdmin, getAdminPage, postAdminForm, type PlatformAdminAccount } from "../setup/admin";
import { api, baseUrl, randomIp } from "../setup/api";
import { DAY_MS, expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial } from "../setup/floor";
import { getPage, joinedText } from "../setup/pages";

let admin: PlatformAdminAccount;
beforeAll(async () => {
  admin = await createPlatformAdmin();
});

const JSON_TYPE = { "content-type": "application/json" };
const list = (query = "") => api(`/api/admin/applications${query}`, { token: admin.token });
const decide = (body: unknown, headers: Record<string, string> = {}) =>
  api("/api/admin/applications/approve", { token: admin.token, body, headers: { ...JSON_TYPE, ...headers } });
const invoices = (query = "") => api(`/api/admin/invoices${query}`, { token: admin.token });
const markPaid = (id: number | string) => api(`/api/admin/invoices/${id}/mark-paid`, { token: admin.token, method: "POST" });
const restaurantOf = (t: Tenant) => prisma.restaurant.findUniqueOrThrow({ where: { id: t.restaurantId } });
const invoiceRows = (t: Tenant) => prisma.invoice.findMany({ where: { restaurantId: t.restaurantId }, orderBy: { id: "asc" } });
const canOrder = async (t: Tenant) => (await api("/api/trial/check-feature/order_taking", { token: t.token })).json.can_access;

const APPLICATION = {
  restaurant_name: "Deniz Lokantası",
  business_type: "cafe",
  business_description: "Sahil kenarında 40 kişilik kafe",
  requested_plan: "pro",
  monthly_customer_count: 1200,
  table_count: 12,
  staff_count: 5,
};

/** A restaurant whose trial ended and which applied (through the real endpoint). */
async function applicant(overrides: Record<string, unknown> = {}) {
  const tenant = await createTenant();
  await expireTrial(tenant);
  const res = await api("/api/application/submit", {
    token: tenant.token,
    body: { ...APPLICATION, restaurant_name: tenant.restaurantName, ...overrides },
    headers: JSON_TYPE,
  });
  if (res.status !== 201) throw new Error(`apply failed: ${res.status} ${res.text}`);
  return { tenant, applicationId: res.json.application.id as number };
}

describe("GET /api/admin/applications", () => {
  it("the spec's fields (owner_email included), filtered by status; empty or none is all", async () => {
    const a = await applicant();
    const b = await applicant({ requested_plan: "basic" });
    expect((await decide({ application_id: b.applicationId, status: "rejected", admin_notes: "Eksik bilgi" })).status).toBe(200);

    const pending = await list("?status=pending");
    expect(pending.status, pending.text).toBe(200);
    const row = pending.json.applications.find((x: any) => x.id === a.applicationId);
    expect(row).toEqual({
      id: a.applicationId,
      restaurant_id: a.tenant.restaurantId,
      restaurant_name: a.tenant.restaurantName,
      business_type: "cafe",
      owner_name: "Test Sahibi",
      owner_email: a.tenant.email,
      owner_phone: null,
      requested_plan: "pro",
      approved_plan: null,
      business_description: "Sahil kenarında 40 kişilik kafe",
      table_count: 12,
      staff_count: 5,
      monthly_customer_count: 1200,
      applied_at: expect.any(String),
      reviewed_at: null,
      reviewed_by: null,
      admin_notes: null,
      status: "pending",
    });
    expect(pending.json.applications.every((x: any) => x.status === "pending")).toBe(true);
    expect(pending.json.applications.some((x: any) => x.id === b.applicationId)).toBe(false);

    const rejected = await list("?status=rejected");
    const decided = rejected.json.applications.find((x: any) => x.id === b.applicationId);
    expect(decided).toMatchObject({ status: "rejected", admin_notes: "Eksik bilgi", reviewed_by: "Test Yöneticisi", approved_plan: null });
    expect(Date.parse(decided.reviewed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(rejected.json.applications.every((x: any) => x.status === "rejected")).toBe(true);

    for (const query of ["", "?status="]) {
      const all = await list(query);
      expect(all.status).toBe(200);
      const ids = all.json.applications.map((x: any) => x.id);
      expect(ids).toEqual(expect.arrayContaining([a.applicationId, b.applicationId]));
    }
  });

  it("an unknown status: 400 naming the choices; POST: 405", async () => {
    expectFieldError(await list("?status=open"), "status", "Durum şunlardan biri olmalıdır: pending, approved, rejected, all.");
    expectError(await api("/api/admin/applications", { token: admin.token, body: {} }), 405, MESSAGES.methodNotAllowed);
  });
});

describe("POST /api/admin/applications/approve", () => {
  it("approval activates the requested plan: active, a period, an invoice, the trial over; the restaurant is unblocked and sees it", async () => {
    const { tenant, applicationId } = await applicant();
    expect(await canOrder(tenant)).toBe(false);

    const res = await decide({ application_id: applicationId, status: "approved", admin_notes: "Hoş geldiniz" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: `Başvuru onaylandı: ${tenant.restaurantName} artık Pro planında.`,
      replayed: false,
      application: { id: applicationId, status: "approved", approved_plan: "pro", admin_notes: "Hoş geldiniz" },
      invoice: { plan: "pro", total_amount: 399, status: "pending" },
    });

    const r = await restaurantOf(tenant);
    expect(r).toMatchObject({ subscriptionPlan: "pro", subscriptionStatus: "active" });
    const now = Date.now();
    expect(r.currentPeriodEnd!.getTime()).toBeGreaterThan(now + 27 * DAY_MS);
    expect(r.currentPeriodEnd!.getTime()).toBeLessThan(now + 32 * DAY_MS);
    expect(r.trialEndsAt!.getTime()).toBeLessThanOrEqual(now);
    const [invoice, ...more] = await invoiceRows(tenant);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ plan: "pro", status: "pending", number: res.json.invoice.number });
    expect(invoice!.periodEnd.getTime()).toBe(r.currentPeriodEnd!.getTime());
    expect(r.paymentDueAt?.getTime()).toBe(invoice!.dueAt.getTime());

    // The restaurant: unblocked, and its application status shows the decision.
    expect(await canOrder(tenant)).toBe(true);
    const trial = await api("/api/trial/status", { token: tenant.token });
    expect(trial.json).toMatchObject({ is_trial: false, upgrade_required: false, subscription_plan: "pro" });
    const status = await api("/api/application/status", { token: tenant.token });
    expect(status.json.application).toMatchObject({
      id: applicationId,
      status: "approved",
      approved_plan: "pro",
      admin_notes: "Hoş geldiniz",
      reviewed_at: expect.any(String),
    });
  });

  it("a plan other than the requested one; Basic for a restaurant over Basic's limits is 409 naming what to remove (issue 20)", async () => {
    const { tenant, applicationId } = await applicant({ requested_plan: "pro" });
    expect(await prisma.restaurantTable.count({ where: { restaurantId: tenant.restaurantId, archivedAt: null } })).toBe(20);
    const refused = await decide({ application_id: applicationId, status: "approved", approved_plan: "basic" });
    expectError(refused, 409, "Restoranın kullanımı bu plana sığmıyor: Basic planına geçmek için önce 10 masa kaldırın.");
    expect(refused.json.remove).toEqual({ tables: 10 });
    expect(await restaurantOf(tenant)).toMatchObject({ subscriptionPlan: "free_trial" });
    expect(await invoiceRows(tenant)).toHaveLength(0);
    expect((await prisma.premiumApplication.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe("pending");
    // Once the restaurant fits, the same approval goes through.
    await prisma.restaurantTable.updateMany({
      where: { restaurantId: tenant.restaurantId, number: { gt: 10 } },
      data: { archivedAt: new Date() },
    });
    const res = await decide({ application_id: applicationId, status: "approved", approved_plan: "basic" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.application.approved_plan).toBe("basic");
    expect(res.json.invoice).toMatchObject({ plan: "basic", total_amount: 199 });
    expect((await restaurantOf(tenant)).subscriptionPlan).toBe("basic");
  });

  it("the review page refuses Basic over its limits too (409 on the card, nothing written)", async () => {
    const { tenant, applicationId } = await applicant({ requested_plan: "basic" });
    const res = await postAdminForm(admin, "/admin/applications", {
      application_id: applicationId,
      status: "approved",
      approved_plan: "basic",
      decision_key: `k-${randomUUID()}`,
    });
    expect(res.status).toBe(409);
    expect(joinedText(res.text)).toContain("Basic planına geçmek için önce 10 masa kaldırın.");
    expect(await restaurantOf(tenant)).toMatchObject({ subscriptionPlan: "free_trial" });
    expect(await invoiceRows(tenant)).toHaveLength(0);
  });

  it("rejection records the decision and notes only; the restaurant stays blocked, sees it and may apply again", async () => {
    const { tenant, applicationId } = await applicant();
    const res = await decide({
      application_id: applicationId,
      status: "rejected",
      approved_plan: "enterprise",
      admin_notes: "Vergi levhası eksik",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      message: `${tenant.restaurantName} başvurusu reddedildi.`,
      application: { status: "rejected", approved_plan: null, admin_notes: "Vergi levhası eksik" },
      invoice: null,
    });
    expect(await restaurantOf(tenant)).toMatchObject({ subscriptionPlan: "free_trial" });
    expect(await invoiceRows(tenant)).toHaveLength(0);
    expect(await canOrder(tenant)).toBe(false);
    const status = await api("/api/application/status", { token: tenant.token });
    expect(status.json.application).toMatchObject({ status: "rejected", admin_notes: "Vergi levhası eksik" });
    const again = await api("/api/application/submit", { token: tenant.token, body: APPLICATION, headers: JSON_TYPE });
    expect(again.status, again.text).toBe(201);
  });

  it("a decided application cannot be decided again: 409, nothing changes", async () => {
    const { tenant, applicationId } = await applicant();
    expect((await decide({ application_id: applicationId, status: "rejected" })).status).toBe(200);
    expectError(await decide({ application_id: applicationId, status: "approved" }), 409, ALREADY_DECIDED("rejected"));
    expectError(await decide({ application_id: applicationId, status: "rejected" }), 409, ALREADY_DECIDED("rejected"));
    expect((await restaurantOf(tenant)).subscriptionPlan).toBe("free_trial");
    expect(await invoiceRows(tenant)).toHaveLength(0);

    const second = await applicant();
    expect((await decide({ application_id: second.applicationId, status: "approved" })).status).toBe(200);
    expectError(
      await decide({ application_id: second.applicationId, status: "approved", approved_plan: "enterprise" }),
      409,
      ALREADY_DECIDED("approved"),
    );
    expect((await restaurantOf(second.tenant)).subscriptionPlan).toBe("pro");
    expect(await invoiceRows(second.tenant)).toHaveLength(1);
  });

  it("the same decision again with its key (body or Idempotency-Key) answers the first; another key is 409", async () => {
    const { tenant, applicationId } = await applicant();
    const key = `k-${randomUUID()}`;
    const first = await decide({ application_id: applicationId, status: "approved" }, { "idempotency-key": key });
    expect(first.status, first.text).toBe(200);
    const again = await decide({ application_id: applicationId, status: "approved" }, { "idempotency-key": key });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ replayed: true, application: first.json.application });
    const inBody = await decide({ application_id: applicationId, status: "approved", decision_key: key });
    expect(inBody.status).toBe(200);
    expectError(
      await decide({ application_id: applicationId, status: "approved" }, { "idempotency-key": `k-${randomUUID()}` }),
      409,
      ALREADY_DECIDED("approved"),
    );
    expect(await invoiceRows(tenant)).toHaveLength(1);
  });

  it("two decisions at once: one wins, the other is 409; one invoice", async () => {
    for (const [x, y] of [
      ["approved", "approved"],
      ["approved", "rejected"],
    ] as const) {
      const { tenant, applicationId } = await applicant();
      const results = await Promise.all([
        decide({ application_id: applicationId, status: x }),
        decide({ application_id: applicationId, status: y, approved_plan: "enterprise" }),
      ]);
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join("\n")).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!;
      const row = await prisma.premiumApplication.findUniqueOrThrow({ where: { id: applicationId } });
      expect(row.status).toBe(winner.json.application.status);
      const bills = await invoiceRows(tenant);
      expect(bills).toHaveLength(row.status === "approved" ? 1 : 0);
      expect((await restaurantOf(tenant)).subscriptionPlan).toBe(row.status === "approved" ? row.approvedPlan : "free_trial");
    }
  });

  it("an unknown application: 404", async () => {
    expectError(await decide({ application_id: 2_000_000_000, status: "approved" }), 404, APPLICATION_NOT_FOUND);
  });

  it("an overdue invoice is not wiped by an approval: 409 naming it", async () => {
    const { tenant, applicationId } = await applicant();
    const old = await prisma.invoice.create({
      data: {
        restaurantId: tenant.restaurantId,
        number: `SOF-TEST-${randomUUID().slice(0, 8)}`,
        plan: "basic",
        planPrice: "199.00",
        totalAmount: "199.00",
        netAmount: "165.83",
        taxAmount: "33.17",
        periodStart: new Date(Date.now() - 40 * DAY_MS),
        periodEnd: new Date(Date.now() - 10 * DAY_MS),
        dueAt: new Date(Date.now() - 33 * DAY_MS),
      },
    });
    expectError(await decide({ application_id: applicationId, status: "approved" }), 409, APPROVAL_OVERDUE(old.number));
    expect((await prisma.premiumApplication.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe("pending");
    // Once the transfer is marked received, the approval goes through.
    expect((await markPaid(old.id)).status).toBe(200);
    expect((await decide({ application_id: applicationId, status: "approved" })).status).toBe(200);
  });

  it("a member the platform suspended is not reactivated by the way: 409 until the admin lifts the hold", async () => {
    const { tenant, applicationId } = await applicant();
    const hold = await api(`/api/admin/customers/${tenant.restaurantId}/status`, {
      token: admin.token,
      body: { status: "suspended", note: "Sözleşme ihlali" },
      headers: JSON_TYPE,
    });
    expect(hold.status, hold.text).toBe(200);
    expectError(await decide({ application_id: applicationId, status: "approved" }), 409, APPROVAL_ADMIN_HOLD);
    expect(await restaurantOf(tenant)).toMatchObject({ subscriptionStatus: "suspended", subscriptionPlan: "free_trial" });
    const lifted = await api(`/api/admin/customers/${tenant.restaurantId}/status`, {
      token: admin.token,
      body: { status: "active" },
      headers: JSON_TYPE,
    });
    expect(lifted.status, lifted.text).toBe(200);
    expect((await decide({ application_id: applicationId, status: "approved" })).status).toBe(200);
    expect(await restaurantOf(tenant)).toMatchObject({ subscriptionStatus: "active", subscriptionPlan: "pro" });
  });

  it("bad input: 400 with a Turkish message per field; wrong type 415; GET 405", async () => {
    const { applicationId } = await applicant();
    expectFieldError(await decide({ status: "approved" }), "application_id", "Başvuru numarası zorunludur.");
    expectFieldError(await decide({ application_id: "abc", status: "approved" }), "application_id", "Başvuru numarası geçersiz.");
    expectFieldError(await decide({ application_id: -3, status: "approved" }), "application_id", "Başvuru numarası geçersiz.");
    expectFieldError(await decide({ application_id: applicationId }), "status", "Karar zorunludur.");
    expectFieldError(
      await decide({ application_id: applicationId, status: "pending" }),
      "status",
      "Karar şunlardan biri olmalıdır: approved, rejected.",
    );
    expectFieldError(
      await decide({ application_id: applicationId, status: "approved", approved_plan: "free_trial" }),
      "approved_plan",
      "Onaylanan plan şunlardan biri olmalıdır: basic, pro, enterprise.",
    );
    expectFieldError(
      await decide({ application_id: applicationId, status: "approved", admin_notes: "x".repeat(2001) }),
      "admin_notes",
      "Admin notu en fazla 2000 karakter olabilir.",
    );
    expectFieldError(
      await decide({ application_id: applicationId, status: "approved", decision_key: "kısa" }),
      "decision_key",
      "Karar anahtarı 8-64 harf, rakam, - veya _ olmalıdır.",
    );
    expectError(await decide({ application_id: applicationId, status: "approved" }, { "idempotency-key": "x" }), 400, /^Idempotency-Key/);
    expectError(await decide("{nope", JSON_TYPE), 400, MESSAGES.malformedJson);
    expectError(
      await api("/api/admin/applications/approve", {
        token: admin.token,
        body: "application_id=1",
        headers: { "content-type": "text/plain" },
      }),
      415,
      MESSAGES.unsupportedMediaType,
    );
    expectError(await api("/api/admin/applications/approve", { token: admin.token }), 405, MESSAGES.methodNotAllowed);
    // Nothing of that decided it.
    expect((await prisma.premiumApplication.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe("pending");
  });
});

describe("admin invoices", () => {
  /** An approved applicant: one pending Pro invoice. */
  async function billed() {
    const a = await applicant();
    const res = await decide({ application_id: a.applicationId, status: "approved" });
    return { ...a, invoiceId: res.json.invoice.id as number, number: res.json.invoice.number as string };
  }

  it("GET lists unpaid invoices of every restaurant with its name, number (the transfer reference), amount and due date", async () => {
    const { tenant, invoiceId, number } = await billed();
    const res = await invoices();
    expect(res.status, res.text).toBe(200);
    const row = res.json.invoices.find((i: any) => i.id === invoiceId);
    expect(row).toMatchObject({
      restaurant_id: tenant.restaurantId,
      restaurant_name: tenant.restaurantName,
      number,
      reference: number,
      total_amount: 399,
      status: "pending",
      is_overdue: false,
      due_at: expect.any(String),
    });
    expect(row).not.toHaveProperty("pdf_url");
    expect(res.json.invoices.every((i: any) => i.status === "pending")).toBe(true);
    expect((await invoices("?status=unpaid")).json.invoices.some((i: any) => i.id === invoiceId)).toBe(true);
    expect((await invoices("?status=paid")).json.invoices.some((i: any) => i.id === invoiceId)).toBe(false);
    expect((await invoices("?status=overdue")).json.invoices.some((i: any) => i.id === invoiceId)).toBe(false);
    expectFieldError(await invoices("?status=open"), "status", "Durum şunlardan biri olmalıdır: unpaid, overdue, paid, all.");
  });

  it("mark-paid: paid, nothing owed, the period runs on; again is the same answer; unknown 404, cancelled 409, bad id 400", async () => {
    const { tenant, invoiceId, number } = await billed();
    const before = await restaurantOf(tenant);
    const res = await markPaid(invoiceId);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: `${number} numaralı faturanın havalesi alındı olarak işaretlendi.`,
      invoice: { id: invoiceId, status: "paid", paid_at: expect.any(String) },
      subscription_status: "active",
      billing_state: "active",
    });
    const after = await restaurantOf(tenant);
    expect(after.paymentDueAt).toBeNull();
    expect(after.currentPeriodEnd!.getTime()).toBe(before.currentPeriodEnd!.getTime());
    expect(after.subscriptionStatus).toBe("active");
    expect((await invoices("?status=paid")).json.invoices.some((i: any) => i.id === invoiceId)).toBe(true);
    expect((await invoices()).json.invoices.some((i: any) => i.id === invoiceId)).toBe(false);

    const again = await markPaid(invoiceId);
    expect(again.status).toBe(200);
    expect(again.json.invoice.paid_at).toBe(res.json.invoice.paid_at);

    expectError(await markPaid(2_000_000_000), 404, "Fatura bulunamadı.");
    expectError(await markPaid("abc"), 400, "Fatura numarası geçersiz.");
    const cancelled = await prisma.invoice.create({
      data: {
        restaurantId: tenant.restaurantId,
        number: `SOF-TEST-${randomUUID().slice(0, 8)}`,
        plan: "pro",
        planPrice: "399.00",
        totalAmount: "399.00",
        netAmount: "332.50",
        taxAmount: "66.50",
        status: "cancelled",
        periodStart: new Date(Date.now() - 90 * DAY_MS),
        periodEnd: new Date(Date.now() - 60 * DAY_MS),
        dueAt: new Date(Date.now() - 83 * DAY_MS),
      },
    });
    expectError(await markPaid(cancelled.id), 409, "İptal edilmiş bir fatura ödenmiş sayılamaz.");
    expectError(await api(`/api/admin/invoices/${invoiceId}/mark-paid`, { token: admin.token }), 405, MESSAGES.methodNotAllowed);
  });

  it("a restaurant suspended for not paying is active again once the transfer is received", async () => {
    const { tenant, invoiceId } = await billed();
    const dueAt = new Date(Date.now() - 20 * DAY_MS);
    await prisma.invoice.update({ where: { id: invoiceId }, data: { dueAt } });
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { paymentDueAt: dueAt } });
    // Gated on the next request; the billing job writes the suspension.
    expect(await canOrder(tenant)).toBe(false);
    await runBillingClocks();
    expect((await restaurantOf(tenant)).subscriptionStatus).toBe("suspended");
    expect((await invoices("?status=overdue")).json.invoices.find((i: any) => i.id === invoiceId)).toMatchObject({ is_overdue: true });

    const res = await markPaid(invoiceId);
    expect(res.json).toMatchObject({ subscription_status: "active", billing_state: "active" });
    expect(await canOrder(tenant)).toBe(true);
  });

  it("paid after the period ran out while suspended: a new period from today, not the locked-out months, and not suspended again", async () => {
    const { tenant, invoiceId } = await billed();
    // Suspended while its period ran…
    const dueAt = new Date(Date.now() - 60 * DAY_MS);
    await prisma.invoice.update({ where: { id: invoiceId }, data: { dueAt } });
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { paymentDueAt: dueAt } });
    expect(await canOrder(tenant)).toBe(false);
    // The session lookup only reads; the billing job records the suspension.
    await runBillingClocks();
    expect((await restaurantOf(tenant)).subscriptionStatus).toBe("suspended");
    // …and that period ended 40 days ago (nothing is billed while suspended).
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { currentPeriodEnd: new Date(Date.now() - 40 * DAY_MS) } });

    expect((await markPaid(invoiceId)).json).toMatchObject({ subscription_status: "active" });
    // The billing job brings billing up to date: one period from now, due in a week.
    await runBillingClocks();
    expect(await canOrder(tenant)).toBe(true);
    const r = await restaurantOf(tenant);
    expect(r.subscriptionStatus).toBe("active");
    const owed = (await invoiceRows(tenant)).filter((i) => i.status === "pending");
    expect(owed).toHaveLength(1);
    expect(owed[0]!.periodStart.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(owed[0]!.dueAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  it("the transfer and the decision are in the member's audit log with the admin who did them, once", async () => {
    const { tenant, invoiceId, number } = await billed();
    await markPaid(invoiceId);
    await markPaid(invoiceId);
    const rows = await prisma.adminAuditLog.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.action, r.adminId])).toEqual([
      ["application_approved", admin.id],
      ["invoice_paid", admin.id],
    ]);
    expect(rows[0]!.details).toMatchObject({ plan: "pro", invoice_number: number });
    expect(rows[1]!.details).toMatchObject({ invoice_id: invoiceId, invoice_number: number, amount: "399.00" });
    const page = await getAdminPage(admin, `/admin/members/${tenant.restaurantId}`);
    expect(page.text).toContain("Havale alındı");
    expect(page.text).toContain("Başvuru onaylandı");
  });
});

/** GETs an admin page carrying the flash cookie a redirect set. */
async function followWithFlash(setCookie: string | null, path: string) {
  const flash = setCookie?.split(";")[0] ?? "";
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { cookie: [await adminCookie(admin), flash].filter(Boolean).join("; "), "x-forwarded-for": randomIp() },
    redirect: "manual",
  });
  return { status: res.status, text: joinedText(await res.text()) };
}

describe("/admin/applications and /admin/invoices pages (no JavaScript)", () => {
  it("cards with the spec's fields under filter links; only pending ones have the review form", async () => {
    const { tenant, applicationId } = await applicant();
    const decided = await applicant();
    await decide({ application_id: decided.applicationId, status: "rejected", admin_notes: "Tekrar deneyin" });

    const page = await getAdminPage(admin, "/admin/applications");
    expect(page.status).toBe(200);
    const html = joinedText(page.text);
    expect(html).toContain(`id="application-${applicationId}"`);
    expect(html).toContain(tenant.email);
    expect(html).toContain("Sahil kenarında 40 kişilik kafe");
    expect(html).toContain('name="decision_key"');
    expect(html).not.toContain(`id="application-${decided.applicationId}"`);
    for (const label of ["Bekleyen", "Onaylanan", "Reddedilen", "Tümü"]) expect(html).toContain(label);

    const rejected = joinedText((await getAdminPage(admin, "/admin/applications?status=rejected")).text);
    expect(rejected).toContain(`id="application-${decided.applicationId}"`);
    expect(rejected).toContain("Tekrar deneyin");
    expect(rejected).not.toContain('name="decision_key"');
  });

  it("the review form approves with the chosen plan, redirects with a message; a second post is refused on the card", async () => {
    const { tenant, applicationId } = await applicant();
    const key = `form-${randomUUID()}`;
    const fields = {
      application_id: applicationId,
      decision_key: key,
      approved_plan: "enterprise",
      admin_notes: "Kurumsal",
      status: "approved",
    };
    const res = await postAdminForm(admin, "/admin/applications", fields);
    expect(res.status, res.text).toBe(302);
    expect(res.location).toBe(`/admin/applications#application-${applicationId}`);
    const after = await followWithFlash(res.headers!.get("set-cookie"), "/admin/applications?status=approved");
    expect(after.text).toContain(`Başvuru onaylandı: ${tenant.restaurantName} artık Enterprise planında.`);
    expect(await restaurantOf(tenant)).toMatchObject({ subscriptionPlan: "enterprise", subscriptionStatus: "active" });

    // The same form sent twice (a double click without JavaScript): the first decision's answer.
    expect((await postAdminForm(admin, "/admin/applications", fields)).status).toBe(302);
    // Another admin's form, opened before: refused with the spec's failure text and the reason.
    const late = await postAdminForm(admin, "/admin/applications", { ...fields, decision_key: `form-${randomUUID()}`, status: "rejected" });
    expect(late.status).toBe(409);
    expect(joinedText(late.text)).toContain(`${REVIEW_FAILED} ${ALREADY_DECIDED("approved")}`);
    expect(await invoiceRows(tenant)).toHaveLength(1);

    // The restaurant's page shows the decision.
    const own = joinedText((await getPage(tenant, "/app/premium-application")).text);
    expect(own).toContain("Başvurunuz onaylandı");
    expect(own).toContain("Enterprise planınız etkinleştirildi");
    expect(own).toContain("Kurumsal");
  });

  it("a form without its key or with a bad decision: 400, nothing decided", async () => {
    const { applicationId } = await applicant();
    expect((await postAdminForm(admin, "/admin/applications", { application_id: applicationId, status: "approved" })).status).toBe(400);
    const bad = await postAdminForm(admin, "/admin/applications", {
      application_id: applicationId,
      status: "maybe",
      decision_key: `f-${randomUUID()}`,
    });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain(REVIEW_FAILED);
    expect((await prisma.premiumApplication.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe("pending");
    const missing = await postAdminForm(admin, "/admin/applications", {
      application_id: 2_000_000_000,
      status: "approved",
      decision_key: `f-${randomUUID()}`,
    });
    expect(missing.status).toBe(404);
  });

  it("the invoices page lists unpaid invoices; 'Havale alındı' marks one paid and says so", async () => {
    const a = await applicant();
    const approved = await decide({ application_id: a.applicationId, status: "approved" });
    const { id, number } = approved.json.invoice;
    const page = joinedText((await getAdminPage(admin, "/admin/invoices")).text);
    expect(page).toContain(number);
    expect(page).toContain(a.tenant.restaurantName);
    expect(page).toContain("Havale alındı");

    // The first press asks (number, restaurant, amount) and writes nothing (issue 20).
    const ask = await postAdminForm(admin, "/admin/invoices", { invoice_id: id });
    expect(ask.status).toBe(200);
    const asked = joinedText(ask.text);
    expect(asked).toContain("Havale alındı olarak işaretlensin mi?");
    expect(asked).toContain(number);
    expect(asked).toContain(a.tenant.restaurantName);
    expect(asked).toContain("₺399,00");
    expect(asked).toContain('name="confirm" value="1"');
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    const res = await postAdminForm(admin, "/admin/invoices", { invoice_id: id, confirm: "1" });
    expect(res.status, res.text).toBe(302);
    const after = await followWithFlash(res.headers!.get("set-cookie"), "/admin/invoices");
    expect(after.text).toContain(`${number} numaralı faturanın havalesi alındı olarak işaretlendi.`);
    expect(after.text).not.toContain(`<code>${number}</code>`);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id } })).status).toBe("paid");
    const unknown = await postAdminForm(admin, "/admin/invoices", { invoice_id: 2_000_000_000 });
    expect(unknown.status).toBe(404);
    expect(joinedText(unknown.text)).toContain("Fatura bulunamadı.");
  });
});
