// Issue 20, billing: upgrade buttons that bill what they name, a confirmation before a paid plan
// change, closed accounts that cannot extend or apply, return_to that a Location header can carry,
// the trial extension where the spec offers it.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";

const JSON_TYPE = { "content-type": "application/json" };
const restaurantOf = (t: Tenant) => prisma.restaurant.findUniqueOrThrow({ where: { id: t.restaurantId } });
const setStatus = (t: Tenant, subscriptionStatus: "suspended" | "cancelled") =>
  prisma.restaurant.update({
    where: { id: t.restaurantId },
    data: subscriptionStatus === "cancelled" ? { subscriptionStatus, cancelledAt: new Date() } : { subscriptionStatus },
  });

const APPLICATION = {
  restaurant_name: "Kapalı Lokanta",
  business_type: "restaurant",
  requested_plan: "pro",
  table_count: 12,
  staff_count: 4,
  monthly_customer_count: 800,
};

describe("return_to goes into Location encoded and checked (issue 20)", () => {
  it("/app/trial-banner: a ğ in return_to is a 302 with the path percent-encoded, not a 500", async () => {
    const t = await createTenant({ manager: true });
    const res = await postForm(t, "/app/trial-banner", { intent: "dismiss", return_to: "/app/menü?ara=ğ" });
    expect(res.status, res.text.slice(0, 200)).toBe(302);
    expect(res.location).toBe("/app/men%C3%BC?ara=%C4%9F");
  });

  it("/app/trial-banner: an absolute foreign URL falls back to role selection", async () => {
    const t = await createTenant({ manager: true });
    for (const foreign of ["https://evil.example/app", "//evil.example/app", "/app/../admin"]) {
      const res = await postForm(t, "/app/trial-banner", { intent: "dismiss", return_to: foreign });
      expect(res.status).toBe(302);
      expect(res.location).toBe("/app/role-selection");
    }
  });

  it("/app/email-verification: a ğ in return_to is a 302 encoded (the mail was sent once); a foreign URL is not followed", async () => {
    const t = await createTenant();
    const res = await postForm(t, "/app/email-verification", { return_to: "/app/staff?ad=Çağrı" });
    expect(res.status, res.text.slice(0, 200)).toBe(302);
    expect(res.location).toBe("/app/staff?ad=%C3%87a%C4%9Fr%C4%B1");
    const foreign = await postForm(t, "/app/email-verification", { return_to: "https://evil.example/app" });
    expect(foreign.location).toBe("/app/role-selection");
  });
});

describe("a suspended or cancelled restaurant cannot extend its trial or apply (issue 20)", () => {
  it.each([
    ["suspended", "Hesabınız askıya alınmış"],
    ["cancelled", "Üyeliğiniz iptal edilmiş"],
  ] as const)("%s: POST /api/trial/extend is 403 with a Turkish detail; the trial end does not move", async (status, words) => {
    const t = await createTenant({ manager: true });
    const before = (await restaurantOf(t)).trialEndsAt;
    await setStatus(t, status);
    expectError(
      await api("/api/trial/extend", { method: "POST", token: t.token, body: { days: 1 } }),
      403,
      `${words}; deneme süresi uzatılamaz. Bilgi için bizimle iletişime geçin.`,
    );
    expect((await restaurantOf(t)).trialEndsAt).toEqual(before);
  });

  it.each([
    ["suspended", "Hesabınız askıya alınmış"],
    ["cancelled", "Üyeliğiniz iptal edilmiş"],
  ] as const)("%s: POST /api/application/submit is 403; the page says so and refuses the form post", async (status, words) => {
    const t = await createTenant({ manager: true });
    await expireTrial(t);
    await setStatus(t, status);
    const detail = `${words}; premium başvurusu yapılamaz. Bilgi için bizimle iletişime geçin.`;
    expectError(await api("/api/application/submit", { token: t.token, body: APPLICATION, headers: JSON_TYPE }), 403, detail);
    const page = await postForm(t, "/app/premium-application", APPLICATION);
    expect(page.status).toBe(403);
    expect(joinedText(page.text)).toContain(detail);
    expect(await prisma.premiumApplication.count({ where: { restaurantId: t.restaurantId } })).toBe(0);
  });
});

