// Billing (issue 10, decision 040): /api/billing/*, the Billing tab and /app/plans, invoices and
// their PDFs, past due and suspension without a cron, markInvoicePaid.
import { randomUUID } from "node:crypto";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { markInvoicePaid, runBillingClocks } from "~/modules/billing/billing.server";
import { prisma } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { api, baseUrl, randomIp } from "../setup/api";
import { DAY_MS, expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { getPage, joinedText, postForm, sessionCookie } from "../setup/pages";
import { createStaffMember } from "../setup/staff";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PLAN_CHANGED = "Plan başarıyla değiştirildi!";
const UPGRADED = "Abonelik başarıyla yükseltildi!";
const SETTINGS = "/app/settings?tab=billing";
const DEV_IBAN = "TR000000000000000000000000";

const changePlan = (t: Tenant, body: unknown, headers: Record<string, string> = {}) =>
  api("/api/billing/change-plan", { method: "PUT", token: t.token, body, headers });
const usage = (t: Tenant) => api("/api/billing/usage", { token: t.token });
const invoices = (t: Tenant, query = "?limit=5") => api(`/api/billing/invoices${query}`, { token: t.token });
const invoiceRows = (t: Tenant) => prisma.invoice.findMany({ where: { restaurantId: t.restaurantId }, orderBy: { id: "asc" } });
const restaurantOf = (t: Tenant) => prisma.restaurant.findUniqueOrThrow({ where: { id: t.restaurantId } });
/** A signup for Basic starts with 10 tables, which fits every plan. */
const basicTenant = () => createTenant({ manager: true, plan: "basic" });

async function fetchPdf(t: Tenant, path: string) {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { cookie: await sessionCookie(t), "x-forwarded-for": randomIp() },
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function pdfText(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Moves the restaurant's unpaid invoices' due date (and the copy the session reads) `days` into the past. */
async function dueDaysAgo(t: Tenant, days: number) {
  const dueAt = new Date(Date.now() - days * DAY_MS);
  await prisma.invoice.updateMany({ where: { restaurantId: t.restaurantId, status: "pending" }, data: { dueAt } });
  await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { paymentDueAt: dueAt } });
}

describe("GET /api/billing/usage", () => {
  it("a fresh trial: the trial's Pro limits, the real counts and percentages", async () => {
    const t = await createTenant({ manager: true });
    await createStaffMember(t, { role: "waiter" });
    const menuItems = await prisma.menuItem.count({ where: { restaurantId: t.restaurantId } });
    const res = await usage(t);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      restaurant: { subscription_plan: "free_trial", subscription_status: "active", billing_state: "trial", payment_due_at: null },
      plan: {
        id: "free_trial",
        limits_plan: "pro",
        usage: { tables: 20, staff: 1, menu_items: menuItems },
        limits: { max_tables: 25, max_staff: 15, max_menu_items: 500 },
        usage_percentage: { tables: 80, staff: 7, menu_items: Math.round((menuItems / 500) * 100) },
      },
    });
  });

  it("archived tables and deleted staff no longer count", async () => {
    const t = await createTenant({ manager: true });
    await prisma.restaurantTable.updateMany({
      where: { restaurantId: t.restaurantId, number: { gt: 5 } },
      data: { archivedAt: new Date() },
    });
    expect((await usage(t)).json.plan.usage.tables).toBe(5);
  });

  it("POST: 405; without a token 401; in staff mode 403", async () => {
    const m = await createTenant({ manager: true });
    const t = await createTenant();
    expectError(await api("/api/billing/usage", { token: m.token, method: "POST" }), 405, MESSAGES.methodNotAllowed);
    expectError(await api("/api/billing/usage"), 401, MESSAGES.unauthorized);
    expectError(await usage(t), 403, MESSAGES.managerOnly);
  });
});

describe("GET /api/billing/invoices", () => {
  it("none yet: an empty list", async () => {
    const t = await createTenant({ manager: true });
    const res = await invoices(t);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ invoices: [] });
  });

  it("newest first, at most `limit`, with amount, status, due date and PDF address", async () => {
    const t = await basicTenant();
    expect((await changePlan(t, { subscription_plan: "basic" })).status).toBe(200);
    expect((await changePlan(t, { subscription_plan: "pro" })).status).toBe(200);
    const res = await invoices(t);
    expect(res.status).toBe(200);
    expect(res.json.invoices).toHaveLength(2);
    const [pro, basic] = res.json.invoices;
    expect(pro).toMatchObject({ plan: "pro", status: "pending", total_amount: 399, billing_cycle: "monthly" });
    expect(pro.pdf_url).toBe(`/app/invoices/${pro.id}/pdf`);
    expect(pro.reference).toBe(pro.number);
    expect(basic).toMatchObject({ plan: "basic", status: "cancelled", total_amount: 199 });
    expect((await invoices(t, "?limit=1")).json.invoices.map((i: { id: number }) => i.id)).toEqual([pro.id]);
    expect((await invoices(t, "")).json.invoices).toHaveLength(2);
  });

  it.each([
    ["?limit=0", "Limit en az 1 olmalıdır."],
    ["?limit=51", "Limit en fazla 50 olabilir."],
    ["?limit=abc", "Limit bir sayı olmalıdır."],
    ["?limit=2.5", "Limit tam sayı olmalıdır."],
  ])("%s: 400", async (query, detail) => {
    const t = await createTenant({ manager: true });
    expectError(await invoices(t, query), 400, detail);
  });

  it("POST: 405; staff mode 403", async () => {
    const m = await createTenant({ manager: true });
    const t = await createTenant();
    expectError(await api("/api/billing/invoices", { token: m.token, method: "POST" }), 405, MESSAGES.methodNotAllowed);
    expectError(await invoices(t), 403, MESSAGES.managerOnly);
  });
});

