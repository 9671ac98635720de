// A discount code at payment: the rules of payOrder + redeemDiscount called directly (moved here
// from tests/integration/discounts.test.ts; the HTTP contract, access and page flows stay there).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDiscount, previewDiscount } from "~/modules/discounts/discounts.server";
import { CreateDiscountSchema } from "~/modules/discounts/schemas";
import { payOrder } from "~/modules/payments/payments.server";
import { DEFAULT_TIME_ZONE } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { createRestaurant, menuIds, placeOrder, refusal, type DomainTenant } from "../setup/domain";

const MSG = {
  unknown: "İndirim kodu bulunamadı.",
  inactive: "Bu indirim kodu aktif değil.",
  expired: "Bu indirim kodunun süresi doldu.",
  exhausted: "Bu indirim kodunun kullanım hakkı doldu.",
} as const;

/** Istanbul's calendar day `n` days from today (YYYY-MM-DD). */
function dayFromToday(n: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: DEFAULT_TIME_ZONE }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function discount(tenant: DomainTenant, fields: Record<string, unknown>) {
  const { client_id: _, ...input } = CreateDiscountSchema.parse({
    name: "Hafta sonu",
    type: "percentage",
    value: 10,
    start_date: dayFromToday(0),
    end_date: dayFromToday(30),
    ...fields,
  });
  return (await createDiscount(tenant.restaurantId, input, `d-${randomUUID()}`)).discount;
}

const pay = (tenant: DomainTenant, orderId: number, code: string | null) => payOrder(tenant.actor, orderId, "cash", { discountCode: code });
const usedCount = async (id: number) => (await prisma.discount.findUniqueOrThrow({ where: { id } })).usedCount;

describe("a code at payment", () => {
  it("a percentage is rounded to the kuruş, half up; 100 % charges nothing", async () => {
    const tenant = await createRestaurant();
    const menu = await menuIds(tenant.restaurantId);
    await prisma.menuItem.update({ where: { id: menu["Su"]! }, data: { price: "33.35" } });
    await discount(tenant, { code: "ON", value: 10 });
    await discount(tenant, { code: "BEDAVA", value: 100 });
    const a = await placeOrder(tenant, 1, [["Su", 1]], menu);
    expect(await pay(tenant, a.id, "ON")).toMatchObject({ order_total: 33.35, discount_amount: 3.34, amount_charged: 30.01 });
    const b = await placeOrder(tenant, 2, [["Çay", 1]], menu);
    expect(await pay(tenant, b.id, "BEDAVA")).toMatchObject({ order_total: 20, discount_amount: 20, amount_charged: 0 });
  });

  it("fixed: takes the amount off; never more than the order's total", async () => {
    const tenant = await createRestaurant();
    await discount(tenant, { code: "ELLI", type: "fixed", value: 50 });
    await discount(tenant, { code: "BIN", type: "fixed", value: 1000 });
    const a = await placeOrder(tenant, 1, [["Künefe", 1]]);
    expect(await pay(tenant, a.id, "ELLI")).toMatchObject({ order_total: 190, discount_amount: 50, amount_charged: 140, amount: 140 });
    const b = await placeOrder(tenant, 2, [["Ayran", 1]]);
    expect(await pay(tenant, b.id, "BIN")).toMatchObject({ order_total: 40, discount_amount: 40, amount_charged: 0 });
  });

  it("refusals in Turkish; the order stays unpaid and no use is counted", async () => {
    const tenant = await createRestaurant();
    const other = await createRestaurant();
    const min = await discount(tenant, { code: "MIN500", min_order_amount: 500 });
    const old = await discount(tenant, { code: "GECTI", start_date: dayFromToday(-5), end_date: dayFromToday(-1) });
    const soon = await discount(tenant, { code: "GELIYOR", start_date: dayFromToday(2), end_date: dayFromToday(9) });
    const off = await discount(tenant, { code: "PASIF", is_active: false });
    const used = await discount(tenant, { code: "BITTI", usage_limit: 1 });
    await prisma.discount.update({ where: { id: used.id }, data: { usedCount: 1 } });
    const theirs = await discount(other, { code: "ONLARIN" });
    const order = await placeOrder(tenant, 3, [["Ayran", 1]]);
    const soonDay = dayFromToday(2).split("-").reverse().join(".");
    const cases: [string, string][] = [
      ["MIN500", "400 Bu indirim kodu en az ₺500,00 tutarındaki siparişlerde geçerli."],
      ["GECTI", `400 ${MSG.expired}`],
      ["GELIYOR", `400 Bu indirim kodu ${soonDay} tarihinde başlıyor.`],
      ["PASIF", `400 ${MSG.inactive}`],
      ["BITTI", `409 ${MSG.exhausted}`],
      ["YOKBOYLE", `400 ${MSG.unknown}`],
      // Another restaurant's code does not exist here.
      ["ONLARIN", `400 ${MSG.unknown}`],
    ];
    for (const [code, expected] of cases) expect(await refusal(pay(tenant, order.id, code)), code).toBe(expected);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("active");
    expect(await prisma.payment.count({ where: { restaurantId: tenant.restaurantId } })).toBe(0);
    for (const d of [min, old, soon, off]) expect(await usedCount(d.id)).toBe(0);
    expect(await usedCount(used.id)).toBe(1);
    expect(await usedCount(theirs.id)).toBe(0);
    // The last day (in Istanbul) still counts; no code is no discount.
    await discount(tenant, { code: "SONGUN", start_date: dayFromToday(-3), end_date: dayFromToday(0) });
    expect(await pay(tenant, order.id, "SONGUN")).toMatchObject({ discount_code: "SONGUN", discount_amount: 4 });
    const plain = await placeOrder(tenant, 4, [["Çay", 1]]);
    expect(await pay(tenant, plain.id, null)).toMatchObject({ discount_code: null, discount_amount: 0, amount_charged: 20 });
  });

  it("a code with three uses and six payments at once: exactly three get it", async () => {
    const tenant = await createRestaurant();
    const d = await discount(tenant, { code: "UC", usage_limit: 3 });
    const menu = await menuIds(tenant.restaurantId);
    const orders = [];
    for (let t = 1; t <= 6; t++) orders.push(await placeOrder(tenant, t, [["Çay", 1]], menu));
    const results = await Promise.all(orders.map((o) => refusal(pay(tenant, o.id, "UC"))));
    expect(results.sort()).toEqual(["409 " + MSG.exhausted, "409 " + MSG.exhausted, "409 " + MSG.exhausted, "ok", "ok", "ok"]);
    expect(await usedCount(d.id)).toBe(3);
    expect(await prisma.payment.count({ where: { restaurantId: tenant.restaurantId } })).toBe(3);
  });
});