/** The forms of a page that post to `action`, each with its hidden fields and its button's text: what pressing it sends. */
function formsPostingTo(html: string, action: string) {
  const forms = [...html.matchAll(/<form\b[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].filter((m) => m[1] === action);
  return forms.map((m) => {
    const fields: Record<string, string> = {};
    for (const input of m[2]!.matchAll(/<input\b[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1];
      if (name && value !== undefined) fields[name] = value.replaceAll("&amp;", "&");
    }
    const button = joinedText(/<button\b[^>]*>([\s\S]*?)<\/button>/.exec(m[2]!)?.[1] ?? "").trim();
    return { fields, button };
  });
}

const invoicesOf = (t: Tenant) => prisma.invoice.findMany({ where: { restaurantId: t.restaurantId }, orderBy: { id: "asc" } });

/** Presses an upgrade button: its first post answers the confirmation; "Onayla" posts that form (confirm=1). */
async function pressAndConfirm(t: Tenant, fields: Record<string, string>) {
  const first = await postForm(t, "/app/plans", fields);
  expect(first.status, first.text.slice(0, 300)).toBe(200);
  expect(await invoicesOf(t)).toHaveLength(0);
  const [confirm] = formsPostingTo(first.text, "/app/plans").filter((f) => f.fields.confirm === "1");
  expect(confirm, "the confirmation's form").toBeDefined();
  return { first, confirm: confirm!, done: await postForm(t, "/app/plans", confirm!.fields) };
}

describe("every upgrade button names the plan and cycle it bills, and bills exactly that (issue 20)", () => {
  it("expired trial, 20 tables: the banner and the premium gate both say Pro (monthly), and pressing either bills Pro monthly", async () => {
    for (const where of ["banner", "gate"] as const) {
      const t = await createTenant({ manager: true });
      await expireTrial(t);
      const html = (await getPage(t, "/app/order-taking?table=1")).text;
      const buttons = formsPostingTo(html, "/app/plans");
      // The banner's and the gate's: the same plan, named with its cycle.
      expect(buttons.map((b) => b.button)).toEqual(["Pro planına geç (aylık)", "Pro planına geç (aylık)"]);
      for (const b of buttons) expect(b.fields).toMatchObject({ subscription_plan: "pro", billing_cycle: "monthly" });
      const pressed = buttons[where === "banner" ? 0 : 1]!;
      const { first, done } = await pressAndConfirm(t, pressed.fields);
      expect(joinedText(first.text)).toContain("Pro · Aylık");
      expect(done.status).toBe(302);
      // Back where the button was (the gate keeps the page's query).
      expect(done.location).toBe(where === "banner" ? "/app/order-taking?upgraded=1" : "/app/order-taking?table=1&upgraded=1");
      expect(await restaurantOf(t)).toMatchObject({ subscriptionPlan: "pro", billingCycle: "monthly" });
      expect((await invoicesOf(t)).map((i) => [i.plan, i.billingCycle, i.totalAmount.toFixed(2)])).toEqual([["pro", "monthly", "399.00"]]);
    }
  });

  it("expired trial that fits Basic and chose it yearly at signup: both buttons say Basic (yearly) and bill ₺1.990", async () => {
    const t = await createTenant({ manager: true, plan: "basic", billing_cycle: "yearly" });
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { billingCycle: "yearly" } });
    await expireTrial(t);
    const buttons = formsPostingTo((await getPage(t, "/app/order-taking?table=1")).text, "/app/plans");
    expect(buttons.map((b) => b.button)).toEqual(["Basic planına geç (yıllık)", "Basic planına geç (yıllık)"]);
    const { done } = await pressAndConfirm(t, buttons[1]!.fields);
    expect(done.status).toBe(302);
    expect(await restaurantOf(t)).toMatchObject({ subscriptionPlan: "basic", billingCycle: "yearly" });
    expect((await invoicesOf(t)).map((i) => [i.plan, i.totalAmount.toFixed(2)])).toEqual([["basic", "1990.00"]]);
  });

  it("/app/plans: each plan's button names its cycle and bills that plan and cycle", async () => {
    const t = await createTenant({ manager: true });
    const buttons = formsPostingTo((await getPage(t, "/app/plans?cycle=yearly")).text, "/app/plans");
    expect(buttons.map((b) => b.button)).toEqual([
      "Basic planına geç (yıllık)",
      "Pro planına geç (yıllık)",
      "Enterprise planına geç (yıllık)",
    ]);
    const enterprise = buttons[2]!;
    expect(enterprise.fields).toMatchObject({ subscription_plan: "enterprise", billing_cycle: "yearly" });
    const { done } = await pressAndConfirm(t, enterprise.fields);
    expect(done.status).toBe(302);
    expect(await restaurantOf(t)).toMatchObject({ subscriptionPlan: "enterprise", billingCycle: "yearly" });
    expect((await invoicesOf(t)).map((i) => [i.plan, i.totalAmount.toFixed(2)])).toEqual([["enterprise", "7990.00"]]);
  });

  it("the old one-tap upgrade post to /app/trial-banner changes nothing and goes to the plans", async () => {
    const t = await createTenant({ manager: true });
    await expireTrial(t);
    const res = await postForm(t, "/app/trial-banner", { intent: "upgrade", return_to: "/app/admin" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/app/plans");
    expect(await restaurantOf(t)).toMatchObject({ subscriptionPlan: "free_trial" });
    expect(await invoicesOf(t)).toHaveLength(0);
  });
});

describe("a paid plan change asks first (issue 20)", () => {
  it("/app/plans on a trial: the first post shows plan, cycle, amount with KDV, due date and the trial's end; nothing changes until Onayla", async () => {
    const t = await createTenant({ manager: true });
    const first = await postForm(t, "/app/plans", { intent: "change-plan", subscription_plan: "pro", billing_cycle: "yearly" });
    expect(first.status).toBe(200);
    const text = joinedText(first.text);
    expect(text).toContain("Plan değişikliğini onaylayın");
    expect(text).toContain("Pro · Yıllık");
    expect(text).toContain("Tutar (KDV hariç)");
    expect(text).toContain("₺3.325,00");
    expect(text).toContain("KDV (%20)");
    expect(text).toContain("₺665,00");
    expect(text).toContain("₺3.990,00");
    expect(text).toContain("Son ödeme tarihi");
    expect(text).toContain("Deneme süreniz sona erecek");
    expect(await restaurantOf(t)).toMatchObject({ subscriptionPlan: "free_trial", billingCycle: "monthly" });
    expect(await invoicesOf(t)).toHaveLength(0);
    const [confirm] = formsPostingTo(first.text, "/app/plans").filter((f) => f.fields.confirm === "1");
    expect(confirm!.button).toBe("Onayla: Pro planına geç (yıllık)");
    const done = await postForm(t, "/app/plans", confirm!.fields);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/app/settings?tab=billing");
    // The same confirmation sent twice (a double tap): one change, one invoice.
    expect((await postForm(t, "/app/plans", confirm!.fields)).status).toBe(302);
    const rows = await invoicesOf(t);
    expect(rows.map((i) => [i.plan, i.billingCycle, i.netAmount.toFixed(2), i.taxAmount.toFixed(2), i.totalAmount.toFixed(2)])).toEqual([
      ["pro", "yearly", "3325.00", "665.00", "3990.00"],
    ]);
  });

  it("the billing tab: the first post answers the confirmation in the tab, Onayla changes; a refusal shows at the first step", async () => {
    const t = await createTenant({ manager: true, plan: "basic" });
    const tab = "/app/settings?tab=billing";
    const first = await postForm(t, tab, { intent: "change-plan", subscription_plan: "basic", billing_cycle: "monthly" });
    expect(first.status).toBe(200);
    expect(joinedText(first.text)).toContain("Basic · Aylık");
    expect(joinedText(first.text)).toContain("₺199,00");
    expect(joinedText(first.text)).toContain("₺33,17");
    expect(await invoicesOf(t)).toHaveLength(0);
    const [confirm] = formsPostingTo(first.text, tab).filter((f) => f.fields.confirm === "1");
    const done = await postForm(t, tab, confirm!.fields);
    expect(done.status).toBe(302);
    expect((await restaurantOf(t)).subscriptionPlan).toBe("basic");
    // Paid now: no trial line; Basic again is refused before any confirmation.
    const again = await postForm(t, tab, { intent: "change-plan", subscription_plan: "basic", billing_cycle: "monthly" });
    expect(again.status).toBe(409);
    const big = await createTenant({ manager: true });
    const over = await postForm(big, tab, { intent: "change-plan", subscription_plan: "basic" });
    expect(over.status).toBe(409);
    expect(joinedText(over.text)).toContain("Basic planına geçmek için önce 10 masa kaldırın.");
  });

  it("the API keeps the spec's contract: PUT /api/billing/change-plan and POST /api/trial/upgrade change in one call", async () => {
    const a = await createTenant({ manager: true });
    const res = await api("/api/billing/change-plan", { method: "PUT", token: a.token, body: { subscription_plan: "pro" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.invoice).toMatchObject({ total_amount: 399, net_amount: 332.5, tax_amount: 66.5, tax_rate: 20 });
    const b = await createTenant({ manager: true });
    const up = await api("/api/trial/upgrade", { token: b.token, body: { plan: "pro", billing_cycle: "monthly" } });
    expect(up.status, up.text).toBe(200);
    expect((await restaurantOf(b)).subscriptionPlan).toBe("pro");
  });
});

describe("the trial extension is offered where the spec applies it (issue 20)", () => {
  const extendButtons = async (t: Tenant) =>
    formsPostingTo((await getPage(t, "/app/admin")).text, "/app/trial-banner").filter((f) => f.fields.intent === "extend");

  it("a running trial in manager mode: '1 gün uzat' extends it by one day", async () => {
    const t = await createTenant({ manager: true });
    const [button] = await extendButtons(t);
    expect(button?.button).toBe("1 gün uzat");
    const before = (await restaurantOf(t)).trialEndsAt!.getTime();
    const res = await postForm(t, "/app/trial-banner", button!.fields);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/app/admin?extended=1");
    expect((await restaurantOf(t)).trialEndsAt!.getTime() - before).toBe(24 * 60 * 60 * 1000);
    expect(joinedText((await getPage(t, "/app/admin?extended=1")).text)).toContain("Deneme süresi 1 gün uzatıldı!");
  });

  it("not offered: trial over, paid plan, staff mode, cap reached, suspended; the post is refused there", async () => {
    const expired = await createTenant({ manager: true });
    await expireTrial(expired);
    const paid = await createTenant({ manager: true, plan: "basic" });
    await api("/api/billing/change-plan", { method: "PUT", token: paid.token, body: { subscription_plan: "basic" } });
    const capped = await createTenant({ manager: true });
    const r = await restaurantOf(capped);
    await prisma.restaurant.update({
      where: { id: capped.restaurantId },
      data: { trialEndsAt: new Date(r.createdAt.getTime() + 21 * 86_400_000) },
    });
    const suspended = await createTenant({ manager: true });
    await setStatus(suspended, "suspended");
    for (const t of [expired, paid, capped, suspended]) expect(await extendButtons(t)).toEqual([]);
    const res = await postForm(expired, "/app/trial-banner", { intent: "extend", return_to: "/app/admin" });
    expect(res.location).toBe("/app/admin?extend_error=1");
    const staff = await createTenant();
    const page = (await getPage(staff, "/app/role-selection")).text;
    expect(formsPostingTo(page, "/app/trial-banner").filter((f) => f.fields.intent === "extend")).toEqual([]);
    const before = (await restaurantOf(staff)).trialEndsAt;
    expect((await postForm(staff, "/app/trial-banner", { intent: "extend", return_to: "/app/role-selection" })).location).toBe(
      "/app/role-selection?extend_error=1",
    );
    expect((await restaurantOf(staff)).trialEndsAt).toEqual(before);
  });
});