describe("GET /api/billing/payment-methods", () => {
  it("no saved cards, and the bank account to transfer to (the development placeholder)", async () => {
    const t = await createTenant({ manager: true });
    const res = await api("/api/billing/payment-methods", { token: t.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      payment_methods: [],
      bank_transfer: { iban: DEV_IBAN, account_name: expect.any(String), bank_name: expect.any(String) },
    });
  });

  it("saved cards by reference only, the default first", async () => {
    const t = await createTenant({ manager: true });
    await prisma.paymentMethod.createMany({
      data: [
        { restaurantId: t.restaurantId, brand: "Visa", lastFour: "4242", expMonth: 4, expYear: 2029 },
        { restaurantId: t.restaurantId, brand: "Mastercard", lastFour: "5555", expMonth: 12, expYear: 2028, isDefault: true },
      ],
    });
    const res = await api("/api/billing/payment-methods", { token: t.token });
    expect(res.json.payment_methods.map((m: { last_four: string; is_default: boolean }) => [m.last_four, m.is_default])).toEqual([
      ["5555", true],
      ["4242", false],
    ]);
    expect(JSON.stringify(res.json)).not.toContain("restaurantId");
  });

  it("POST: 405; staff mode 403", async () => {
    const m = await createTenant({ manager: true });
    const t = await createTenant();
    expectError(await api("/api/billing/payment-methods", { token: m.token, method: "POST" }), 405, MESSAGES.methodNotAllowed);
    expectError(await api("/api/billing/payment-methods", { token: t.token }), 403, MESSAGES.managerOnly);
  });
});

