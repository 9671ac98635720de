// Discounts: GET/POST /api/discounts, GET/PUT/DELETE /api/discounts/{id}, the /app/discounts page's
// forms, and a code applied at payment (PUT /api/orders/{id}/pay?discount_code=, the payments page).
// A use is counted once per payment, atomically: a single-use code given to two payments at once
// is used once and the other payment is refused (409) and not taken.
// The rules' edge cases (rounding, fixed amounts, usage limits under a race, calendar days) are
// domain tests: tests/domain/discounts-at-payment.test.ts; the create form's bad input: tests/domain/discounts-input.test.ts.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial, istanbulToday, menuOf, orderRow, paymentCount, placeOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { setMode } from "../setup/staff";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PAGE = "/app/discounts";
const JSON_TYPE = { "content-type": "application/json" };

const MSG = {
  codeTaken: "Bu indirim kodu zaten kullanılıyor.",
  notFound: "İndirim bulunamadı.",
  stale: "Bu indirim siz düzenlerken başka biri tarafından değiştirildi. Güncel hâlini görüp tekrar kaydedin.",
  unknown: "İndirim kodu bulunamadı.",
  inactive: "Bu indirim kodu aktif değil.",
  expired: "Bu indirim kodunun süresi doldu.",
  exhausted: "Bu indirim kodunun kullanım hakkı doldu.",
  oneOrder: "İndirim kodu tek bir siparişe uygulanır; lütfen yalnızca bir sipariş seçin.",
  managerOnly: "Bu işlem için yönetici girişi gerekiyor.",
} as const;

