// The order screen's no-JavaScript forms under double and concurrent submits:
// one cart gives one order, and "+" pressed many times at once loses nothing.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createTenant } from "../setup/factories";
import { menuOf, orderCount } from "../setup/floor";
import { getPage, postForm } from "../setup/pages";

const orderPage = (table: number) => `/app/order-taking?table=${table}`;

/** The hidden fields of the cart form as the page renders them (the submit button's form). */
function cartFormFields(html: string): Record<string, string> {
  const form = /<section id="sepet"[\s\S]*?<form[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  return fields;
}

describe("order form: double submit", () => {
  it("renders an idempotency key into the cart form", async () => {
    const tenant = await createTenant();
    const page = await getPage(tenant, orderPage(2));
    expect(page.status).toBe(200);
    expect(cartFormFields(page.text).client_order_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("5 concurrent submits of one cart (no JavaScript) give exactly one order", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    expect((await postForm(tenant, orderPage(3), { table: 3, add: menu["Çay"]!.id })).status).toBe(302);
    expect((await postForm(tenant, orderPage(3), { table: 3, add3: menu["Adana Kebap"]!.id })).status).toBe(302);
    const fields = cartFormFields((await getPage(tenant, orderPage(3))).text);

    const results = await Promise.all(Array.from({ length: 5 }, () => postForm(tenant, orderPage(3), { ...fields, submit: "1" })));
    expect(results.map((r) => `${r.status} ${r.location ?? r.text.slice(0, 200)}`).filter((s) => !s.startsWith("302 /app/staff"))).toEqual(
      [],
    );
    expect(await orderCount(tenant)).toBe(1);
    const order = await prisma.order.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId }, include: { items: true } });
    expect(Number(order.totalAmount)).toBe(20 + 3 * 380);
    // Every answer reports that one order.
    expect(new Set(results.map((r) => r.location)).size).toBe(1);

    // The same form sent again later (a reload of the answer page's POST) creates nothing either.
    const again = await postForm(tenant, orderPage(3), { ...fields, submit: "1" });
    expect(again.status).toBe(302);
    expect(await orderCount(tenant)).toBe(1);
  });

  it("two submits one after the other (the second after the answer was lost) give one order", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await postForm(tenant, orderPage(4), { table: 4, add: menu["Çay"]!.id });
    const fields = cartFormFields((await getPage(tenant, orderPage(4))).text);
    for (let i = 0; i < 2; i++) expect((await postForm(tenant, orderPage(4), { ...fields, submit: "1" })).status).toBe(302);
    expect(await orderCount(tenant)).toBe(1);
  });
});

describe("draft cart races", () => {
  it('20 concurrent "+" on one item: no 5xx, quantity 20', async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const id = menu["Çay"]!.id;
    const results = await Promise.all(Array.from({ length: 20 }, () => postForm(tenant, orderPage(5), { table: 5, add: id })));
    expect(results.map((r) => r.status).filter((s) => s !== 302)).toEqual([]);
    const items = await prisma.orderDraftItem.findMany({ where: { draft: { restaurantId: tenant.restaurantId } } });
    expect(items.map((i) => [i.menuItemId, i.quantity])).toEqual([[id, 20]]);
  });

  it('"+3" and "−" at once on several items: every change counts, none below zero', async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const tea = menu["Çay"]!.id;
    const kebab = menu["Adana Kebap"]!.id;
    const posts = [
      ...Array.from({ length: 10 }, () => ({ table: 6, add3: tea })),
      ...Array.from({ length: 10 }, () => ({ table: 6, add: kebab })),
      ...Array.from({ length: 5 }, () => ({ table: 6, dec: tea })),
    ];
    // The "−" posts go last in sequence so that they never meet an empty line.
    const adds = await Promise.all(posts.slice(0, 20).map((f) => postForm(tenant, orderPage(6), f)));
    const decs = await Promise.all(posts.slice(20).map((f) => postForm(tenant, orderPage(6), f)));
    expect([...adds, ...decs].map((r) => r.status).filter((s) => s !== 302)).toEqual([]);
    const items = await prisma.orderDraftItem.findMany({
      where: { draft: { restaurantId: tenant.restaurantId } },
      orderBy: { menuItemId: "asc" },
    });
    expect(Object.fromEntries(items.map((i) => [i.menuItemId, i.quantity]))).toEqual({ [tea]: 25, [kebab]: 10 });
  });
});