describe("PUT /api/billing/change-plan", () => {
  it("from the trial to Pro: the plan applies at once, one pending invoice due in 7 days", async () => {
    const t = await createTenant({ manager: true });
    const before = Date.now();
    const res = await changePlan(t, { subscription_plan: "pro" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      message: PLAN_CHANGED,
      subscription_plan: "pro",
      billing_cycle: "monthly",
      subscription_status: "active",
    });
    const [invoice] = await invoiceRows(t);
    expect(invoice).toMatchObject({ plan: "pro", status: "pending", billingCycle: "monthly", createKey: null });
    expect(invoice!.totalAmount.toFixed(2)).toBe("399.00");
    expect(invoice!.planPrice.toFixed(2)).toBe("399.00");
    expect(invoice!.number).toMatch(/^SOF-\d{8}-[0-9A-F]{8}$/);
    const dueIn = invoice!.dueAt.getTime() - before;
    expect(dueIn).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(dueIn).toBeLessThanOrEqual(7 * DAY_MS + 60_000);
    const row = await restaurantOf(t);
    expect(row).toMatchObject({ subscriptionPlan: "pro", subscriptionStatus: "active" });
    expect(row.paymentDueAt?.getTime()).toBe(invoice!.dueAt.getTime());
    expect(row.currentPeriodEnd?.getTime()).toBe(invoice!.periodEnd.getTime());
    expect((await usage(t)).json.restaurant).toMatchObject({ billing_state: "awaiting_payment", subscription_plan: "pro" });
  });

  it("yearly: ten months' price", async () => {
    const t = await createTenant({ manager: true });
    const res = await changePlan(t, { subscription_plan: "enterprise", billing_cycle: "yearly" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.invoice).toMatchObject({ plan: "enterprise", billing_cycle: "yearly", total_amount: 7990 });
    const [invoice] = await invoiceRows(t);
    const days = (invoice!.periodEnd.getTime() - invoice!.periodStart.getTime()) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
  });

  it("over the new plan's limits: 409 naming what to remove, nothing changes", async () => {
    const t = await createTenant({ manager: true });
    for (let i = 0; i < 6; i++) await createStaffMember(t, { role: "waiter" });
    const res = await changePlan(t, { subscription_plan: "basic" });
    expectError(res, 409, "Basic planına geçmek için önce 10 masa, 1 personel kaldırın.");
    expect(res.json).toMatchObject({ code: "over_limit", remove: { tables: 10, staff: 1 } });
    expect((await restaurantOf(t)).subscriptionPlan).toBe("free_trial");
    expect(await invoiceRows(t)).toHaveLength(0);
    // Removed, it fits.
    await prisma.restaurantTable.updateMany({
      where: { restaurantId: t.restaurantId, number: { gt: 10 } },
      data: { archivedAt: new Date() },
    });
    const staff = await prisma.user.findFirstOrThrow({ where: { restaurantId: t.restaurantId, isOwner: false } });
    await prisma.user.update({ where: { id: staff.id }, data: { isActive: false } });
    expect((await changePlan(t, { subscription_plan: "basic" })).status).toBe(200);
  });

  it("the current plan and period again: 409, still one invoice; the other period is a change", async () => {
    const t = await basicTenant();
    expect((await changePlan(t, { subscription_plan: "pro" })).status).toBe(200);
    expectError(await changePlan(t, { subscription_plan: "pro" }), 409, "Zaten Pro planındasınız (aylık).");
    expectError(await changePlan(t, { subscription_plan: "pro", billing_cycle: "monthly" }), 409, "Zaten Pro planındasınız (aylık).");
    expect(await invoiceRows(t)).toHaveLength(1);
    expect((await changePlan(t, { subscription_plan: "pro", billing_cycle: "yearly" })).status).toBe(200);
  });

  it("an unpaid invoice is replaced, not added to: the old one cancelled, its due date kept", async () => {
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "basic" });
    const [first] = await invoiceRows(t);
    const res = await changePlan(t, { subscription_plan: "enterprise" });
    expect(res.status, res.text).toBe(200);
    const rows = await invoiceRows(t);
    expect(rows.map((i) => [i.plan, i.status])).toEqual([
      ["basic", "cancelled"],
      ["enterprise", "pending"],
    ]);
    expect(rows[1]!.dueAt.getTime()).toBe(first!.dueAt.getTime());
    expect(rows[1]!.totalAmount.toFixed(2)).toBe("799.00");
    expect(await prisma.invoice.count({ where: { restaurantId: t.restaurantId, status: "pending" } })).toBe(1);
  });

  it("a paid period is credited: its unused days come off the new plan's invoice", async () => {
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "basic" });
    const [basic] = await invoiceRows(t);
    await markInvoicePaid(basic!.id);
    const res = await changePlan(t, { subscription_plan: "pro" });
    expect(res.status, res.text).toBe(200);
    const credit = res.json.invoice.credit_amount as number;
    expect(credit).toBeGreaterThan(198);
    expect(credit).toBeLessThanOrEqual(199);
    expect(res.json.invoice.total_amount).toBeCloseTo(399 - credit, 2);
    expect((await invoiceRows(t)).map((i) => i.status)).toEqual(["paid", "pending"]);
    // Down again within the period: the credit (for Pro's paid days) covers Basic; nothing to pay.
    const [, pro] = await invoiceRows(t);
    await markInvoicePaid(pro!.id);
    const down = await changePlan(t, { subscription_plan: "basic" });
    expect(down.json.invoice).toMatchObject({ total_amount: 0, status: "paid", plan_price: 199 });
    expect((await restaurantOf(t)).paymentDueAt).toBeNull();
  });

  it("changing twice before paying keeps the paid days: the second invoice carries the first one's credit", async () => {
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "basic" });
    const [basic] = await invoiceRows(t);
    await markInvoicePaid(basic!.id);
    const pro = await changePlan(t, { subscription_plan: "pro" });
    expect(pro.json.invoice.credit_amount).toBeGreaterThan(198);
    const enterprise = await changePlan(t, { subscription_plan: "enterprise" });
    expect(enterprise.status, enterprise.text).toBe(200);
    expect(enterprise.json.invoice.credit_amount).toBeGreaterThan(198);
    expect(enterprise.json.invoice.total_amount).toBeCloseTo(799 - enterprise.json.invoice.credit_amount, 2);
    expect((await invoiceRows(t)).map((i) => i.status)).toEqual(["paid", "cancelled", "pending"]);
  });

  it("a downgrade worth less than its credit keeps the rest as a balance; going back up is not billed again", async () => {
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "pro", billing_cycle: "yearly" });
    const [yearly] = await invoiceRows(t);
    expect(yearly!.totalAmount.toFixed(2)).toBe("3990.00");
    await markInvoicePaid(yearly!.id);
    // A slip on the plan selector: Basic monthly, then Pro yearly again, the same day.
    const down = await changePlan(t, { subscription_plan: "basic", billing_cycle: "monthly" });
    expect(down.json.invoice).toMatchObject({ plan_price: 199, credit_amount: 199, total_amount: 0, status: "paid" });
    const balance = Number((await restaurantOf(t)).creditBalance);
    expect(balance).toBeGreaterThan(3780);
    expect(balance).toBeLessThanOrEqual(3791);
    expect((await usage(t)).json.restaurant.credit_balance).toBe(balance);
    expect(joinedText((await getPage(t, SETTINGS)).text)).toContain(`Alacağınız: ${formatMoney(balance)}`);
    const up = await changePlan(t, { subscription_plan: "pro", billing_cycle: "yearly" });
    expect(up.json.invoice.total_amount).toBeLessThan(1);
    // A renewal is paid from the balance before anything is owed.
    await prisma.restaurant.update({
      where: { id: t.restaurantId },
      data: {
        subscriptionPlan: "basic",
        billingCycle: "monthly",
        creditBalance: "500.00",
        currentPeriodEnd: new Date(Date.now() - 60_000),
      },
    });
    expect((await usage(t)).status).toBe(200);
    const renewal = (await invoiceRows(t)).at(-1)!;
    expect(renewal).toMatchObject({ plan: "basic", status: "paid" });
    expect(renewal.creditAmount.toFixed(2)).toBe("199.00");
    expect(renewal.totalAmount.toFixed(2)).toBe("0.00");
    expect((await restaurantOf(t)).creditBalance.toFixed(2)).toBe("301.00");
  });

  it("one key, sent three times at once: one change, one invoice, the same answer", async () => {
    const t = await basicTenant();
    const key = `change-${randomUUID()}`;
    const results = await Promise.all([1, 2, 3].map(() => changePlan(t, { subscription_plan: "pro" }, { "Idempotency-Key": key })));
    expect(
      results.map((r) => r.status),
      results.map((r) => r.text).join("\n"),
    ).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json.invoice.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(2);
    expect(await invoiceRows(t)).toHaveLength(1);
    // The key in the body works the same.
    const again = await changePlan(t, { subscription_plan: "pro", change_key: key });
    expect(again.json.invoice.id).toBe(results[0]!.json.invoice.id);
  });

  it("two different submits at once: one change, the other 409, one invoice", async () => {
    const t = await basicTenant();
    const results = await Promise.all([changePlan(t, { subscription_plan: "pro" }), changePlan(t, { subscription_plan: "pro" })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await invoiceRows(t)).toHaveLength(1);
  });

  it("different plans at once (two tabs): every change sees the one before it; one invoice is owed", async () => {
    const t = await basicTenant();
    const plans = ["pro", "enterprise", "pro", "enterprise", "pro", "enterprise"];
    const results = await Promise.all(plans.map((plan) => changePlan(t, { subscription_plan: plan })));
    // Each is applied after the one before (200) or is the plan already set (409); never a 500.
    expect(
      results.every((r) => r.status === 200 || r.status === 409),
      JSON.stringify(results.map((r) => r.status)),
    ).toBe(true);
    const owed = (await invoiceRows(t)).filter((i) => i.status === "pending");
    expect(owed).toHaveLength(1);
    expect(owed[0]!.plan).toBe((await restaurantOf(t)).subscriptionPlan);
  });

  it.each([
    ["no plan", {}, "subscription_plan", "Plan zorunludur."],
    ["the trial", { subscription_plan: "free_trial" }, "subscription_plan", "Plan şunlardan biri olmalıdır: basic, pro, enterprise."],
    ["a number", { subscription_plan: 2 }, "subscription_plan", "Plan şunlardan biri olmalıdır: basic, pro, enterprise."],
    [
      "a weekly cycle",
      { subscription_plan: "pro", billing_cycle: "weekly" },
      "billing_cycle",
      "Ödeme dönemi şunlardan biri olmalıdır: monthly, yearly.",
    ],
    ["a short key", { subscription_plan: "pro", change_key: "kisa" }, "change_key", "İşlem anahtarı 8-64 harf, rakam, - veya _ olmalıdır."],
  ])("%s: 400, nothing changes", async (_name, body, field, detail) => {
    const t = await createTenant({ manager: true });
    expectFieldError(await changePlan(t, body), field, detail);
    expect(await invoiceRows(t)).toHaveLength(0);
  });

  it("malformed JSON 400, text/plain 415, a bad Idempotency-Key 400, GET 405, no token 401, staff mode 403", async () => {
    const t = await createTenant({ manager: true });
    expectError(await changePlan(t, "{nope", { "content-type": "application/json" }), 400, MESSAGES.malformedJson);
    expectError(await changePlan(t, '{"subscription_plan":"pro"}', { "content-type": "text/plain" }), 415, MESSAGES.unsupportedMediaType);
    expectError(
      await changePlan(t, { subscription_plan: "pro" }, { "Idempotency-Key": "x" }),
      400,
      "Idempotency-Key başlığı 8-64 harf, rakam, - veya _ olmalıdır.",
    );
    expectError(await api("/api/billing/change-plan", { token: t.token }), 405, MESSAGES.methodNotAllowed);
    expectError(await api("/api/billing/change-plan", { method: "PUT", body: { subscription_plan: "pro" } }), 401, MESSAGES.unauthorized);
    const staff = await createTenant();
    expectError(await changePlan(staff, { subscription_plan: "pro" }), 403, MESSAGES.managerOnly);
    expect(await invoiceRows(t)).toHaveLength(0);
    expect(await invoiceRows(staff)).toHaveLength(0);
  });

  it("the trial upgrade follows the same rules: over Basic's limits is 409, Pro writes the same invoice", async () => {
    const t = await createTenant({ manager: true });
    expectError(
      await api("/api/trial/upgrade", { token: t.token, body: { plan: "basic" } }),
      409,
      "Basic planına geçmek için önce 10 masa kaldırın.",
    );
    const res = await api("/api/trial/upgrade", { token: t.token, body: { plan: "pro" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe(UPGRADED);
    const [invoice] = await invoiceRows(t);
    expect(invoice).toMatchObject({ plan: "pro", status: "pending" });
    expect(invoice!.dueAt.getTime()).toBe((await restaurantOf(t)).paymentDueAt!.getTime());
  });
});

describe("past due, suspension and markInvoicePaid (no cron: on the next request)", () => {
  it("past due after the due date (banner), suspended 14 days later (premium gate), paid: open again", async () => {
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "pro" });
    const [invoice] = await invoiceRows(t);

    await dueDaysAgo(t, 1);
    const pastDue = await usage(t);
    expect(pastDue.json.restaurant).toMatchObject({ billing_state: "past_due", subscription_status: "active" });
    expect(new Date(pastDue.json.restaurant.suspension_date).getTime()).toBe((await restaurantOf(t)).paymentDueAt!.getTime() + 14 * DAY_MS);
    const page = joinedText((await getPage(t, "/app/admin")).text);
    expect(page).toContain("Ödemeniz gecikti.");
    expect((await api("/api/trial/check-feature/order_taking", { token: t.token })).json.can_access).toBe(true);
    // Overdue: no plan change until it is paid.
    expectError(
      await changePlan(t, { subscription_plan: "enterprise" }),
      409,
      `Son ödeme tarihi geçmiş bir faturanız var: önce ${invoice!.number} numaralı faturayı ödeyin.`,
    );

    await dueDaysAgo(t, 14);
    const suspended = await usage(t);
    expect(suspended.json.restaurant).toMatchObject({ billing_state: "suspended", subscription_status: "suspended" });
    const row = await restaurantOf(t);
    expect(row.subscriptionStatus).toBe("suspended");
    expect(row.paymentSuspendedAt).not.toBeNull();
    expect((await api("/api/trial/check-feature/order_taking", { token: t.token })).json.can_access).toBe(false);
    expect((await api("/api/orders", { token: t.token, body: { table_number: 1, items: [] } })).status).toBe(403);
    expect(joinedText((await getPage(t, "/app/admin")).text)).toContain("Hesabınız askıya alındı");
    // Again: idempotent, the suspension date stays.
    await usage(t);
    expect((await restaurantOf(t)).paymentSuspendedAt?.getTime()).toBe(row.paymentSuspendedAt!.getTime());

    const paid = await markInvoicePaid(invoice!.id);
    expect(paid).toMatchObject({ subscription_status: "active", billing_state: "active", invoice: { status: "paid" } });
    expect(await restaurantOf(t)).toMatchObject({ subscriptionStatus: "active", paymentDueAt: null, paymentSuspendedAt: null });
    expect((await api("/api/trial/check-feature/order_taking", { token: t.token })).json.can_access).toBe(true);
    expect((await usage(t)).json.restaurant.billing_state).toBe("active");
    // Twice is a no-op.
    expect((await markInvoicePaid(invoice!.id)).invoice.paid_at).toBe(paid.invoice.paid_at);
  });

  it("markInvoicePaid: an unknown invoice 404, a cancelled one 409; a suspension for another reason stays", async () => {
    await expect(markInvoicePaid(2_000_000_000)).rejects.toMatchObject({ status: 404 });
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "basic" });
    await changePlan(t, { subscription_plan: "pro" });
    const [cancelled, pending] = await invoiceRows(t);
    await expect(markInvoicePaid(cancelled!.id)).rejects.toMatchObject({ status: 409 });
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { subscriptionStatus: "suspended" } });
    await markInvoicePaid(pending!.id);
    expect((await restaurantOf(t)).subscriptionStatus).toBe("suspended");
  });

  it("a period that ended is billed once, however many requests come", async () => {
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "basic" });
    const [first] = await invoiceRows(t);
    await markInvoicePaid(first!.id);
    const ended = new Date(Date.now() - DAY_MS);
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { currentPeriodEnd: ended } });
    await Promise.all([usage(t), usage(t), invoices(t)]);
    const rows = await invoiceRows(t);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ plan: "basic", status: "pending" });
    expect(rows[1]!.periodStart.getTime()).toBe(ended.getTime());
    expect(rows[1]!.dueAt.getTime()).toBe(ended.getTime() + 7 * DAY_MS);
    expect((await restaurantOf(t)).currentPeriodEnd!.getTime()).toBe(rows[1]!.periodEnd.getTime());
  });
});