/** A calendar day `n` days from Istanbul's today (YYYY-MM-DD). */
function dayFromToday(n: number): string {
  const d = new Date(`${istanbulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const discApi = (tenant: Tenant, path: string, method = "GET", body?: unknown, headers: Record<string, string> = {}) =>
  api(path, { token: tenant.token, method, body, headers: body === undefined ? headers : { ...JSON_TYPE, ...headers } });

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Hafta sonu",
  type: "percentage",
  value: 10,
  code: `HS${randomUUID().slice(0, 6)}`.toUpperCase(),
  start_date: istanbulToday(),
  end_date: dayFromToday(30),
  ...overrides,
});

async function createDiscount(tenant: Tenant, overrides: Record<string, unknown> = {}) {
  const res = await discApi(tenant, "/api/discounts", "POST", validBody(overrides));
  if (res.status !== 201) throw new Error(`discount failed: ${res.status} ${res.text}`);
  return res.json as { id: number; code: string; version: number };
}

const pay = (tenant: Tenant, orderId: number, code: string | null, method = "cash", headers: Record<string, string> = {}) =>
  api(`/api/orders/${orderId}/pay?payment_method=${method}${code === null ? "" : `&discount_code=${encodeURIComponent(code)}`}`, {
    method: "PUT",
    token: tenant.token,
    headers,
  });

const discountRow = (id: number) => prisma.discount.findUniqueOrThrow({ where: { id } });
const discountCount = (tenant: Tenant) => prisma.discount.count({ where: { restaurantId: tenant.restaurantId } });
const paymentOf = (orderId: number) => prisma.payment.findFirst({ where: { orderId } });

/** The page's edit form for a discount as it is now. */
async function editFields(id: number, changes: Record<string, string | number> = {}) {
  const row = await discountRow(id);
  return {
    intent: "update",
    id,
    version: row.version,
    name: row.name,
    type: row.type,
    value: String(row.value),
    code: row.code,
    min_order_amount: String(row.minOrderAmount),
    usage_limit: row.usageLimit === null ? "" : String(row.usageLimit),
    start_date: row.startDate.toISOString().slice(0, 10),
    end_date: row.endDate.toISOString().slice(0, 10),
    ...(row.isActive ? { is_active: "on" } : {}),
    ...changes,
  };
}

describe("POST /api/discounts", () => {
  it("creates a discount: code trimmed and upper-cased, the spec's fields, no limit by default", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await discApi(tenant, "/api/discounts", "POST", validBody({ code: "  yaz-2026_a ", name: " Yaz " }));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      name: "Yaz",
      type: "percentage",
      value: 10,
      code: "YAZ-2026_A",
      min_order_amount: 0,
      usage_limit: null,
      used_count: 0,
      start_date: istanbulToday(),
      end_date: dayFromToday(30),
      is_active: true,
      state: "active",
      usage_percentage: null,
      version: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const fixed = await discApi(
      tenant,
      "/api/discounts",
      "POST",
      validBody({ type: "fixed", value: "1000", min_order_amount: 250.5, usage_limit: 3, is_active: false }),
    );
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.json).toMatchObject({
      type: "fixed",
      value: 1000,
      min_order_amount: 250.5,
      usage_limit: 3,
      is_active: false,
      state: "inactive",
      usage_percentage: 0,
    });
  });

  it("bad input: 400 with the Turkish message under its field, nothing written (every case: tests/domain/discounts-input.test.ts)", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await discApi(tenant, "/api/discounts", "POST", validBody({ type: "fixed", value: 1000.01 }));
    expectError(res, 400, "Sabit indirim en fazla ₺1.000,00 olabilir.");
    expect(res.json.errors?.value).toContain("Sabit indirim en fazla ₺1.000,00 olabilir.");
    expect(await discountCount(tenant)).toBe(0);
  });

  it("a code this restaurant has (in any case) is 409; another restaurant may have the same code", async () => {
    const { a, b } = await createTenantPair();
    await createDiscount(a, { code: "KAMPANYA" });
    expectError(await discApi(a, "/api/discounts", "POST", validBody({ code: "kampanya" })), 409, MSG.codeTaken);
    expect(await discountCount(a)).toBe(1);
    expect((await discApi(b, "/api/discounts", "POST", validBody({ code: "KAMPANYA" }))).status).toBe(201);
  });

  it("a repeat with the same client_id (or Idempotency-Key), even at the same time, creates one discount", async () => {
    const tenant = await createTenant({ manager: true });
    const body = validBody({ client_id: `disc-${randomUUID()}` });
    const results = await Promise.all(Array.from({ length: 5 }, () => discApi(tenant, "/api/discounts", "POST", body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(4);
    const key = `hdr-${randomUUID()}`;
    const other = validBody();
    const first = await discApi(tenant, "/api/discounts", "POST", other, { "idempotency-key": key });
    const again = await discApi(tenant, "/api/discounts", "POST", other, { "idempotency-key": key });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.id).toBe(first.json.id);
    expect(await discountCount(tenant)).toBe(2);
  });
});

describe("GET /api/discounts", () => {
  it("newest first, each with its state today and the usage bar capped at 100; stats count real savings", async () => {
    const tenant = await createTenant({ manager: true });
    const expired = await createDiscount(tenant, { code: "ESKI", start_date: dayFromToday(-10), end_date: dayFromToday(-1) });
    const scheduled = await createDiscount(tenant, { code: "YAKINDA", start_date: dayFromToday(1), end_date: dayFromToday(5) });
    const full = await createDiscount(tenant, { code: "DOLU", usage_limit: 4 });
    await prisma.discount.update({ where: { id: full.id }, data: { usedCount: 5 } });
    const half = await createDiscount(tenant, { code: "YARIM", usage_limit: 3, type: "fixed", value: 50 });
    await createDiscount(tenant, { code: "KAPALI", is_active: false });

    // One real use of YARIM: 50 off 880.
    const order = await placeOrder(tenant, 4, [
      ["Adana Kebap", 2],
      ["Ayran", 3],
    ]);
    expect((await pay(tenant, order.id, "YARIM")).status).toBe(200);

    const res = await discApi(tenant, "/api/discounts");
    expect(res.status, res.text).toBe(200);
    expect(res.json.discounts.map((d: { code: string }) => d.code)).toEqual(["KAPALI", "YARIM", "DOLU", "YAKINDA", "ESKI"]);
    const byCode = Object.fromEntries(res.json.discounts.map((d: { code: string }) => [d.code, d]));
    expect(byCode.ESKI).toMatchObject({ id: expired.id, state: "expired" });
    expect(byCode.YAKINDA).toMatchObject({ id: scheduled.id, state: "scheduled" });
    expect(byCode.DOLU).toMatchObject({ state: "exhausted", used_count: 5, usage_percentage: 100 });
    expect(byCode.YARIM).toMatchObject({ id: half.id, state: "active", used_count: 1, usage_percentage: 33 });
    expect(byCode.KAPALI).toMatchObject({ state: "inactive" });
    expect(res.json.stats).toEqual({ active_codes: 4, total_uses: 6, total_savings: 50, discounted_payments: 1 });
  });
});

describe("PUT /api/discounts/{id}", () => {
  it("changes the fields sent; is_active is the toggle; each change raises the version", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant, { code: "ILK" });
    const res = await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { name: "Yeni ad", value: "15.5", code: "ikinci", version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ name: "Yeni ad", value: 15.5, code: "IKINCI", type: "percentage", version: 2 });
    const off = await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { is_active: false });
    expect(off.json).toMatchObject({ is_active: false, state: "inactive", version: 3 });
    // The same again changes nothing, even on an old version (a double submit).
    const again = await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { is_active: false, version: 2 });
    expect(again.status).toBe(200);
    expect(again.json.version).toBe(3);
    const unlimited = await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { usage_limit: 2 });
    expect(unlimited.json.usage_limit).toBe(2);
    expect((await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { usage_limit: null })).json.usage_limit).toBeNull();
  });

  it("refuses a stale version, a clashing code, the rules between fields, a limit below the uses and bad input", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant, { code: "BIR", type: "fixed", value: 500 });
    await createDiscount(tenant, { code: "IKI" });
    expect((await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { name: "A", version: 1 })).status).toBe(200);
    expectError(await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { name: "B", version: 1 }), 409, MSG.stale);
    expectError(await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { code: "iki" }), 409, MSG.codeTaken);
    expectError(
      await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { type: "percentage" }),
      400,
      "Yüzde indirim en fazla 100 olabilir.",
    );
    expectError(
      await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { end_date: "2000-01-01" }),
      400,
      "Bitiş tarihi başlangıç tarihinden önce olamaz.",
    );
    await prisma.discount.update({ where: { id: d.id }, data: { usedCount: 3 } });
    expectError(
      await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { usage_limit: 2 }),
      409,
      "Kullanım limiti şimdiye kadarki kullanım sayısından (3) az olamaz.",
    );
    expectError(
      await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { value: "bedava" }),
      400,
      "İndirim değeri bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00).",
    );
    expectError(await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { version: "2" }), 400, "Sürüm numarası bir sayı olmalıdır.");
    expectError(await discApi(tenant, "/api/discounts/abc", "PUT", {}), 400, "İndirim numarası geçersiz.");
    expectError(await discApi(tenant, "/api/discounts/2000000000", "PUT", {}), 404, MSG.notFound);
    expect(await discountRow(d.id)).toMatchObject({ name: "A", code: "BIR", type: "fixed", version: 2, usageLimit: null });
  });

  it("two edits of the same version at once: one wins, the other gets 409", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant);
    const results = await Promise.all(
      ["A", "B", "C"].map((name) => discApi(tenant, `/api/discounts/${d.id}`, "PUT", { name, version: 1 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await discountRow(d.id)).version).toBe(2);
  });
});

describe("DELETE /api/discounts/{id}", () => {
  it("deletes it; payments it reduced keep the code and amount; again is 404", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant, { code: "SIL", type: "fixed", value: 30 });
    const order = await placeOrder(tenant, 2, [["Menemen", 1]]);
    expect((await pay(tenant, order.id, "SIL")).status).toBe(200);
    const res = await discApi(tenant, `/api/discounts/${d.id}`, "DELETE");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: "İndirim silindi" });
    expect(await prisma.discount.findUnique({ where: { id: d.id } })).toBeNull();
    const payment = await paymentOf(order.id);
    expect(payment).toMatchObject({ discountId: null, discountCode: "SIL" });
    expect(payment!.discountAmount.toFixed(2)).toBe("30.00");
    expect(payment!.amount.toFixed(2)).toBe("130.00");
    expectError(await discApi(tenant, `/api/discounts/${d.id}`, "DELETE"), 404, MSG.notFound);
    // The savings figure still counts it.
    expect((await discApi(tenant, "/api/discounts")).json.stats).toMatchObject({ total_savings: 30, discounted_payments: 1 });
  });
});

describe("a code at payment (PUT /api/orders/{id}/pay?discount_code=)", () => {
  it("percentage: the answer and the payment carry the order total, the discount and the amount charged", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant, { code: "YUZDE10", value: 10 });
    const order = await placeOrder(tenant, 5, [
      ["Adana Kebap", 2],
      ["Ayran", 3],
    ]);
    const res = await pay(tenant, order.id, "yuzde10", "card");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      message: "Ödeme alındı.",
      order_id: order.id,
      amount: 792,
      service_charge: 0,
      tip: 0,
      tendered: null,
      change: null,
      order_total: 880,
      discount_code: "YUZDE10",
      discount_amount: 88,
      amount_charged: 792,
      method: "card",
      meal_card: null,
      table_number: 5,
      table_freed: true,
      paid_at: expect.any(String),
    });
    const payment = await paymentOf(order.id);
    expect(payment).toMatchObject({ discountId: d.id, discountCode: "YUZDE10" });
    expect([payment!.amount.toFixed(2), payment!.discountAmount.toFixed(2)]).toEqual(["792.00", "88.00"]);
    expect((await discountRow(d.id)).usedCount).toBe(1);
  });

  it("refusals in Turkish; the order stays unpaid and no use is counted", async () => {
    const { a: tenant, b: other } = await createTenantPair();
    const min = await createDiscount(tenant, { code: "MIN500", min_order_amount: 500 });
    const old = await createDiscount(tenant, { code: "GECTI", start_date: dayFromToday(-5), end_date: dayFromToday(-1) });
    const soon = await createDiscount(tenant, { code: "GELIYOR", start_date: dayFromToday(2), end_date: dayFromToday(9) });
    const off = await createDiscount(tenant, { code: "PASIF", is_active: false });
    const used = await createDiscount(tenant, { code: "BITTI", usage_limit: 1 });
    await prisma.discount.update({ where: { id: used.id }, data: { usedCount: 1 } });
    const theirs = await createDiscount(other, { code: "ONLARIN" });
    const order = await placeOrder(tenant, 3, [["Ayran", 1]]);
    const soonDay = dayFromToday(2).split("-").reverse().join(".");
    const cases: [string, number, string][] = [
      ["MIN500", 400, "Bu indirim kodu en az ₺500,00 tutarındaki siparişlerde geçerli."],
      ["GECTI", 400, MSG.expired],
      ["GELIYOR", 400, `Bu indirim kodu ${soonDay} tarihinde başlıyor.`],
      ["PASIF", 400, MSG.inactive],
      ["BITTI", 409, MSG.exhausted],
      ["YOKBOYLE", 400, MSG.unknown],
      // Another restaurant's code does not exist here.
      ["ONLARIN", 400, MSG.unknown],
      ["KOD VAR", 400, "İndirim kodu yalnızca harf (A-Z), rakam, - ve _ içerebilir."],
    ];
    for (const [code, status, message] of cases) expectError(await pay(tenant, order.id, code), status, message);
    expect((await orderRow(order.id)).status).toBe("active");
    expect(await paymentCount(tenant)).toBe(0);
    for (const d of [min, old, soon, off]) expect((await discountRow(d.id)).usedCount).toBe(0);
    expect((await discountRow(used.id)).usedCount).toBe(1);
    expect((await discountRow(theirs.id)).usedCount).toBe(0);
    // The last day (in Istanbul) still counts; an empty code is no code.
    await createDiscount(tenant, { code: "SONGUN", start_date: dayFromToday(-3), end_date: istanbulToday() });
    expect((await pay(tenant, order.id, "SONGUN")).json).toMatchObject({ discount_code: "SONGUN", discount_amount: 4 });
    const plain = await placeOrder(tenant, 4, [["Çay", 1]]);
    expect((await pay(tenant, plain.id, "")).json).toMatchObject({ discount_code: null, discount_amount: 0, amount_charged: 20 });
  });

  it("a single-use code given to two orders paid at once: one is paid with it, the other gets 409 and stays unpaid", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant, { code: "TEK", usage_limit: 1, type: "fixed", value: 25 });
    const menu = await menuOf(tenant);
    const orders = await Promise.all([placeOrder(tenant, 6, [["Künefe", 1]], menu), placeOrder(tenant, 8, [["Baklava", 1]], menu)]);
    const results = await Promise.all(orders.map((o, i) => pay(tenant, o.id, "TEK", i ? "card" : "cash")));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.json.detail).toBe(MSG.exhausted);
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.json).toMatchObject({ discount_code: "TEK", discount_amount: 25 });
    expect((await discountRow(d.id)).usedCount).toBe(1);
    const loser = orders.find((o) => o.id !== winner.json.order_id)!;
    expect((await orderRow(loser.id)).status).toBe("active");
    expect(await paymentOf(loser.id)).toBeNull();
    expect(await paymentCount(tenant)).toBe(1);
  });

  it("a replay with the same pay key answers the first payment and counts no second use", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant, { code: "TEKRAR", usage_limit: 5, type: "fixed", value: 10 });
    const order = await placeOrder(tenant, 9, [["Humus", 1]]);
    const key = { "idempotency-key": `pay-${randomUUID()}` };
    const [a, b] = await Promise.all([pay(tenant, order.id, "TEKRAR", "cash", key), pay(tenant, order.id, "TEKRAR", "cash", key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const r of [a, b])
      expect(r.json).toMatchObject({ discount_code: "TEKRAR", discount_amount: 10, amount_charged: 110, order_total: 120 });
    const later = await pay(tenant, order.id, "TEKRAR", "cash", key);
    expect(later.json).toMatchObject({ replayed: true, discount_amount: 10, amount_charged: 110 });
    // Even a code that is used up by now: the replay is the first payment's answer.
    await prisma.discount.update({ where: { id: d.id }, data: { isActive: false } });
    expect((await pay(tenant, order.id, "TEKRAR", "cash", key)).status).toBe(200);
    expect((await discountRow(d.id)).usedCount).toBe(1);
    expect(await paymentCount(tenant)).toBe(1);
  });
});

describe("the daily report after discounts", () => {
  it("revenue is what was charged; the discounts given are counted apart", async () => {
    const tenant = await createTenant({ manager: true });
    await createDiscount(tenant, { code: "RAPOR", value: 25 });
    const a = await placeOrder(tenant, 1, [["Adana Kebap", 1]]);
    const b = await placeOrder(tenant, 2, [["Künefe", 1]]);
    expect((await pay(tenant, a.id, "RAPOR", "card")).json.amount_charged).toBe(285);
    expect((await pay(tenant, b.id, null, "cash")).status).toBe(200);
    const res = await api("/api/reports/daily", { token: tenant.token });
    expect(res.json).toMatchObject({
      total_revenue: 475,
      total_orders: 2,
      card_revenue: 285,
      cash_revenue: 190,
      avg_order_value: 237.5,
      discount_count: 1,
      discount_amount: 95,
      table_performance: [
        { _id: 1, revenue: 285, orders: 1 },
        { _id: 2, revenue: 190, orders: 1 },
      ],
    });
    const panel = joinedText((await getPage(tenant, "/app/admin")).text);
    expect(panel).toContain("İndirim kodları: 1 ödeme · ₺95,00");
  });
});

describe("who may", () => {
  it("another restaurant's discount: 404 on every endpoint, page form and dialog; it stays as it was", async () => {
    const { a, b } = await createTenantPair();
    const ids = [(await createDiscount(a, { code: "AAA" })).id, (await createDiscount(a, { code: "BBB" })).id];
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      { name: "GET /api/discounts/{id}", send: (id, token) => api(`/api/discounts/${id}`, { token }) },
      {
        name: "PUT /api/discounts/{id}",
        send: (id, token) => api(`/api/discounts/${id}`, { token, method: "PUT", body: {}, headers: JSON_TYPE }),
      },
    ]);
    for (const id of ids) {
      const edit = await postForm(b, PAGE, await editFields(id, { name: "Ele geçirildi" }));
      expect(edit.status).toBe(404);
      expect(joinedText(edit.text)).toContain(MSG.notFound);
      expect((await postForm(b, PAGE, { intent: "toggle", id, version: 1, is_active: "false" })).status).toBe(404);
      expect((await postForm(b, PAGE, { intent: "delete", id })).status).toBe(404);
      expect((await discApi(b, `/api/discounts/${id}`, "DELETE")).status).toBe(404);
      for (const dialog of ["edit", "delete"]) expect((await getPage(b, `${PAGE}?${dialog}=${id}`)).status, dialog).toBe(404);
      expect(await discountRow(id)).toMatchObject({ isActive: true, version: 1, restaurantId: a.restaurantId });
    }
    // B's list and page show none of A's codes.
    expect((await discApi(b, "/api/discounts")).json.discounts).toEqual([]);
    expect(joinedText((await getPage(b, PAGE)).text)).not.toContain("AAA");
    expect((await discApi(a, `/api/discounts/${ids[0]}`, "DELETE")).status).toBe(200);
  });

  it("staff mode: 403 on every endpoint and page form, nothing written", async () => {
    const owner = await createTenant({ manager: true });
    const d = await createDiscount(owner);
    const staff = {
      ...owner,
      token: (await api("/api/public/login", { body: { email: owner.email, password: owner.password } })).json.access_token,
    };
    await setMode(staff, "staff");
    for (const [path, method, body] of [
      ["/api/discounts", "GET", undefined],
      ["/api/discounts", "POST", validBody()],
      [`/api/discounts/${d.id}`, "GET", undefined],
      [`/api/discounts/${d.id}`, "PUT", { is_active: false }],
      [`/api/discounts/${d.id}`, "DELETE", undefined],
    ] as const) {
      expectError(await discApi(staff, path, method, body), 403, MSG.managerOnly);
    }
    for (const fields of [
      { intent: "create", create_key: `k-${randomUUID()}`, ...validBody() },
      await editFields(d.id, { name: "X" }),
      { intent: "toggle", id: d.id, version: 1, is_active: "false" },
      { intent: "delete", id: d.id },
    ]) {
      expect((await postForm(staff, PAGE, fields as Record<string, string | number>)).status).toBe(403);
    }
    expect((await getPage(staff, PAGE)).status).toBe(403);
    expect(await discountRow(d.id)).toMatchObject({ isActive: true, version: 1 });
    expect(await discountCount(owner)).toBe(1);
  });

  it("premium gate: with the trial over, the page and API refuse writes (403)", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant);
    await expireTrial(tenant);
    const create = await discApi(tenant, "/api/discounts", "POST", validBody());
    expect(create.status).toBe(403);
    expect(create.json.detail).toMatch(/İndirimler/);
    expect((await discApi(tenant, `/api/discounts/${d.id}`, "PUT", { is_active: false })).status).toBe(403);
    expect((await postForm(tenant, PAGE, { intent: "delete", id: d.id })).status).toBe(403);
    expect(await discountCount(tenant)).toBe(1);
  });
});

describe("the discounts page", () => {
  it("create, edit, toggle, delete: redirects with one-time messages; the cards show value, dates and usage", async () => {
    const tenant = await createTenant({ manager: true });
    const created = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "Öğle menüsü",
      type: "fixed",
      value: "40",
      code: "ogle40",
      min_order_amount: "",
      usage_limit: "10",
      start_date: istanbulToday(),
      end_date: dayFromToday(7),
      is_active: "on",
    });
    expect(created.status, created.text).toBe(302);
    const row = await prisma.discount.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId } });
    expect(created.location).toBe(`${PAGE}#discount-${row.id}`);
    expect(row).toMatchObject({ code: "OGLE40", type: "fixed", usageLimit: 10, isActive: true });
    expect(row.minOrderAmount.toFixed(2)).toBe("0.00");
    const flash = created.headers!.get("set-cookie")!.split(";")[0]!;
    const page = joinedText((await getPage(tenant, PAGE, flash)).text);
    for (const text of ["İndirim eklendi", "OGLE40", "₺40,00", "0 / 10 kullanım", "Aktif kod", "Toplam tasarruf", "Pasifleştir"])
      expect(page).toContain(text);

    const edited = await postForm(tenant, PAGE, await editFields(row.id, { usage_limit: "", value: "45" }));
    expect(edited.status).toBe(302);
    expect(await discountRow(row.id)).toMatchObject({ usageLimit: null, version: 2 });
    // The same form again (a double submit on the old version) changes nothing and is fine.
    expect((await postForm(tenant, PAGE, await editFields(row.id, { usage_limit: "", value: "45", version: 1 }))).status).toBe(302);

    const toggled = await postForm(tenant, PAGE, { intent: "toggle", id: row.id, version: 2, is_active: "false" });
    expect(toggled.status).toBe(302);
    expect(await discountRow(row.id)).toMatchObject({ isActive: false, version: 3 });
    const unchecked = await postForm(tenant, PAGE, await editFields(row.id, { name: "Öğle" }));
    expect(unchecked.status).toBe(302);
    expect(await discountRow(row.id)).toMatchObject({ isActive: false, name: "Öğle" });

    const deleted = await postForm(tenant, PAGE, { intent: "delete", id: row.id });
    expect([deleted.status, deleted.location]).toEqual([302, PAGE]);
    expect(await discountCount(tenant)).toBe(0);
    expect((await postForm(tenant, PAGE, { intent: "delete", id: row.id })).status).toBe(404);
  });

  it("bad input is 400 with the messages on the form; a taken code and a stale version are 409", async () => {
    const tenant = await createTenant({ manager: true });
    const bad = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      name: "",
      type: "percentage",
      value: "150",
      code: "a b",
      usage_limit: "0",
      start_date: "2026-12-10",
      end_date: "2026-12-01",
    });
    expect(bad.status).toBe(400);
    const text = joinedText(bad.text);
    for (const message of [
      "İndirim kaydedilirken hata oluştu",
      "İndirim adı zorunludur.",
      "İndirim kodu yalnızca harf (A-Z), rakam, - ve _ içerebilir.",
      "Kullanım limiti en az 1 olmalıdır.",
    ])
      expect(text).toContain(message);
    // The rules between fields, once the fields themselves are right.
    const crossed = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      ...validBody({ value: "150", start_date: "2026-12-10", end_date: "2026-12-01" }),
    });
    expect(crossed.status).toBe(400);
    expect(joinedText(crossed.text)).toContain("Yüzde indirim en fazla 100 olabilir.");
    expect(joinedText(crossed.text)).toContain("Bitiş tarihi başlangıç tarihinden önce olamaz.");
    expect(await discountCount(tenant)).toBe(0);

    const d = await createDiscount(tenant, { code: "VAR" });
    const taken = await postForm(tenant, PAGE, { intent: "create", create_key: `k-${randomUUID()}`, ...validBody({ code: "var" }) });
    expect(taken.status).toBe(409);
    expect(joinedText(taken.text)).toContain(MSG.codeTaken);

    const fields = await editFields(d.id, { name: "Bir" });
    expect((await postForm(tenant, PAGE, fields)).status).toBe(302);
    const stale = await postForm(tenant, PAGE, { ...fields, name: "İki" });
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain(MSG.stale);
    const staleToggle = await postForm(tenant, PAGE, { intent: "toggle", id: d.id, version: 1, is_active: "false" });
    expect(staleToggle.status).toBe(409);
    expect(joinedText(staleToggle.text)).toContain("Durum değiştirilemedi");
    expect(await discountRow(d.id)).toMatchObject({ name: "Bir", isActive: true });
    const odd = await postForm(tenant, PAGE, { intent: "archive", id: d.id });
    expect(odd.status).toBe(400);
    expect(joinedText(odd.text)).toContain("Geçersiz işlem.");
  });

  it("a double submit of the create form (same key, at once) creates one discount", async () => {
    const tenant = await createTenant({ manager: true });
    const form = { intent: "create", create_key: `k-${randomUUID()}`, ...validBody({ is_active: "on" }) } as Record<
      string,
      string | number
    >;
    const results = await Promise.all([postForm(tenant, PAGE, form), postForm(tenant, PAGE, form), postForm(tenant, PAGE, form)]);
    expect(results.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(await discountCount(tenant)).toBe(1);
  });
});

