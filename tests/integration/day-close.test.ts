// Gün sonu (issue 22, decision 088): GET/POST /api/day-close and /app/day-close. The manager closes
// the business day: revenue by method and meal card, tips by waiter, discounts, voids and comps with
// reasons, the service charge, KDV per rate, covers, bills without a fiscal document, the cash count
// and its difference. Open tables block it; a closed day never changes; what comes after is in the
// next close; a retry changes nothing; another restaurant's day is not found.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { clientOrderId, menuOf, placeOrder, postOrder, updateOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const JSON_TYPE = { "content-type": "application/json" };
const key = () => `close-${randomUUID()}`;
const payPart = (t: Tenant, table: number, body: Record<string, unknown>) =>
  api(`/api/tables/${table}/payments`, { token: t.token, body, headers: JSON_TYPE });
const close = (t: Tenant, body: Record<string, unknown>) => api("/api/day-close", { token: t.token, body, headers: JSON_TYPE });
const preview = async (t: Tenant) => {
  const res = await api("/api/day-close", { token: t.token });
  expect(res.status, res.text).toBe(200);
  return res.json;
};

async function restaurant() {
  const t = await createTenant({ manager: true });
  await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { serviceCharge: "10.00", mealCards: ["Multinet"] } });
  await prisma.user.updateMany({ where: { restaurantId: t.restaurantId, isOwner: true }, data: { emailVerifiedAt: new Date() } });
  return t;
}