describe("the billing clock runs off the request (issue 20)", () => {
  it("a page GET with a renewal due writes no invoice; the job writes exactly one, also when two run at once", async () => {
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "basic" });
    const [first] = await invoiceRows(t);
    await markInvoicePaid(first!.id);
    const ended = new Date(Date.now() - DAY_MS);
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { currentPeriodEnd: ended } });
    expect((await getPage(t, "/app/admin")).status).toBe(200);
    expect((await api("/api/trial/check-feature/order_taking", { token: t.token })).status).toBe(200);
    expect(await invoiceRows(t)).toHaveLength(1);
    await Promise.all([runBillingClocks(), runBillingClocks()]);
    const rows = await invoiceRows(t);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ plan: "basic", status: "pending" });
    expect(rows[1]!.periodStart.getTime()).toBe(ended.getTime());
    await runBillingClocks();
    expect(await invoiceRows(t)).toHaveLength(2);
  });

  it("an invoice long overdue gates on the next request before anything is written; the job then records the suspension", async () => {
    const t = await basicTenant();
    await changePlan(t, { subscription_plan: "pro" });
    await dueDaysAgo(t, 14);
    expect((await api("/api/orders", { token: t.token, body: { table_number: 1, items: [] } })).status).toBe(403);
    expect(joinedText((await getPage(t, "/app/admin")).text)).toContain("Hesabınız askıya alındı");
    expect((await restaurantOf(t)).subscriptionStatus).toBe("active");
    await runBillingClocks();
    expect((await restaurantOf(t)).subscriptionStatus).toBe("suspended");
  });
});