describe("the payments page with a code (works without JavaScript)", () => {
  it("the confirmation shows the discount and the reduced total; Onayla pays that; the receipt names the code", async () => {
    const tenant = await createTenant({ manager: true });
    const d = await createDiscount(tenant, { code: "KASA15", value: 15 });
    const order = await placeOrder(tenant, 2, [["İskender", 1]]);
    const confirmation = await postForm(tenant, "/app/payments?table=2", {
      table: 2,
      method: "card",
      order_id: order.id,
      discount_code: "kasa15",
    });
    expect(confirmation.status).toBe(200);
    const text = joinedText(confirmation.text);
    expect(text).toContain("İndirim (KASA15)");
    expect(text).toMatch(/data-testid="confirm-discount"[^>]*>−₺63,00/);
    expect(text).toMatch(/data-testid="confirm-amount"[^>]*>₺357,00/);
    expect((await discountRow(d.id)).usedCount).toBe(0);
    const payKey = /name="pay_key" value="([^"]+)"/.exec(confirmation.text)![1]!;
    const fields = { intent: "pay", table: 2, method: "card", order_id: order.id, pay_key: payKey, discount_code: "KASA15" };
    const results = await Promise.all([postForm(tenant, "/app/payments", fields), postForm(tenant, "/app/payments", fields)]);
    expect(results.map((r) => r.status)).toEqual([302, 302]);
    expect((await discountRow(d.id)).usedCount).toBe(1);
    const payment = await paymentOf(order.id);
    expect([payment!.amount.toFixed(2), payment!.discountAmount.toFixed(2), payment!.discountCode]).toEqual(["357.00", "63.00", "KASA15"]);
    const receipt = joinedText((await getPage(tenant, results[0]!.location!)).text);
    expect(receipt).toContain("ÖDEME BAŞARILI");
    expect(receipt).toContain("₺357,00");
    expect(receipt).toContain("İndirim (KASA15): ₺63,00");
  });

  it("a refused code: 400 with its message at the confirmation, nothing paid; one code for several orders is refused", async () => {
    const { a: tenant, b: other } = await createTenantPair();
    await createDiscount(other, { code: "BASKA" });
    await createDiscount(tenant, { code: "IKISI" });
    const menu = await menuOf(tenant);
    const first = await placeOrder(tenant, 3, [["Çay", 1]], menu);
    const second = await placeOrder(tenant, 3, [["Ayran", 1]], menu);
    const theirs = await postForm(tenant, "/app/payments?table=3", {
      table: 3,
      method: "cash",
      order_id: first.id,
      discount_code: "BASKA",
    });
    expect(theirs.status).toBe(400);
    expect(joinedText(theirs.text)).toContain(MSG.unknown);
    const pay = await postForm(tenant, "/app/payments", { intent: "pay", table: 3, quick: `cash:${first.id}`, discount_code: "BASKA" });
    expect(pay.status).toBe(400);
    expect(joinedText(pay.text)).toContain(MSG.unknown);
    const both = await postForm(tenant, "/app/payments?table=3", {
      table: 3,
      method: "cash",
      order_id: [first.id, second.id],
      discount_code: "IKISI",
    });
    expect(both.status).toBe(400);
    expect(joinedText(both.text)).toContain(MSG.oneOrder);
    expect(await paymentCount(tenant)).toBe(0);
    // The quick button under one order takes the code too.
    const quick = await postForm(tenant, "/app/payments?table=3", { table: 3, quick: `cash:${second.id}`, discount_code: "ikisi" });
    expect(quick.status).toBe(200);
    expect(joinedText(quick.text)).toContain("İndirim (IKISI)");
  });
});
