// Hesap bölme (issue 22, decision 086): POST /api/tables/{number}/payments pays any part of a
// table's bill (chosen lines, equal shares, a typed amount, or all of it) in several methods, with
// tips and change; the parts add up to the bill to the kuruş; a retry changes nothing; two cashiers
// at once never both take the same part; the reports count what was paid once.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { menuOf, placeOrder, tableState, updateOrder } from "../setup/floor";
import { joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const JSON_TYPE = { "content-type": "application/json" };
const payPart = (tenant: Tenant, table: number, body: Record<string, unknown>) =>
  api(`/api/tables/${table}/payments`, { token: tenant.token, body, headers: JSON_TYPE });
const billOf = async (tenant: Tenant, table: number) => {
  const res = await api(`/api/tables/${table}/bill`, { token: tenant.token });
  expect(res.status, res.text).toBe(200);
  return res.json;
};
const key = () => `pay-${randomUUID()}`;
const cents = (n: number) => Math.round(n * 100);

async function tenantWithService(percent = "10.00") {
  const t = await createTenant({ manager: true });
  await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { serviceCharge: percent, mealCards: ["Multinet", "Setcard"] } });
  return t;
}

describe("a party of four splits the bill three ways", () => {
  it("card, cash with change, a meal card with a tip: 223,66 + 223,66 + 223,68 = 671,00; the table is free; the day adds up", async () => {
    const t = await tenantWithService();
    const menu = await menuOf(t);
    // Two orders on the table (the dessert came later): 380 + 40, then 190: ₺610 of lines.
    await placeOrder(
      t,
      6,
      [
        ["Adana Kebap", 1],
        ["Ayran", 1],
      ],
      menu,
    ); // 420
    await placeOrder(t, 6, [["Künefe", 1]], menu); // 190
    const before = await billOf(t, 6);
    expect(before).toMatchObject({ subtotal: 610, service_charge: 61, total: 671, paid: 0, remaining: 671 });

    const card = await payPart(t, 6, { method: "card", shares: { count: 3, pay: 1 }, pay_key: key() });
    expect(card.status, card.text).toBe(201);
    expect(card.json).toMatchObject({ amount: 223.66, remaining: 447.34, table_freed: false, change: null });
    const cash = await payPart(t, 6, { method: "cash", shares: { count: 3, pay: 1 }, tendered: "250,00", pay_key: key() });
    expect(cash.status, cash.text).toBe(201);
    expect(cash.json).toMatchObject({ amount: 223.66, tendered: 250, change: 26.34, remaining: 223.68 });
    const middle = await billOf(t, 6);
    expect(middle).toMatchObject({ total: 671, paid: 447.32, remaining: 223.68 });
    expect(middle.payments.map((p: any) => [p.paid_with, p.amount])).toEqual([
      ["kart", 223.66],
      ["nakit", 223.66],
    ]);
    const last = await payPart(t, 6, {
      method: "meal_card",
      meal_card: "multinet",
      shares: { count: 3, pay: 1 },
      tip: "20",
      pay_key: key(),
    });
    expect(last.status, last.text).toBe(201);
    expect(last.json).toMatchObject({ amount: 223.68, tip: 20, meal_card: "Multinet", remaining: 0, table_freed: true });
    expect(cents(card.json.amount) + cents(cash.json.amount) + cents(last.json.amount)).toBe(cents(671));
    expect(await tableState(t, 6)).toMatchObject({ status: "empty" });

    // Revenue by method adds up to the bill; the service charge charged in parts is the bill's; the
    // tip is apart; the two orders count once each.
    const day = (await api("/api/reports/daily", { token: t.token })).json;
    expect(day).toMatchObject({
      total_revenue: 671,
      card_revenue: 223.66,
      cash_revenue: 223.66,
      meal_card_revenue: 223.68,
      total_orders: 2,
      service_charge_total: 61,
      tips_total: 20,
    });
    expect(day.meal_cards).toEqual([{ name: "Multinet", label: expect.any(String), revenue: 223.68, orders: expect.any(Number) }]);
    const sales = (await api("/api/reports/detailed?type=sales&period=daily", { token: t.token })).json.sales;
    expect(sales).toMatchObject({ total_revenue: 671, total_orders: 2, total_items_sold: 3 });
    // The receipt's change and the payments sum per order: each order's rows add to what it cost.
    const rows = await prisma.payment.findMany({ where: { restaurantId: t.restaurantId }, orderBy: { id: "asc" } });
    expect(rows.reduce((n, r) => n + cents(Number(r.amount)), 0)).toBe(cents(671));
    expect(rows.filter((r) => r.closesOrder)).toHaveLength(2);
  });
});

