// Issue 20, billing: upgrade buttons that bill what they name, a confirmation before a paid plan
// change, closed accounts that cannot extend or apply, return_to that a Location header can carry,
// the trial extension where the spec offers it.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial } from "../setup/floor";
import { joinedText, postForm } from "../setup/pages";

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