describe("the invoice PDF", () => {
  it("application/pdf with the number, the amount, the IBAN and Turkish letters", async () => {
    const t = await createTenant({ manager: true, restaurant_name: "Çiğköfte Şükrü Öğün" });
    const { json } = await changePlan(t, { subscription_plan: "pro" });
    const res = await fetchPdf(t, json.invoice.pdf_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="fatura-${json.invoice.number}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(res.bytes);
    expect(text).toContain(json.invoice.number);
    expect(text).toContain("₺399,00");
    expect(text).toContain("TR00 0000 0000 0000 0000 0000 00");
    expect(text).toContain("Çiğköfte Şükrü Öğün");
    expect(text).toContain("Son ödeme tarihi");
    expect(text).toContain("Açıklama (referans)");
  });

  it("a Turkish invoice (issue 20): net + KDV (20 %) = total on their own lines; the seller's and the buyer's tax office and number", async () => {
    const t = await createTenant({ manager: true });
    // The owner enters the buyer's details in billing settings (a form post, as without JavaScript).
    const saved = await postForm(t, SETTINGS, { intent: "tax-details", tax_office: "Beşiktaş Vergi Dairesi", tax_number: "4540 536 920" });
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    const { json } = await changePlan(t, { subscription_plan: "pro" });
    expect(json.invoice).toMatchObject({ total_amount: 399, net_amount: 332.5, tax_amount: 66.5, tax_rate: 20 });
    const text = await pdfText((await fetchPdf(t, json.invoice.pdf_url)).bytes);
    expect(text).toMatch(/Ara toplam \(KDV hariç\)\s*₺332,50/);
    expect(text).toMatch(/KDV \(%20\)\s*₺66,50/);
    expect(text).toMatch(/Genel toplam \(KDV dahil\)\s*₺399,00/);
    // Seller (development defaults of .env.example) and buyer.
    expect(text).toContain("Kadıköy Vergi Dairesi");
    expect(text).toContain("VKN: 1234567890");
    expect(text).toContain("Beşiktaş Vergi Dairesi");
    expect(text).toContain("VKN: 4540536920");
  });

  it("an issued invoice keeps its buyer: a later name, address or tax number goes on the next invoice, not on the old PDF", async () => {
    const t = await createTenant({ manager: true });
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { name: "Eski Ad Lokantası", address: "Moda Cad. 1, Kadıköy" } });
    expect(
      (await postForm(t, SETTINGS, { intent: "tax-details", tax_office: "Beşiktaş Vergi Dairesi", tax_number: "4540536920" })).status,
    ).toBe(302);
    const first = (await changePlan(t, { subscription_plan: "pro" })).json.invoice;
    expect(await prisma.invoice.findFirstOrThrow({ where: { number: first.number } })).toMatchObject({
      buyerName: "Eski Ad Lokantası",
      buyerAddress: "Moda Cad. 1, Kadıköy",
      buyerTaxOffice: "Beşiktaş Vergi Dairesi",
      buyerTaxNumber: "4540536920",
    });

    // The owner becomes a sole trader and moves.
    await prisma.restaurant.update({
      where: { id: t.restaurantId },
      data: { name: "Yeni Ad Lokantası", address: "Bağdat Cad. 2, Maltepe" },
    });
    expect((await postForm(t, SETTINGS, { intent: "tax-details", tax_office: "Kadıköy", tax_number: "10000000146" })).status).toBe(302);

    const old = await pdfText((await fetchPdf(t, first.pdf_url)).bytes);
    for (const kept of ["Eski Ad Lokantası", "Moda Cad. 1, Kadıköy", "Beşiktaş Vergi Dairesi", "VKN: 4540536920"])
      expect(old).toContain(kept);
    for (const later of ["Yeni Ad Lokantası", "Bağdat Cad. 2", "TCKN: 10000000146"]) expect(old).not.toContain(later);

    // The next invoice is issued to the restaurant as it is now; a sole trader's TCKN is labelled as such.
    const second = (await changePlan(t, { subscription_plan: "pro", billing_cycle: "yearly" })).json.invoice;
    expect(second.number).not.toBe(first.number);
    const next = await pdfText((await fetchPdf(t, second.pdf_url)).bytes);
    for (const now of ["Yeni Ad Lokantası", "Bağdat Cad. 2, Maltepe", "TCKN: 10000000146"]) expect(next).toContain(now);
  });

  it("the billing settings' tax number is checked on the server with Turkish messages (VKN check digit, TCKN checksums)", async () => {
    const t = await createTenant({ manager: true });
    const post = (fields: Record<string, string>) => postForm(t, SETTINGS, { intent: "tax-details", ...fields });
    const cases: [Record<string, string>, string][] = [
      [{ tax_office: "Kadıköy", tax_number: "4540536921" }, "Vergi kimlik numarası (VKN) geçersiz: kontrol hanesi tutmuyor."],
      [{ tax_office: "Kadıköy", tax_number: "17291716050" }, "T.C. kimlik numarası geçersiz: kontrol haneleri tutmuyor."],
      [{ tax_office: "Kadıköy", tax_number: "12345" }, "Vergi numarası geçersiz: şirketler için 10 haneli VKN"],
      [{ tax_office: "", tax_number: "4540536920" }, "Vergi numarasıyla birlikte vergi dairesini de yazın."],
      [{ tax_office: "Kadıköy", tax_number: "" }, "Vergi dairesiyle birlikte VKN ya da T.C. kimlik numarasını da yazın."],
    ];
    for (const [fields, message] of cases) {
      const res = await post(fields);
      expect(res.status).toBe(400);
      expect(joinedText(res.text)).toContain(message);
    }
    expect(await restaurantOf(t)).toMatchObject({ taxOffice: null, taxNumber: null });
    expect((await post({ tax_office: "Kadıköy Vergi Dairesi", tax_number: "17291716060" })).status).toBe(302);
    expect(await restaurantOf(t)).toMatchObject({ taxOffice: "Kadıköy Vergi Dairesi", taxNumber: "17291716060" });
    const tab = joinedText((await getPage(t, SETTINGS)).text);
    expect(tab).toContain('value="17291716060"');
    // Both empty clears them.
    expect((await post({ tax_office: "", tax_number: "" })).status).toBe(302);
    expect(await restaurantOf(t)).toMatchObject({ taxOffice: null, taxNumber: null });
  });

  it("the figures agree: pricing, plans page, confirmation, billing tab and invoice all say ₺399,00 with KDV included", async () => {
    const t = await createTenant({ manager: true });
    const pricing = joinedText(await (await fetch(`${baseUrl()}/pricing`)).text());
    expect(pricing).toContain("Fiyatlara %20 KDV dahildir.");
    expect(pricing).toContain("₺399,00");
    const plans = joinedText((await getPage(t, "/app/plans")).text);
    expect(plans).toContain("Fiyatlara %20 KDV dahildir.");
    expect(plans).toContain("₺399,00");
    const confirm = joinedText((await postForm(t, "/app/plans", { intent: "change-plan", subscription_plan: "pro" })).text);
    expect(confirm).toContain("₺399,00");
    expect(confirm).toContain("₺66,50");
    await changePlan(t, { subscription_plan: "pro" });
    const tab = joinedText((await getPage(t, SETTINGS)).text);
    expect(tab).toContain("₺399,00");
    expect(tab).toContain("KDV dahil (KDV ₺66,50)");
  });

  it("an id that is not a number, or does not exist: 404", async () => {
    const t = await createTenant({ manager: true });
    for (const id of ["abc", "0", "2000000000"]) expect((await fetchPdf(t, `/app/invoices/${id}/pdf`)).status, id).toBe(404);
  });

  it("outside manager mode: 403", async () => {
    const owner = await basicTenant();
    const { json } = await changePlan(owner, { subscription_plan: "pro" });
    const loggedIn = (await api("/api/public/login", { body: { email: owner.email, password: owner.password } })).json.access_token;
    expect((await fetchPdf({ ...owner, token: loggedIn }, json.invoice.pdf_url)).status).toBe(403);
  });
});

