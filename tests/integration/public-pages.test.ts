// What search engines and Lighthouse read on the public site.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api, baseUrl, randomIp } from "../setup/api";
import { signupPayload } from "../setup/factories";

describe("public pages", () => {
  it.each(["/", "/pricing", "/signup", "/login", "/app"])("%s has a title and a meta description of its own", async (path) => {
    const res = await api(path);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<title>[^<]+— Sofra|Sofra —/);
    const description = /<meta name="description" content="([^"]+)"/.exec(res.text)?.[1];
    expect(description?.length ?? 0, path).toBeGreaterThan(50);
  });

  it.each(["/", "/pricing", "/signup", "/login", "/app", "/app?tab=register"])(
    "%s: headings never skip a level (h1, then h2, then h3)",
    async (path) => {
      const html = (await api(path)).text;
      const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
      expect(levels[0], path).toBe(1);
      for (let i = 1; i < levels.length; i++)
        expect(levels[i]! - levels[i - 1]!, `${path}: h${levels[i - 1]} then h${levels[i]}`).toBeLessThanOrEqual(1);
    },
  );

  it("robots.txt is a plain robots file (not a redirect to the home page) that keeps crawlers out of the app", async () => {
    const res = await api("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Disallow: \/app$/m);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
  });
});

// Issue 8: every figure on /signup comes from the plan chosen on /pricing, and the yearly choice survives.
describe("the plan chosen on /pricing, on /signup and in the new restaurant", () => {
  /** The visible text of a page, without tags (React splits text around expressions). */
  const visible = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<[^>]+>/g, "")
      .replace(/<!-- -->/g, "");

  it("/signup?plan=basic lists Basic's figures, not the trial's", async () => {
    const text = visible((await api("/signup?plan=basic")).text);
    expect(text).toContain("10 masa hazır tanımlı (10 masaya kadar)");
    expect(text).toContain("5 personel hesabı");
    expect(text).not.toMatch(/25 masaya kadar|15 personel/);
    expect(text).toContain("Seçtiğiniz plan: Basic, aylık ₺199,00");
  });

  it("/signup without a plan lists the trial's figures (Pro's limits)", async () => {
    const text = visible((await api("/signup")).text);
    expect(text).toContain("20 masa hazır tanımlı (25 masaya kadar)");
    expect(text).toContain("15 personel hesabı");
  });

  it("/signup?plan=pro&billing=yearly shows the yearly price and carries the choice in the form", async () => {
    const html = (await api("/signup?plan=pro&billing=yearly")).text;
    expect(visible(html)).toContain("Seçtiğiniz plan: Pro, yıllık ₺3.990,00 (ayda ₺332,50)");
    expect(html).toMatch(
      /<input[^>]*type="hidden"[^>]*name="billing"[^>]*value="yearly"|<input[^>]*name="billing"[^>]*type="hidden"[^>]*value="yearly"|<input[^>]*value="yearly"[^>]*name="billing"/,
    );
  });

  it("/pricing's yearly cards lead to signup with billing=yearly", async () => {
    expect((await api("/pricing?billing=yearly")).text).toContain('href="/signup?plan=basic&amp;billing=yearly"');
  });

  it("a signup from Basic, yearly, records the period and starts with Basic's 10 tables", async () => {
    const payload = signupPayload({ plan: "basic", billing: "yearly" });
    const res = await fetch(`${baseUrl()}/signup`, {
      method: "POST",
      body: new URLSearchParams(payload as Record<string, string>),
      headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
      redirect: "manual",
    });
    expect(res.status, await res.text()).toBe(302);
    expect(res.headers.get("location")).toBe("/app/welcome");
    const restaurant = await prisma.restaurant.findFirstOrThrow({
      where: { email: payload.email },
      select: { id: true, billingCycle: true, requestedPlanId: true },
    });
    expect(restaurant).toMatchObject({ billingCycle: "yearly", requestedPlanId: "basic" });
    expect(await prisma.restaurantTable.count({ where: { restaurantId: restaurant.id } })).toBe(10);
  });

  it("a signup without a period is monthly, with the 20 starter tables", async () => {
    const payload = signupPayload({ plan: "pro" });
    const res = await api("/api/public/signup", { body: payload });
    expect(res.status, res.text).toBe(201);
    expect(res.json.restaurant.billing_cycle).toBe("monthly");
    expect(await prisma.restaurantTable.count({ where: { restaurantId: res.json.restaurant.id } })).toBe(20);
  });

  it("the landing page says how many tables each plan starts with, from the plans", async () => {
    const text = visible((await api("/")).text);
    expect(text).not.toContain("20 masa hazır gelir");
    expect(text).toContain("masalarınız hazır gelir (Basic 10, Pro 20, Enterprise 20 masa)");
  });
});