describe("closing the day", () => {
  it("counts every payment once by method, tips by waiter, voids and comps, KDV and covers; the cash difference is kept", async () => {
    const t = await restaurant();
    const menu = await menuOf(t);
    const waiter = await createStaffMember(t, { first_name: "Ali", last_name: "Garson", role: "waiter" });
    // Table 2: three guests, a kebab and two ayrans; one ayran voided (wrong order).
    const first = await postOrder(waiter, {
      table_number: 2,
      client_order_id: clientOrderId(),
      customer_count: 3,
      items: [
        { menu_item_id: menu["Adana Kebap"]!.id, quantity: 1 },
        { menu_item_id: menu["Ayran"]!.id, quantity: 2 },
      ],
    });
    expect(first.status, first.text).toBe(201);
    const voided = await updateOrder(t, 2, {
      items: [
        { menu_item_id: menu["Adana Kebap"]!.id, quantity: 1 },
        { menu_item_id: menu["Ayran"]!.id, quantity: 1 },
      ],
      reason: "wrong_order",
    });
    expect(voided.status, voided.text).toBe(200);
    // Table 4 still eating: the close is refused, naming it.
    await placeOrder(t, 4, [["Künefe", 1]], menu);
    const early = await preview(t);
    expect(early.open_tables.map((x: any) => x.number)).toEqual([2, 4]);
    expectError(await close(t, { counted_cash: "0", key: key() }), 409, /Açık masa var: Masa 2 .*Masa 4/);

    // Table 2 (420 + 42 service) in two parts: cash with a tip, then Multinet; table 4 by card.
    expect((await payPart(t, 2, { method: "cash", amount: "262", tip: "30", tendered: "300", pay_key: key() })).status).toBe(201);
    expect((await payPart(t, 2, { method: "meal_card", meal_card: "Multinet", pay_key: key() })).status).toBe(201);
    expect((await payPart(t, 4, { method: "card", pay_key: key() })).status).toBe(201);
    const before = await preview(t);
    expect(before.open_tables).toEqual([]);
    expect(before.figures).toMatchObject({ revenue: 671, payments_count: 3, orders_closed: 2, covers: 3 + 1 });

    const k = key();
    const res = await close(t, { counted_cash: "285,50", note: "Kasa 4,50 eksik", key: k });
    expect(res.status, res.text).toBe(201);
    const f = res.json.figures;
    expect(f).toMatchObject({
      revenue: 671,
      service_charge_total: 61,
      tips_total: 30,
      tips_by_waiter: [{ waiter_name: "Ali Garson", amount: 30 }],
      void_total: 40,
      orders_closed: 2,
      covers: 4,
      average_per_cover: 167.75,
      without_fiscal: { count: 2 },
      earlier: { count: 0, amount: 0 },
      // The drawer: the cash payment and its tip.
      cash: { expected: 292, counted: 285.5, difference: -6.5 },
    });
    expect(f.by_method).toEqual([
      { method: "cash", meal_card: null, label: "Nakit", amount: 262, count: 1 },
      { method: "card", meal_card: null, label: "Kart", amount: 209, count: 1 },
      { method: "meal_card", meal_card: "Multinet", label: "Yemek kartı · Multinet", amount: 200, count: 1 },
    ]);
    expect(f.voids).toEqual([
      expect.objectContaining({ name: "Ayran", quantity: 1, amount: 40, reason: "wrong_order", reason_label: "Yanlış sipariş" }),
    ]);
    // KDV: every line at 10 % here, the service charge at the restaurant's 10 %: 671 × 10/110.
    expect(f.kdv).toEqual([{ rate: 10, base: 671, amount: 61 }]);
    expect(res.json.note).toBe("Kasa 4,50 eksik");
    // The owner's e-mail is queued with the close.
    expect(await prisma.job.count({ where: { uniqueKey: `day-close:${res.json.id}:0` } })).toBe(1);

    // A retry answers the first; another close of the same business day is refused.
    const again = await close(t, { counted_cash: "999", key: k });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: res.json.id, replayed: true, figures: { cash: { counted: 285.5 } } });
    expectError(await close(t, { counted_cash: "0", key: key() }), 409, /günü zaten kapatıldı/);

    // After the close: a late table goes to the next close; the closed day stays as it was.
    await placeOrder(t, 6, [["Çay", 2]], menu);
    expect((await payPart(t, 6, { method: "cash", pay_key: key() })).status).toBe(201);
    const next = await preview(t);
    expect(next).toMatchObject({ already_closed: true, figures: { revenue: 44, payments_count: 1 } });
    const day = await api(`/api/day-close?date=${res.json.business_date}`, { token: t.token });
    expect(day.status).toBe(200);
    expect(day.json.figures).toEqual(f);
    expect(await prisma.payment.count({ where: { restaurantId: t.restaurantId, dayCloseId: res.json.id } })).toBe(3);
  });

  it("two closes at once: one closes, the other is refused; nothing is counted twice", async () => {
    const t = await restaurant();
    await placeOrder(t, 1, [["Çay", 1]]);
    expect((await payPart(t, 1, { method: "cash" })).status).toBe(201);
    const answers = await Promise.all([close(t, { counted_cash: "22", key: key() }), close(t, { counted_cash: "22", key: key() })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await prisma.dayClose.count({ where: { restaurantId: t.restaurantId } })).toBe(1);
  });

  it("refusals: a bad count (400), without manager mode or for staff (403), another restaurant's day (404)", async () => {
    const t = await restaurant();
    expectError(await close(t, { counted_cash: "-5" }), 400, /Sayılan nakit/);
    expectError(await close(t, { counted_cash: "12,345" }), 400, /Sayılan nakit/);
    const owner = await createTenant();
    expect((await close(owner, { counted_cash: "0" })).status).toBe(403);
    expect((await api("/api/day-close", { token: owner.token })).status).toBe(403);
    const cashier = await createStaffMember(t, { role: "cashier" });
    expect((await close(cashier, { counted_cash: "0" })).status).toBe(403);
    const mine = await close(t, { counted_cash: "0", key: key() });
    expect(mine.status, mine.text).toBe(201);
    const other = await restaurant();
    expectError(await api(`/api/day-close?date=${mine.json.business_date}`, { token: other.token }), 404, /gün sonu yok/);
    expectError(await api(`/api/day-close?date=27-11-2026`, { token: t.token }), 400, /YYYY-AA-GG/);
  });

  it("the day's start hour is a setting (0–11)", async () => {
    const t = await restaurant();
    const bad = await api("/api/restaurant/settings", { method: "PUT", token: t.token, body: { day_start_hour: 12 }, headers: JSON_TYPE });
    expectError(bad, 400, /Gün başlangıcı 0 ile 11/);
    const ok = await api("/api/restaurant/settings", { method: "PUT", token: t.token, body: { day_start_hour: 4 }, headers: JSON_TYPE });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.day_start_hour).toBe(4);
    expect((await preview(t)).figures.day_start_hour).toBe(4);
  });
});