describe("tenant isolation", () => {
  it("another restaurant's invoice: 404 for its PDF; the lists and usage show only one's own", async () => {
    const { a, b } = await createTenantPair();
    await prisma.restaurantTable.updateMany({
      where: { restaurantId: a.restaurantId, number: { gt: 10 } },
      data: { archivedAt: new Date() },
    });
    await changePlan(a, { subscription_plan: "basic" });
    await changePlan(a, { subscription_plan: "pro" });
    await prisma.paymentMethod.create({
      data: { restaurantId: a.restaurantId, brand: "Visa", lastFour: "4242", expMonth: 1, expYear: 2030 },
    });
    const ids = (await invoiceRows(a)).map((i) => i.id);
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      { name: "GET /app/invoices/{id}/pdf", send: (id, token) => fetchPdf({ ...a, token }, `/app/invoices/${id}/pdf`) },
    ]);
    expect((await invoices(b)).json.invoices).toEqual([]);
    expect((await api("/api/billing/payment-methods", { token: b.token })).json.payment_methods).toEqual([]);
    expect((await usage(b)).json.plan.usage.tables).toBe(20);
    expect((await usage(a)).json.plan.usage.tables).toBe(10);
    const tab = joinedText((await getPage(b, SETTINGS)).text);
    for (const id of ids) expect(tab).not.toContain(`/app/invoices/${id}/pdf`);
  });

  it("a plan change (API or page) changes only the session's restaurant, whatever ids the body carries", async () => {
    const { a, b } = await createTenantPair();
    const api1 = await changePlan(b, { subscription_plan: "pro", restaurant_id: a.restaurantId, restaurantId: a.restaurantId });
    expect(api1.status).toBe(200);
    const page = await postForm(b, SETTINGS, {
      intent: "change-plan",
      subscription_plan: "enterprise",
      change_key: `k-${randomUUID()}`,
      confirm: "1",
      restaurant_id: a.restaurantId,
      id: a.restaurantId,
    });
    expect(page.status, page.text.slice(0, 300)).toBe(302);
    expect((await restaurantOf(a)).subscriptionPlan).toBe("free_trial");
    expect(await invoiceRows(a)).toHaveLength(0);
    expect((await restaurantOf(b)).subscriptionPlan).toBe("enterprise");
  });
});

