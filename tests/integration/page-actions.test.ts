// The page actions get the tests the API has: the premium gate and tenant isolation,
// posted as a browser without JavaScript posts them. (Order taking's forms: order-forms-*.)
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createTenant } from "../setup/factories";
import { expireTrial, orderRow, paymentCount, placeOrder, tableState } from "../setup/floor";
import { joinedText, postForm } from "../setup/pages";

const NOT_FOUND = "Sipariş bulunamadı.";
const PREMIUM = /Deneme süreniz doldu|premium|Premium/;

describe("payments page", () => {
  it("premium gate: with the trial over, neither the confirmation nor the payment goes through (403), nothing is paid", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 2, [["Çay", 1]]);
    await expireTrial(tenant);
    const posts: Record<string, string | number>[] = [
      { table: 2, method: "cash", order_id: order.id },
      { intent: "pay", table: 2, method: "cash", order_id: order.id },
      { intent: "pay", table: 2, quick: `card:${order.id}` },
    ];
    for (const fields of posts) {
      const res = await postForm(tenant, "/payments", fields);
      expect(res.status, JSON.stringify(fields)).toBe(403);
      expect(joinedText(res.text)).toMatch(PREMIUM);
    }
    expect((await orderRow(order.id))!.status).toBe("active");
    expect(await paymentCount(tenant)).toBe(0);
  });

  it("another restaurant's order: 404 at confirmation and at payment, and it stays unpaid", async () => {
    const other = await createTenant();
    const theirs = await placeOrder(other, 2, [["Çay", 1]]);
    const tenant = await createTenant();
    await placeOrder(tenant, 2, [["Çay", 1]]);
    for (const path of ["/payments", "/app/payments"]) {
      const confirm = await postForm(tenant, path, { table: 2, method: "cash", order_id: theirs.id });
      expect(confirm.status).toBe(404);
      expect(joinedText(confirm.text)).toContain(NOT_FOUND);
      const pay = await postForm(tenant, path, { intent: "pay", table: 2, method: "cash", order_id: theirs.id });
      expect(pay.status).toBe(404);
      expect(joinedText(pay.text)).toContain(NOT_FOUND);
    }
    expect((await orderRow(theirs.id))!.status).toBe("active");
    expect(await paymentCount(other)).toBe(0);
    expect(await paymentCount(tenant)).toBe(0);
  });

  it("a table this restaurant does not have: 404; junk fields: 400 with a Turkish message", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 2, [["Çay", 1]]);
    const missing = await postForm(tenant, "/payments", { table: 999, method: "cash", order_id: order.id });
    expect(missing.status).toBe(404);
    const junk = await postForm(tenant, "/payments", { intent: "pay", table: "0x2", method: "bitcoin", order_id: order.id });
    expect(junk.status).toBe(400);
    expect(joinedText(junk.text)).toContain("Lütfen bir masa seçin!");
    expect(joinedText(junk.text)).toContain("Ödeme yöntemi nakit, kart ya da yemek kartı olmalıdır.");
    const none = await postForm(tenant, "/payments", { table: 2, method: "cash" });
    expect(none.status).toBe(400);
    expect(joinedText(none.text)).toContain("Lütfen ödeme yapılacak siparişleri seçin");
    expect(await paymentCount(tenant)).toBe(0);
  });

  it("a repeated payment changes nothing twice: the second is 409 and one payment exists", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 2, [["Çay", 1]]);
    const fields = { intent: "pay", table: 2, method: "cash", order_id: order.id };
    const results = await Promise.all([postForm(tenant, "/payments", fields), postForm(tenant, "/payments", fields)]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await paymentCount(tenant)).toBe(1);
  });
});

describe("payments page: the confirmation's pay key", () => {
  it("two taps on Onayla (same confirmation) both end on the receipt, and the order is paid once", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 2, [["Çay", 2]]);
    const confirmation = await postForm(tenant, "/payments?table=2", { table: 2, method: "cash", order_id: order.id });
    expect(confirmation.status).toBe(200);
    const payKey = /name="pay_key" value="([^"]+)"/.exec(confirmation.text)?.[1];
    expect(payKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const fields = { intent: "pay", table: 2, method: "cash", order_id: order.id, pay_key: payKey! };
    const results = await Promise.all([postForm(tenant, "/payments", fields), postForm(tenant, "/payments", fields)]);
    expect(results.map((r) => r.status)).toEqual([302, 302]);
    for (const r of results) expect(r.location).toBe(`/payments?success=payment&orders=${order.id}`);
    expect(await paymentCount(tenant)).toBe(1);
    // A new confirmation (another key) for the paid order is refused.
    const other = await postForm(tenant, "/payments", { ...fields, pay_key: "someone-elses-key" });
    expect(other.status).toBe(409);
    expect(await paymentCount(tenant)).toBe(1);
  });
});

describe("manager panel status menu", () => {
  it("changes only this restaurant's table of that number", async () => {
    const other = await createTenant({ manager: true });
    const tenant = await createTenant({ manager: true });
    const res = await postForm(tenant, "/app/admin", { intent: "table-status", table: 7, status: "cleaning" });
    expect(res.status).toBe(302);
    expect((await tableState(tenant, 7)).status).toBe("cleaning");
    expect((await tableState(other, 7)).status).toBe("empty");
  });

  it("a table this restaurant does not have: 404 and nothing written", async () => {
    const tenant = await createTenant({ manager: true });
    const before = await prisma.restaurantTable.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: { id: "asc" } });
    const res = await postForm(tenant, "/app/admin", { intent: "table-status", table: 999, status: "cleaning" });
    expect(res.status).toBe(404);
    expect(await prisma.restaurantTable.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: { id: "asc" } })).toEqual(before);
  });

  it("staff mode: 403, the table unchanged; an unknown intent: 400", async () => {
    const tenant = await createTenant();
    const res = await postForm(tenant, "/app/admin", { intent: "table-status", table: 7, status: "cleaning" });
    expect(res.status).toBe(403);
    expect((await tableState(tenant, 7)).status).toBe("empty");
    const manager = await createTenant({ manager: true });
    const odd = await postForm(manager, "/app/admin", { intent: "drop", table: 7, status: "cleaning" });
    expect(odd.status).toBe(400);
    expect(joinedText(odd.text)).toContain("Geçersiz işlem.");
    expect((await tableState(manager, 7)).status).toBe("empty");
  });
});