describe("paying chosen lines", () => {
  it("one guest pays their kebab and one of two ayrans; the bill shows what is paid of each line; the rest is paid later", async () => {
    const t = await tenantWithService("0.00");
    const order = await placeOrder(t, 3, [
      ["Adana Kebap", 1],
      ["Ayran", 2],
      ["Künefe", 1],
    ]);
    const [kebab, ayran] = order.items;
    const res = await payPart(t, 3, {
      method: "card",
      items: [
        { order_item_id: kebab.id, quantity: 1 },
        { order_item_id: ayran.id, quantity: 1 },
      ],
      pay_key: key(),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ amount: 420, remaining: 230, orders: [{ order_id: order.id, amount: 420, paid: false }] });
    const bill = await billOf(t, 3);
    expect(bill.lines.map((l: any) => [l.name, l.quantity, l.paid_quantity])).toEqual([
      ["Adana Kebap", 1, 1],
      ["Ayran", 2, 1],
      ["Künefe", 1, 0],
    ]);
    expect(bill).toMatchObject({ total: 650, paid: 420, remaining: 230 });

    // The same kebab again: already paid (409), nothing taken.
    const again = await payPart(t, 3, { method: "cash", items: [{ order_item_id: kebab.id, quantity: 1 }], pay_key: key() });
    expectError(again, 409, "Adana Kebap zaten ödendi.");
    // Two ayrans when one is left: 409 naming what is left.
    expectError(await payPart(t, 3, { method: "cash", items: [{ order_item_id: ayran.id, quantity: 2 }] }), 409, /ödenmemiş 1 adet kaldı/);

    // The waiter adds a dessert: the paid units stay paid; taking a paid unit off is refused.
    const menu = await menuOf(t);
    const edit = await updateOrder(t, 3, {
      items: [
        { menu_item_id: menu["Adana Kebap"]!.id, quantity: 1 },
        { menu_item_id: menu["Ayran"]!.id, quantity: 2 },
        { menu_item_id: menu["Künefe"]!.id, quantity: 2 },
      ],
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await billOf(t, 3)).lines.map((l: any) => [l.name, l.quantity, l.paid_quantity])).toEqual([
      ["Adana Kebap", 1, 1],
      ["Ayran", 2, 1],
      ["Künefe", 2, 0],
    ]);
    const cut = await updateOrder(t, 3, { items: [{ menu_item_id: menu["Künefe"]!.id, quantity: 2 }], reason: "customer_changed_mind" });
    expectError(cut, 409, "Adana Kebap: 1 adedi ödendi; bu satır 1 adetten aza indirilemez.");

    // PUT /api/orders/{id}/pay of the spec pays what the order still owes.
    const rest = await api(`/api/orders/${order.id}/pay`, {
      method: "PUT",
      token: t.token,
      body: { payment_method: "cash" },
      headers: JSON_TYPE,
    });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json).toMatchObject({ amount: 420, table_freed: true });
    const day = (await api("/api/reports/daily", { token: t.token })).json;
    expect(day).toMatchObject({ total_revenue: 840, total_orders: 1 });
  });

  it("two cashiers pay the same lines at once: one is paid, the other gets 409; nothing is paid twice", async () => {
    const t = await tenantWithService();
    const order = await placeOrder(t, 8, [
      ["İskender", 2],
      ["Çay", 2],
    ]);
    const body = { method: "card", items: [{ order_item_id: order.items[0].id, quantity: 2 }] };
    const answers = await Promise.all([payPart(t, 8, { ...body, pay_key: key() }), payPart(t, 8, { ...body, pay_key: key() })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect((await prisma.orderItem.findUniqueOrThrow({ where: { id: order.items[0].id } })).paidQuantity).toBe(2);
  });
});

describe("typed amounts", () => {
  it("never more than remains (409); concurrent amounts that together exceed it: one is refused", async () => {
    const t = await tenantWithService("0.00");
    await placeOrder(t, 2, [["Adana Kebap", 1]]); // 380
    expectError(await payPart(t, 2, { method: "cash", amount: "380,01" }), 409, "Kalan tutardan fazla ödenemez: kalan ₺380,00.");
    const answers = await Promise.all([
      payPart(t, 2, { method: "card", amount: "300", pay_key: key() }),
      payPart(t, 2, { method: "cash", amount: "200", pay_key: key() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const bill = await billOf(t, 2);
    expect(bill.paid + bill.remaining).toBe(380);
    const rest = await payPart(t, 2, { method: "cash", pay_key: key() });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.json.remaining).toBe(0);
    const paid = await prisma.payment.aggregate({ where: { restaurantId: t.restaurantId }, _sum: { amount: true } });
    expect(paid._sum.amount!.toFixed(2)).toBe("380.00");
    expectError(await payPart(t, 2, { method: "cash", amount: "1" }), 409, "Bu masanın ödenecek hesabı yok.");
  });

  it("the payments screen's confirmation of an order a part has paid shows what is left, as it is then charged", async () => {
    const t = await tenantWithService("10.00");
    const order = await placeOrder(t, 3, [["Adana Kebap", 1]]); // 380 + 38 = 418
    expect((await payPart(t, 3, { method: "card", amount: "118" })).status).toBe(201);
    const confirmation = await postForm(t, "/app/payments?table=3", { table: 3, method: "cash", order_id: order.id });
    expect(confirmation.status).toBe(200);
    expect(joinedText(confirmation.text)).toMatch(/data-testid="confirm-amount"[^>]*>₺300,00/);
    const rest = await api(`/api/orders/${order.id}/pay`, {
      method: "PUT",
      token: t.token,
      body: { payment_method: "cash" },
      headers: JSON_TYPE,
    });
    expect(rest.json).toMatchObject({ amount: 300, table_freed: true });
  });
});

describe("a retry", () => {
  it("with the same key answers the first payment and takes nothing twice, also when both arrive at once", async () => {
    const t = await tenantWithService();
    await placeOrder(t, 4, [["Künefe", 3]]); // 570 + 57
    const k = key();
    const body = { method: "cash", shares: { count: 2, pay: 1 }, tendered: "400", pay_key: k };
    const [a, b] = await Promise.all([payPart(t, 4, body), payPart(t, 4, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const c = await api(`/api/tables/4/payments`, {
      token: t.token,
      body: { ...body, pay_key: undefined },
      headers: { ...JSON_TYPE, "Idempotency-Key": k },
    });
    expect(c.status).toBe(200);
    expect(c.headers.get("idempotent-replay")).toBe("true");
    expect(c.json).toMatchObject({ payment_id: a.json.payment_id, amount: 313.5, change: 86.5, replayed: true });
    expect(await prisma.billPayment.count({ where: { restaurantId: t.restaurantId } })).toBe(1);
    expect((await billOf(t, 4)).remaining).toBe(313.5);
  });
});

describe("refusals", () => {
  it("in Turkish with the right status; nothing is written", async () => {
    const t = await tenantWithService();
    const order = await placeOrder(t, 5, [["Çay", 4]]);
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ method: "cash", amount: "10", shares: { count: 2, pay: 1 } }, 400, /tek biçimde/],
      [{ method: "cash", shares: { count: 2, pay: 3 } }, 400, /pay sayısından çok/],
      [{ method: "cash", shares: { count: 1, pay: 1 } }, 400, /en az 2/],
      [{ method: "card", amount: "10", tendered: "20" }, 400, /yalnız nakit/],
      [{ method: "cash", amount: "0" }, 400, /sıfırdan büyük/],
      [{ method: "cash", shares: { count: 2, pay: 1 }, discount_code: "YAZ10" }, 400, /eşit bölmede/],
      [{ method: "meal_card", meal_card: "Ticket", amount: "10" }, 400, /Ticket/],
      [{ method: "cash", amount: "10", tendered: "5" }, 400, "Alınan tutar ödemeden az olamaz."],
      [{ method: "bitcoin" }, 400, /nakit, kart, yemek kartı ya da cari hesap/],
      [{ method: "cash", items: [{ order_item_id: 999999999, quantity: 1 }] }, 404, /bu masanın açık hesabında yok/],
    ];
    for (const [body, status, detail] of cases) expectError(await payPart(t, 5, body), status, detail);
    expectError(await payPart(t, 77, { method: "cash" }), 404, /Masa/);
    expect(await prisma.payment.count({ where: { orderId: order.id } })).toBe(0);
    expect(await prisma.billPayment.count({ where: { restaurantId: t.restaurantId } })).toBe(0);
  });

  it("another restaurant's lines are not on this table (404); its table number is this restaurant's own", async () => {
    const a = await tenantWithService();
    const b = await tenantWithService();
    const theirs = await placeOrder(b, 3, [["Adana Kebap", 1]]);
    await placeOrder(a, 3, [["Çay", 1]]);
    expectError(
      await payPart(a, 3, { method: "cash", items: [{ order_item_id: theirs.items[0].id, quantity: 1 }] }),
      404,
      /açık hesabında yok/,
    );
    // A's table 3 is A's: paying it all leaves B's bill as it was.
    expect((await payPart(a, 3, { method: "cash" })).status).toBe(201);
    expect((await billOf(b, 3)).remaining).toBe(418);
  });

  it("the Hesap screen's forms: another restaurant's line is not on this table (404), nothing is paid", async () => {
    const a = await tenantWithService();
    const b = await tenantWithService();
    const theirs = await placeOrder(b, 4, [["Adana Kebap", 1]]);
    await placeOrder(a, 4, [["Çay", 1]]);
    const posted = await postForm(a, "/app/bill?table=4", {
      intent: "items",
      method: "cash",
      pay_key: key(),
      [`qty-${theirs.items[0].id}`]: "1",
    });
    expect(posted.status).toBe(404);
    expect(joinedText(posted.text)).toContain("bu masanın açık hesabında yok");
    expect(await prisma.billPayment.count({ where: { restaurantId: { in: [a.restaurantId, b.restaurantId] } } })).toBe(0);
  });

  it("the kitchen cannot take payments (403); a waiter can unless the settings say otherwise", async () => {
    const t = await tenantWithService();
    await placeOrder(t, 1, [["Çay", 1]]);
    const kitchen = await createStaffMember(t, { role: "kitchen" });
    expect((await payPart(kitchen, 1, { method: "cash" })).status).toBe(403);
    await prisma.restaurant.update({ where: { id: t.restaurantId }, data: { waitersTakePayments: false } });
    const waiter = await createStaffMember(t, { role: "waiter" });
    expect((await payPart(waiter, 1, { method: "cash" })).status).toBe(403);
    const cashier = await createStaffMember(t, { role: "cashier" });
    expect((await payPart(cashier, 1, { method: "cash" })).status).toBe(201);
  });

  it("lines paid on their own stay on the table: moving them is refused", async () => {
    const t = await tenantWithService();
    const order = await placeOrder(t, 9, [["Ayran", 2]]);
    expect((await payPart(t, 9, { method: "cash", items: [{ order_item_id: order.items[0].id, quantity: 1 }] })).status).toBe(201);
    const move = await api(`/api/orders/${order.id}/move-items`, {
      token: t.token,
      body: { items: [{ order_item_id: order.items[0].id, quantity: 2 }], to_table_number: 10, key: key() },
      headers: JSON_TYPE,
    });
    expectError(move, 409, /ödenmemiş 1 adedi taşınabilir/);
  });
});

describe("hesaba yaz (decision 087)", () => {
  it("a regular's bill goes on their account: past the limit a cashier needs the manager password; the day counts it as Cari hesap", async () => {
    const t = await tenantWithService();
    const opened = await api("/api/accounts", {
      token: t.token,
      body: { name: "Kemal Usta", credit_limit: "500", key: key() },
      headers: JSON_TYPE,
    });
    expect(opened.status, opened.text).toBe(201);
    const account = opened.json.id as number;
    await placeOrder(t, 7, [
      ["Adana Kebap", 1],
      ["Künefe", 1],
    ]); // 570 + 57 = 627
    const cashier = await createStaffMember(t, { role: "cashier" });
    const over = await payPart(cashier, 7, { method: "house_account", account_id: account, pay_key: key() });
    expectError(over, 409, /Kredi limiti aşılıyor.*Yönetici onayı gerekir/);
    expect(over.json.approval_required).toBe(true);
    expectError(
      await payPart(cashier, 7, { method: "house_account", account_id: account, manager_password: "yanlis-sifre" }),
      403,
      /şifre/i,
    );
    expectError(await payPart(cashier, 7, { method: "house_account", account_id: account, tip: "10" }), 400, /Bahşiş cari hesaba yazılmaz/);
    expectError(await payPart(cashier, 7, { method: "house_account" }), 400, /cari hesap seçin/);
    const ok = await payPart(cashier, 7, { method: "house_account", account_id: account, manager_password: t.password, pay_key: key() });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json).toMatchObject({ amount: 627, table_freed: true, house_account: { id: account, name: "Kemal Usta", balance: 627 } });
    const stored = await api(`/api/accounts/${account}`, { token: t.token });
    expect(stored.json.balance).toBe(627);
    const day = (await api("/api/reports/daily", { token: t.token })).json;
    expect(day).toMatchObject({ total_revenue: 627, house_account_revenue: 627, house_account_orders: 1 });
    const close = (await api("/api/day-close", { token: t.token })).json;
    expect(close.figures.by_method).toEqual([{ method: "house_account", meal_card: null, label: "Cari hesap", amount: 627, count: 1 }]);
    // Another restaurant's account is not this one's.
    const other = await tenantWithService();
    await placeOrder(other, 1, [["Çay", 1]]);
    expectError(await payPart(other, 1, { method: "house_account", account_id: account }), 404, "Cari hesap bulunamadı.");
  });
});

describe("a payment and a move at once", () => {
  it("either the share is paid and moves with the bill, or it finds nothing left here: nothing lost, nothing paid twice, no deadlock", async () => {
    for (let round = 0; round < 3; round++) {
      const t = await tenantWithService("0.00");
      await placeOrder(t, 5, [
        ["Adana Kebap", 1],
        ["Künefe", 1],
      ]); // 570
      const [paid, moved] = await Promise.all([
        payPart(t, 5, { method: "card", shares: { count: 2, pay: 1 }, pay_key: key() }),
        api("/api/tables/5/move", { token: t.token, body: { to_table_number: 12, key: key() }, headers: JSON_TYPE }),
      ]);
      expect(moved.status, moved.text).toBe(200);
      expect([201, 409], paid.text).toContain(paid.status);
      const bill = await billOf(t, 12);
      expect(bill.total).toBe(570);
      expect(bill.paid).toBe(paid.status === 201 ? 285 : 0);
      expect(bill.paid + bill.remaining).toBe(570);
    }
  });
});

describe("a bill of several orders", () => {
  it("equal shares stay equal when a share pays off the first order; the bill keeps it; a move takes the seating's bill along", async () => {
    const t = await tenantWithService("0.00");
    const menu = await menuOf(t);
    await prisma.menuItem.update({ where: { id: menu["Su"]!.id }, data: { price: "110.00" } });
    await placeOrder(t, 9, [["Su", 1]], menu); // 110
    await placeOrder(
      t,
      9,
      [
        ["Adana Kebap", 1],
        ["Künefe", 1],
      ],
      menu,
    ); // 570
    // 680 in three: 226,66 + 226,66 + 226,68.
    const first = await payPart(t, 9, { method: "card", shares: { count: 3, pay: 1 }, pay_key: key() });
    expect(first.status, first.text).toBe(201);
    expect(first.json.orders.map((o: any) => o.paid)).toEqual([true, false]);
    const bill = await billOf(t, 9);
    expect(bill).toMatchObject({ total: 680, paid: 226.66, remaining: 453.34 });
    expect(bill.lines[0]).toMatchObject({ name: "Su", paid_quantity: 1 });
    // The party moves to table 11 before the others pay: the bill goes along, paid part included.
    const moved = await api("/api/tables/9/move", { token: t.token, body: { to_table_number: 11, key: key() }, headers: JSON_TYPE });
    expect(moved.status, moved.text).toBe(200);
    expect(await billOf(t, 11)).toMatchObject({ total: 680, paid: 226.66, remaining: 453.34 });
    expect((await billOf(t, 9)).lines).toEqual([]);
    const second = await payPart(t, 11, { method: "cash", shares: { count: 3, pay: 1 }, pay_key: key() });
    const third = await payPart(t, 11, { method: "cash", shares: { count: 3, pay: 1 }, pay_key: key() });
    expect([first.json.amount, second.json.amount, third.json.amount]).toEqual([226.66, 226.66, 226.68]);
    expect(third.json).toMatchObject({ remaining: 0, table_freed: true });
    // The next party at table 11 starts a bill of its own.
    await placeOrder(t, 11, [["Çay", 1]], menu);
    expect(await billOf(t, 11)).toMatchObject({ total: 20, paid: 0, remaining: 20 });
  });
});