describe("the Billing tab and /app/plans (no JavaScript)", () => {
  it("the tab shows plan, usage bars, the empty states and the bank account; General keeps its Save button", async () => {
    const t = await createTenant({ manager: true });
    const html = joinedText((await getPage(t, SETTINGS)).text);
    expect(html).toContain("Mevcut plan");
    expect(html).toContain("Ücretsiz Deneme");
    expect(html).toMatch(/usage__bar usage__bar--amber[^>]*aria-label="Masalar"/);
    expect(html).toContain("20 / 25");
    expect(html).toContain("Henüz fatura bulunmuyor.");
    expect(html).toContain("Henüz ödeme yöntemi eklenmemiş.");
    expect(html).toContain("TR00 0000 0000 0000 0000 0000 00");
    expect(html).not.toContain("Kaydet");
    expect(joinedText((await getPage(t, "/app/settings")).text)).toContain("Kaydet");
  });

  it("usage bar colours: green under 75 %, amber from 75 %, red from 90 %", async () => {
    const t = await createTenant({ manager: true });
    const tone = async () => /usage__bar usage__bar--(\w+)[^>]*aria-label="Masalar"/.exec((await getPage(t, SETTINGS)).text)![1];
    await prisma.restaurantTable.updateMany({
      where: { restaurantId: t.restaurantId, number: { gt: 18 } },
      data: { archivedAt: new Date() },
    });
    expect(await tone()).toBe("green"); // 18 / 25 = 72 %
    await prisma.restaurantTable.updateMany({ where: { restaurantId: t.restaurantId, number: 19 }, data: { archivedAt: null } });
    expect(await tone()).toBe("amber"); // 19 / 25 = 76 %
    await prisma.restaurantTable.createMany({ data: [21, 22, 23, 24].map((number) => ({ restaurantId: t.restaurantId, number })) });
    expect(await tone()).toBe("red"); // 23 / 25 = 92 %
  });

  it("the plan change form: redirect with the flash, the new invoice listed with its PDF link", async () => {
    const t = await createTenant({ manager: true });
    const key = `k-${randomUUID()}`;
    // The confirmation's own post (confirm=1): the first step is in billing-trust.test.ts.
    const fields = { intent: "change-plan", subscription_plan: "pro", billing_cycle: "monthly", change_key: key, confirm: "1" };
    const res = await postForm(t, SETTINGS, fields);
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect(res.location).toBe(SETTINGS);
    // A double submit (the same form again): the same invoice, no second one.
    expect((await postForm(t, SETTINGS, fields)).status).toBe(302);
    const rows = await invoiceRows(t);
    expect(rows).toHaveLength(1);
    const flash = res
      .headers!.getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const html = joinedText((await getPage(t, SETTINGS, flash)).text);
    expect(html).toContain(UPGRADED);
    expect(html).toContain(rows[0]!.number);
    expect(html).toContain("Beklemede");
    expect(html).toContain(`/app/invoices/${rows[0]!.id}/pdf`);
  });

  it("a refused change comes back to the form with its message (409)", async () => {
    const t = await createTenant({ manager: true });
    const res = await postForm(t, SETTINGS, { intent: "change-plan", subscription_plan: "basic", change_key: `k-${randomUUID()}` });
    expect(res.status).toBe(409);
    expect(joinedText(res.text)).toContain("Basic planına geçmek için önce 10 masa kaldırın.");
    const bad = await postForm(t, "/app/plans", { intent: "change-plan", subscription_plan: "gold", change_key: `k-${randomUUID()}` });
    expect(bad.status).toBe(400);
    expect(await invoiceRows(t)).toHaveLength(0);
  });

  it("/app/plans: three plans, monthly or yearly, the smallest plan that fits suggested", async () => {
    const t = await createTenant({ manager: true });
    const html = joinedText((await getPage(t, "/app/plans")).text);
    for (const name of ["Basic", "Pro", "Enterprise"]) expect(html).toContain(`${name} planı`);
    expect(html).toContain("Kullanımınıza uyan en küçük plan: Pro.");
    expect(html).toContain("Bu plana geçmek için önce 10 masa kaldırın.");
    expect(html).toContain("₺399,00");
    const yearly = joinedText((await getPage(t, "/app/plans?cycle=yearly")).text);
    expect(yearly).toContain("₺3.990,00");
    const small = await basicTenant();
    expect(joinedText((await getPage(small, "/app/plans")).text)).toContain("Kullanımınıza uyan en küçük plan: Basic.");
    const res = await postForm(t, "/app/plans", {
      intent: "change-plan",
      subscription_plan: "pro",
      billing_cycle: "yearly",
      change_key: `k-${randomUUID()}`,
      confirm: "1",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(SETTINGS);
    expect(await restaurantOf(t)).toMatchObject({ subscriptionPlan: "pro", billingCycle: "yearly" });
  });

  it("every upgrade link leads to /app/plans, never the public signup", async () => {
    const t = await createTenant({ manager: true });
    const html = (await getPage(t, "/app/admin")).text;
    expect(html).toContain('href="/app/plans"');
    expect(html).not.toContain('href="/pricing"');
  });
});