describe("a code's days are the restaurant's calendar days", () => {
  it("in Europe/Istanbul: valid from local midnight of the first day to local midnight after the last", async () => {
    const tenant = await createRestaurant();
    await discount(tenant, { code: "KASIM", start_date: "2026-11-01", end_date: "2026-11-30" });
    const at = (iso: string) => refusal(previewDiscount(tenant.restaurantId, "KASIM", 100, new Date(iso)));
    // 23:59 on 31 October in Istanbul (UTC+3): not yet; 00:00 on 1 November (still 31 October in UTC): valid.
    expect(await at("2026-10-31T20:59:00Z")).toBe("400 Bu indirim kodu 01.11.2026 tarihinde başlıyor.");
    expect(await at("2026-10-31T21:00:00Z")).toBe("ok");
    // 23:59 on 30 November in Istanbul: valid; 00:00 on 1 December (still 30 November in UTC): over.
    expect(await at("2026-11-30T20:59:00Z")).toBe("ok");
    expect(await at("2026-11-30T21:00:00Z")).toBe(`400 ${MSG.expired}`);
  });

  it("in another time zone the restaurant is set to, its own midnight counts", async () => {
    const tenant = await createRestaurant();
    await prisma.restaurant.update({ where: { id: tenant.restaurantId }, data: { timezone: "America/New_York" } });
    await discount(tenant, { code: "NY", start_date: "2026-11-01", end_date: "2026-11-30" });
    const at = (iso: string) => refusal(previewDiscount(tenant.restaurantId, "NY", 100, new Date(iso)));
    expect(await at("2026-12-01T04:59:00Z")).toBe("ok");
    expect(await at("2026-12-01T05:00:00Z")).toBe(`400 ${MSG.expired}`);
  });
});