describe("what a close counts, and when", () => {
  it("an ikram with its reason and a bill charged to a house account are in the day; the account's revenue is its own method", async () => {
    const t = await restaurant();
    const menu = await menuOf(t);
    const account = await api("/api/accounts", { token: t.token, body: { name: "Kemal Usta", credit_limit: "1000" }, headers: JSON_TYPE });
    expect(account.status, account.text).toBe(201);
    await placeOrder(t, 8, [["Künefe", 2]], menu);
    // One künefe on the house (ikram): the manager's session approves it.
    const comp = await updateOrder(t, 8, {
      items: [
        { menu_item_id: menu["Künefe"]!.id, quantity: 1 },
        { menu_item_id: menu["Künefe"]!.id, quantity: 1, complimentary: true },
      ],
      reason: "complimentary",
    });
    expect(comp.status, comp.text).toBe(200);
    expect((await payPart(t, 8, { method: "house_account", account_id: account.json.id, pay_key: key() })).status).toBe(201);
    const f = (await close(t, { counted_cash: "0", key: key() })).json.figures;
    expect(f).toMatchObject({ revenue: 209, complimentary_total: 190, cash: { expected: 0, difference: 0 } });
    expect(f.complimentary).toEqual([
      expect.objectContaining({ name: "Künefe", quantity: 1, amount: 190, reason: "complimentary", reason_label: "İkram" }),
    ]);
    expect(f.by_method).toEqual([{ method: "house_account", meal_card: null, label: "Cari hesap", amount: 209, count: 1 }]);
  });

  it("open tables carry over with a note; a bar closes last night's business day after the day changed; never out of order", async () => {
    const t = await restaurant();
    await placeOrder(t, 2, [["Çay", 1]]);
    expectError(await close(t, { counted_cash: "0", carry_over: true }), 400, "Açık masaları sonraki güne devretmek için bir not yazın.");
    const today = (await preview(t)).business_date as string;
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const twoDaysAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    expectError(await close(t, { date: twoDaysAgo, counted_cash: "0" }), 400, /bugünün ya da dünün/);
    const night = await close(t, { date: yesterday, counted_cash: "0", carry_over: true, note: "Masa 2 sabaha kaldı", key: key() });
    expect(night.status, night.text).toBe(201);
    expect(night.json).toMatchObject({ business_date: yesterday, figures: { carried_over: [{ number: 2, remaining: 20 }] } });
    // The carried table is paid today: today's close counts it.
    expect((await payPart(t, 2, { method: "cash" })).status).toBe(201);
    const day = await close(t, { counted_cash: "22", key: key() });
    expect(day.status, day.text).toBe(201);
    expect(day.json).toMatchObject({ business_date: today, figures: { revenue: 22, carried_over: [] } });
    expectError(await close(t, { date: yesterday, counted_cash: "0", key: key() }), 409, /zaten kapatıldı|sonraki bir gün/);
  });
});

describe("/app/day-close", () => {
  it("shows the day and closes it with a plain form; the closed day prints on 80 mm", async () => {
    const t = await restaurant();
    await placeOrder(t, 3, [["Künefe", 1]]);
    let page = joinedText((await getPage(t, "/app/day-close")).text);
    expect(page).toContain("Açık masalar gün sonunu engelliyor");
    expect((await payPart(t, 3, { method: "cash" })).status).toBe(201);
    page = joinedText((await getPage(t, "/app/day-close")).text);
    expect(page).toContain("Beklenen nakit");
    const posted = await postForm(t, "/app/day-close", { intent: "close", counted_cash: "209,00", key: key() });
    expect(posted.status).toBe(302);
    const location = posted.location!;
    expect(location).toMatch(/^\/app\/day-close\?date=\d{4}-\d{2}-\d{2}$/);
    const closed = joinedText((await getPage(t, location)).text);
    expect(closed).toContain("kapatıldı");
    expect(closed).toContain("₺209,00");
    const paper = joinedText((await getPage(t, `${location}&print=80`)).text);
    expect(paper).toContain("GÜN SONU");
    // A refused form says why, in Turkish, and writes nothing.
    const refused = await postForm(t, "/app/day-close", { intent: "close", counted_cash: "abc", key: key() });
    expect(refused.status).toBe(400);
  });
});
