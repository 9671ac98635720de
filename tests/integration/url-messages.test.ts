// Results kept in the URL (the spec's ?success=payment, ?success=order) name the
// payment's orders or the order; the figures shown come from the database, so a
// typed URL cannot make the screen announce money that was never taken.
import { describe, expect, it } from "vitest";
import { createTenant } from "../setup/factories";
import { placeOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";

describe("payment result", () => {
  it("a typed amount in the URL is not announced", async () => {
    const tenant = await createTenant();
    const page = await getPage(tenant, "/payments?success=payment&amount=99999&method=cash&table=1&count=1");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("ÖDEME BAŞARILI");
    expect(page.text).not.toContain("99.999");
  });

  it("the page's payment redirects to its orders and shows the amount taken", async () => {
    const tenant = await createTenant();
    const a = await placeOrder(tenant, 3, [["Çay", 2]]);
    const b = await placeOrder(tenant, 3, [["Adana Kebap", 1]]);
    const paid = await postForm(tenant, "/payments", { intent: "pay", table: 3, method: "card", order_id: [a.id, b.id] });
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(`/payments?success=payment&orders=${a.id},${b.id}`);
    const page = await getPage(tenant, paid.location!);
    expect(page.text).toContain("ÖDEME BAŞARILI");
    expect(joinedText(page.text)).toContain(
      `₺${(a.total_amount + b.total_amount).toFixed(2).replace(".", ",")} kart ile alındı (2 sipariş). Masa 3 boşaltıldı.`,
    );
  });

  it("another restaurant's paid order shows nothing, and an unpaid order shows nothing", async () => {
    const other = await createTenant();
    const theirs = await placeOrder(other, 2, [["Çay", 1]]);
    expect((await postForm(other, "/payments", { intent: "pay", table: 2, method: "cash", order_id: theirs.id })).status).toBe(302);
    const tenant = await createTenant();
    const unpaid = await placeOrder(tenant, 2, [["Çay", 1]]);
    for (const id of [theirs.id, unpaid.id]) {
      const page = await getPage(tenant, `/payments?success=payment&orders=${id}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("ÖDEME BAŞARILI");
    }
  });
});

describe("order saved", () => {
  it("a typed table and total in the URL are not announced", async () => {
    const tenant = await createTenant();
    const page = await getPage(tenant, "/app/staff?success=order&table=5&total=99999");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Sipariş kaydedildi");
  });

  it("the order form's redirect names the order; the panel shows its table and total", async () => {
    const tenant = await createTenant();
    const order = await placeOrder(tenant, 4, [["Çay", 3]]);
    const page = await getPage(tenant, `/app/staff?success=order&order=${order.id}`);
    expect(page.text).toContain("Sipariş kaydedildi!");
    expect(joinedText(page.text)).toContain(`Masa 4 · ₺${order.total_amount},00`);
  });

  it("another restaurant's order id shows nothing", async () => {
    const other = await createTenant();
    const theirs = await placeOrder(other, 4, [["Çay", 1]]);
    const tenant = await createTenant();
    const page = await getPage(tenant, `/app/staff?success=order&order=${theirs.id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Sipariş kaydedildi");
  });
});
