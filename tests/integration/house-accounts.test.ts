// House accounts, cari hesap / veresiye (issue 22, decision 087): the accounts API (GET/POST
// /api/accounts, GET/PUT/DELETE /api/accounts/{id}, its statement, payments and adjustments) with
// idempotency, versions, Turkish refusals, tenancy and roles; the balance always the sum of the
// movements, under concurrent payments too; `chargeToAccount` inside a caller's transaction (the
// payment flow's "hesaba yaz"); and the accounts page's forms posted as a browser without JavaScript.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { chargeToAccount, type ChargeInput } from "~/modules/accounts/accounts.server";
import type { Actor } from "~/modules/auth/actor";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember, setMode } from "../setup/staff";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const NOT_FOUND = "Cari hesap bulunamadı.";
const STALE = "Bu cari hesap siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi yeniden yapın.";
const NAME_TAKEN = "Bu adla açık bir cari hesap zaten var.";
const CLOSED = "Bu cari hesap kapatılmış; üzerinde işlem yapılamaz.";
const KEY_REUSED = "Bu işlem anahtarı (key) başka bir hareket için kullanıldı.";
const PAGE = "/app/accounts";

const list = (t: Tenant, query = "", token = t.token) => api(`/api/accounts${query}`, { token });
const open = (t: Tenant, body: unknown, headers: Record<string, string> = {}, token = t.token) =>
  api("/api/accounts", { token, body, headers });
const read = (t: Tenant, id: number | string, token = t.token) => api(`/api/accounts/${id}`, { token });
const put = (t: Tenant, id: number | string, body: unknown, token = t.token) => api(`/api/accounts/${id}`, { method: "PUT", token, body });
const close = (t: Tenant, id: number | string, token = t.token) => api(`/api/accounts/${id}`, { method: "DELETE", token });
const statementOf = (t: Tenant, id: number | string, query = "", token = t.token) =>
  api(`/api/accounts/${id}/statement${query}`, { token });
const pay = (t: Tenant, id: number | string, body: unknown, headers: Record<string, string> = {}, token = t.token) =>
  api(`/api/accounts/${id}/payments`, { token, body, headers });
const correct = (t: Tenant, id: number | string, body: unknown, token = t.token) => api(`/api/accounts/${id}/adjustments`, { token, body });
const key = () => `k-${randomUUID()}`;

const actorOf = (t: Tenant): Actor => ({ restaurantId: t.restaurantId, userId: t.userId, name: "Test Sahibi" });

/** Hesaba yaz, as the payment flow calls it: inside a transaction of its own. */
function charge(t: Tenant, accountId: number, amount: string, extra: Partial<ChargeInput> = {}) {
  return prisma.$transaction((tx) =>
    chargeToAccount(tx, actorOf(t), {
      accountId,
      amount: new Prisma.Decimal(amount),
      approved: false,
      tableNumber: 4,
      orderIds: [],
      key: key(),
      now: new Date(),
      ...extra,
    }),
  );
}

async function newAccount(t: Tenant, body: Record<string, unknown> = {}) {
  const res = await open(t, { name: `Hesap ${randomUUID().slice(0, 8)}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; name: string; version: number; balance: number; credit_limit: number };
}

/** The account's balance is the sum of its movements, and each movement's balance_after the running sum. */
async function expectLedgerWhole(accountId: number) {
  const account = await prisma.houseAccount.findUniqueOrThrow({ where: { id: accountId } });
  const movements = await prisma.houseAccountMovement.findMany({ where: { accountId }, orderBy: { id: "asc" } });
  let running = new Prisma.Decimal(0);
  for (const m of movements) {
    running = running.add(m.amount);
    expect(m.balanceAfter.toFixed(2), `balance after movement ${m.id}`).toBe(running.toFixed(2));
  }
  expect(account.balance.toFixed(2)).toBe(running.toFixed(2));
  return { balance: Number(account.balance), movements: movements.length };
}

const movementCount = (accountId: number) => prisma.houseAccountMovement.count({ where: { accountId } });

describe("the accounts API", () => {
  it("opens an account, lists and reads it, edits it by version; a stale edit is 409 and a resent one is not", async () => {
    const t = await createTenant({ manager: true });
    const res = await open(t, { name: "  Yıldız İnşaat  ", phone: "0532 111 22 33", credit_limit: "5.000", note: "Öğle yemekleri" });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      name: "Yıldız İnşaat",
      phone: "0532 111 22 33",
      credit_limit: 5000,
      balance: 0,
      note: "Öğle yemekleri",
      version: 1,
      closed_at: null,
    });
    const id = res.json.id as number;
    const other = await newAccount(t, { name: "Ahmet Bey" });
    // By name, the Turkish way: Ahmet before Yıldız.
    expect((await list(t)).json.map((a: any) => a.id)).toEqual([other.id, id]);
    expect((await read(t, id)).json).toEqual(res.json);

    const edited = await put(t, id, { credit_limit: 7500.5, phone: null, version: 1 });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ name: "Yıldız İnşaat", phone: null, credit_limit: 7500.5, note: "Öğle yemekleri", version: 2 });
    const stale = await put(t, id, { name: "Eski ad", version: 1 });
    expectError(stale, 409, STALE);
    expect(stale.json.version).toBe(2);
    // What is stored, resent with the old version (a double submit), is answered as is.
    const same = await put(t, id, { credit_limit: "7.500,50", version: 1 });
    expect(same.status, same.text).toBe(200);
    expect(same.json.version).toBe(2);
    // Another open account's name, in other letters' case, is taken; its own is not.
    expectError(await put(t, id, { name: "AHMET  bey" }), 409, NAME_TAKEN);
    expectError(await open(t, { name: "ahmet bey" }), 409, NAME_TAKEN);
    expect((await put(t, id, { name: "YILDIZ İNŞAAT" })).status).toBe(200);
  });

  it("a client_id or Idempotency-Key already seen opens nothing new: 200 with the first and Idempotent-Replay", async () => {
    const t = await createTenant({ manager: true });
    const k = key();
    const first = await open(t, { name: "Kaya Ailesi", client_id: k });
    expect(first.status).toBe(201);
    const again = await open(t, { name: "Kaya Ailesi", client_id: k });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(again.json).toEqual(first.json);
    const h = key();
    const viaHeader = await open(t, { name: "Demir Oto" }, { "Idempotency-Key": h });
    const repeat = await open(t, { name: "Demir Oto" }, { "Idempotency-Key": h });
    expect([viaHeader.status, repeat.status]).toEqual([201, 200]);
    expect(repeat.json.id).toBe(viaHeader.json.id);
    // Two at once with one key: one account.
    const k2 = key();
    const both = await Promise.all([open(t, { name: "Aynı Anda", client_id: k2 }), open(t, { name: "Aynı Anda", client_id: k2 })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await prisma.houseAccount.count({ where: { restaurantId: t.restaurantId } })).toBe(3);
  });

  it("payments and corrections move the balance with a movement each; the statement reads the running balance, the period's opening and totals", async () => {
    const t = await createTenant({ manager: true });
    const a = await newAccount(t, { credit_limit: 1000 });
    const first = await charge(t, a.id, "450.00", { tableNumber: 7, orderIds: [31, 30], note: "Akşam yemeği" });
    expect(first).toMatchObject({ accountName: a.name, replayed: false });
    expect(first.balance.toFixed(2)).toBe("450.00");
    expect(first.creditLimit.toFixed(2)).toBe("1000.00");
    await charge(t, a.id, "120.50");

    const paid = await pay(t, a.id, { amount: "200", method: "cash", note: "Elden", key: key() });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json.movement).toMatchObject({ kind: "payment", amount: -200, balance_after: 370.5, method: "cash", note: "Elden" });
    expect(paid.json.account).toMatchObject({ id: a.id, balance: 370.5 });
    const fixed = await correct(t, a.id, { amount: "-0,50", note: "Kuruş farkı" });
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.json.movement).toMatchObject({ kind: "adjustment", amount: -0.5, balance_after: 370, created_by_name: "Test Sahibi" });
    const card = await pay(t, a.id, { amount: 70, method: "card" });
    expect(card.status, card.text).toBe(201);
    expect((await read(t, a.id)).json.balance).toBe(300);
    expect(await expectLedgerWhole(a.id)).toEqual({ balance: 300, movements: 5 });

    const all = await statementOf(t, a.id);
    expect(all.status, all.text).toBe(200);
    expect(all.json).toMatchObject({
      from: null,
      to: null,
      opening_balance: 0,
      closing_balance: 300,
      totals: { charges: 570.5, payments: 270, adjustments: -0.5, count: 5 },
      truncated: false,
    });
    expect(all.json.movements.map((m: any) => [m.kind, m.amount, m.balance_after])).toEqual([
      ["charge", 450, 450],
      ["charge", 120.5, 570.5],
      ["payment", -200, 370.5],
      ["adjustment", -0.5, 370],
      ["payment", -70, 300],
    ]);
    expect(all.json.movements[0]).toMatchObject({ table_number: 7, order_ids: [30, 31], note: "Akşam yemeği" });

    // The first two happened three days ago (Istanbul days): a period from yesterday opens at 570,50.
    const day = (offset: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date(Date.now() + offset * 86_400_000));
    const ids = all.json.movements.map((m: any) => m.id as number);
    await prisma.houseAccountMovement.updateMany({
      where: { id: { in: ids.slice(0, 2) } },
      data: { createdAt: new Date(Date.now() - 3 * 86_400_000) },
    });
    const recent = await statementOf(t, a.id, `?from=${day(-1)}&to=${day(0)}`);
    expect(recent.status, recent.text).toBe(200);
    expect(recent.json).toMatchObject({
      from: day(-1),
      to: day(0),
      opening_balance: 570.5,
      closing_balance: 300,
      totals: { charges: 0, payments: 270, adjustments: -0.5, count: 3 },
    });
    expect(recent.json.movements.map((m: any) => m.balance_after)).toEqual([370.5, 370, 300]);
    const old = await statementOf(t, a.id, `?to=${day(-2)}`);
    expect(old.json).toMatchObject({ opening_balance: 0, closing_balance: 570.5, totals: { count: 2 } });
  });

  it("more than the balance, below 0, a closed account: refused (409) and nothing written; closing needs a balance of 0", async () => {
    const t = await createTenant({ manager: true });
    const a = await newAccount(t, { credit_limit: 500 });
    expectError(await pay(t, a.id, { amount: 10, method: "cash" }), 409, "Ödeme bakiyeden fazla: bu hesabın borcu yok.");
    await charge(t, a.id, "150.00");
    const over = await pay(t, a.id, { amount: "150,01", method: "card" });
    expectError(over, 409, "Ödeme bakiyeden fazla: bakiye ₺150,00, ödeme ₺150,01.");
    expect(over.json.balance).toBe(150);
    expectError(
      await correct(t, a.id, { amount: -200, note: "Yanlış" }),
      409,
      "Düzeltme bakiyeyi 0'ın altına indiremez: bakiye ₺150,00, düzeltme -₺200,00.",
    );
    expectError(await close(t, a.id), 409, "Bakiyesi ₺150,00 olan hesap kapatılamaz; önce bakiyeyi sıfırlayın.");
    expect(await movementCount(a.id)).toBe(1);

    expect((await pay(t, a.id, { amount: 150, method: "cash" })).status).toBe(201);
    const closed = await close(t, a.id);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.closed_at).not.toBeNull();
    // Closing again changes nothing; the closed account is read, never written.
    const again = await close(t, a.id);
    expect(again.status).toBe(200);
    expect(again.json.closed_at).toBe(closed.json.closed_at);
    expectError(await pay(t, a.id, { amount: 1, method: "cash" }), 409, CLOSED);
    expectError(await correct(t, a.id, { amount: 10, note: "Geri aç" }), 409, CLOSED);
    expectError(await put(t, a.id, { name: "Yeni ad" }), 409, CLOSED);
    expect(await charge(t, a.id, "10.00").catch((e: Error & { status: number }) => `${e.status} ${e.message}`)).toBe(`404 ${NOT_FOUND}`);
    expect((await statementOf(t, a.id)).json.movements).toHaveLength(2);
    // The list is the open accounts; include_closed adds the closed ones; a closed name is free again.
    expect((await list(t)).json).toEqual([]);
    expect((await list(t, "?include_closed=1")).json.map((x: any) => x.id)).toEqual([a.id]);
    expect((await open(t, { name: a.name })).status).toBe(201);
    expect(await expectLedgerWhole(a.id)).toEqual({ balance: 0, movements: 2 });
  });

  it("a repeated key answers the first movement and records nothing; the same key on another account is 409", async () => {
    const t = await createTenant({ manager: true });
    const a = await newAccount(t);
    const b = await newAccount(t);
    await charge(t, a.id, "300.00", { approved: true });
    await charge(t, b.id, "300.00", { approved: true });
    const k = key();
    const first = await pay(t, a.id, { amount: 100, method: "cash", key: k });
    expect(first.status).toBe(201);
    const again = await pay(t, a.id, { amount: 100, method: "cash", key: k });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(again.json.movement).toEqual(first.json.movement);
    expectError(await pay(t, b.id, { amount: 100, method: "cash", key: k }), 409, KEY_REUSED);
    expectError(await correct(t, a.id, { amount: 5, note: "Aynı anahtar", key: k }), 409, KEY_REUSED);
    // The header works as the body's key; together at once, one payment.
    const h = key();
    const both = await Promise.all([
      pay(t, a.id, { amount: 50, method: "card" }, { "Idempotency-Key": h }),
      pay(t, a.id, { amount: 50, method: "card" }, { "Idempotency-Key": h }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await expectLedgerWhole(a.id)).toEqual({ balance: 150, movements: 3 });
    expect(await expectLedgerWhole(b.id)).toEqual({ balance: 300, movements: 1 });
  });

  it("concurrent payments on one account all count, and those the balance cannot cover are refused", async () => {
    const t = await createTenant({ manager: true });
    const a = await newAccount(t);
    await charge(t, a.id, "1000.00", { approved: true });
    const answers = await Promise.all(Array.from({ length: 12 }, () => pay(t, a.id, { amount: "50,00", method: "cash", key: key() })));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(await expectLedgerWhole(a.id)).toEqual({ balance: 400, movements: 13 });

    // 400 owed, eight payments of 75 at once: five fit, three are refused.
    const race = await Promise.all(Array.from({ length: 8 }, () => pay(t, a.id, { amount: 75, method: "card" })));
    expect(race.filter((r) => r.status === 201)).toHaveLength(5);
    expect(race.filter((r) => r.status === 409).map((r) => r.json.detail)).toEqual(
      Array(3).fill("Ödeme bakiyeden fazla: bakiye ₺25,00, ödeme ₺75,00."),
    );
    // Charges from payments' transactions and payments at once: every movement counts.
    await Promise.all([
      ...Array.from({ length: 5 }, () => charge(t, a.id, "20.00", { approved: true })),
      ...Array.from({ length: 5 }, () => pay(t, a.id, { amount: 5, method: "cash" })),
    ]);
    expect(await expectLedgerWhole(a.id)).toEqual({ balance: 100, movements: 28 });
  });

  it("refuses bad input with 400 and Turkish messages, and writes nothing", async () => {
    const t = await createTenant({ manager: true });
    const a = await newAccount(t);
    expectFieldError(await open(t, {}), "name", "Hesap adı zorunludur.");
    expectFieldError(await open(t, { name: "x".repeat(121) }), "name", "Hesap adı en fazla 120 karakter olabilir.");
    expectFieldError(await open(t, { name: "A", phone: "telefon" }), "phone", "Lütfen geçerli bir telefon numarası girin.");
    expectFieldError(await open(t, { name: "A", credit_limit: -5 }), "credit_limit", "Kredi limiti negatif olamaz.");
    expectError(await open(t, { name: "A", credit_limit: "1,250" }), 400, /1,250/);
    expectFieldError(await open(t, { name: "A", client_id: "x" }), "client_id", "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır.");
    expectError(await put(t, a.id, {}), 400, "Güncellenecek en az bir alan gönderin: name, phone, credit_limit, note.");
    expectError(await put(t, "abc", { name: "B" }), 400, NOT_FOUND);

    expectFieldError(await pay(t, a.id, { method: "cash" }), "amount", "Tutar zorunludur.");
    expectFieldError(
      await pay(t, a.id, { amount: "abc", method: "cash" }),
      "amount",
      "Tutar bir sayı olmalıdır (örnek: 72,50 ya da 1.250,00).",
    );
    expectFieldError(await pay(t, a.id, { amount: 0, method: "cash" }), "amount", "Tutar 0'dan büyük olmalıdır.");
    expectError(await pay(t, a.id, { amount: "10,555", method: "cash" }), 400, /^Tutar /);
    expectFieldError(await pay(t, a.id, { amount: 10 }), "method", "Ödeme yöntemi zorunludur.");
    expectFieldError(
      await pay(t, a.id, { amount: 10, method: "meal_card" }),
      "method",
      "Ödeme yöntemi şunlardan biri olmalıdır: cash, card.",
    );
    expectFieldError(
      await pay(t, a.id, { amount: 10, method: "cash", key: "kısa" }),
      "key",
      "İşlem anahtarı (key) 8-64 harf, rakam, - veya _ olmalıdır.",
    );
    expectFieldError(await correct(t, a.id, { amount: 10 }), "note", "Düzeltmenin nedenini açıklama olarak yazın.");
    expectFieldError(await correct(t, a.id, { amount: "-0,00", note: "Sıfır" }), "amount", "Düzeltme tutarı 0 olamaz.");
    expectError(await pay(t, "0", { amount: 10, method: "cash" }), 400, NOT_FOUND);

    expectFieldError(
      await statementOf(t, a.id, "?from=2026-02-30"),
      "from",
      "Başlangıç tarihi geçersiz; YYYY-AA-GG biçiminde bir gün girin.",
    );
    expectFieldError(await statementOf(t, a.id, "?from=2026-11-02&to=2026-11-01"), "to", "Başlangıç tarihi bitiş tarihinden sonra olamaz.");
    expectError(await list(t, "?include_closed=evet"), 400, "include_closed 1 ya da 0 olmalıdır.");

    // The body's contract, as every endpoint's.
    expectError(
      await api(`/api/accounts/${a.id}/payments`, { token: t.token, body: "{bozuk", headers: { "content-type": "application/json" } }),
      400,
      MESSAGES.malformedJson,
    );
    expectError(
      await api(`/api/accounts/${a.id}/payments`, { token: t.token, body: "[]", headers: { "content-type": "application/json" } }),
      400,
      MESSAGES.expectedJsonObject,
    );
    expectError(
      await api("/api/accounts", { token: t.token, body: '{"name":"Düz metin"}', headers: { "content-type": "text/plain" } }),
      415,
      MESSAGES.unsupportedMediaType,
    );
    expectError(await open(t, { name: "Büyük", note: "x".repeat(70_000) }), 413, MESSAGES.tooLarge);
    expectError(await api(`/api/accounts/${a.id}/payments`, { token: t.token }), 405, MESSAGES.methodNotAllowed);
    expect(await movementCount(a.id)).toBe(0);
    expect(await prisma.houseAccount.count({ where: { restaurantId: t.restaurantId } })).toBe(1);
  });
});

describe("tenancy and roles", () => {
  it("another restaurant's account is 404 on every endpoint and every page action, and changes nothing", async () => {
    const { a, b } = await createTenantPair();
    const ids = [(await newAccount(a)).id, (await newAccount(a)).id];
    for (const id of ids) await charge(a, id, "100.00", { approved: true });
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      { name: "GET /api/accounts/{id}", send: (id, token) => read(a, id, token) },
      { name: "GET /api/accounts/{id}/statement", send: (id, token) => statementOf(a, id, "", token) },
      { name: "PUT /api/accounts/{id}", send: (id, token) => put(a, id, { note: "Başkası", version: 99 }, token) },
      { name: "POST /api/accounts/{id}/payments", send: (id, token) => pay(a, id, { amount: 1, method: "cash" }, {}, token) },
      { name: "POST /api/accounts/{id}/adjustments", send: (id, token) => correct(a, id, { amount: 1, note: "Başkası" }, token) },
      // Last: the owner's own request closes nothing (a balance) and is a 409, not a 404.
      { name: "DELETE /api/accounts/{id}", send: (id, token) => close(a, id, token) },
    ]);
    expect((await list(b)).json).toEqual([]);
    // B's page: A's account is not found, on the page and in every form.
    expect((await getPage(b, `${PAGE}?hesap=${ids[0]}`)).status).toBe(404);
    const forms: Record<string, string | number>[] = [
      { intent: "update", id: ids[0]!, version: 1, name: "Başkası" },
      { intent: "payment", id: ids[0]!, amount: "1", method: "cash", key: key() },
      { intent: "adjust", id: ids[0]!, amount: "1", note: "Başkası", key: key() },
      { intent: "close", id: ids[0]! },
    ];
    for (const fields of forms) {
      const res = await postForm(b, PAGE, fields);
      expect(res.status, `${fields.intent}: ${res.text.slice(0, 200)}`).toBe(404);
      expect(joinedText(res.text)).toContain(NOT_FOUND);
    }
    // A's accounts as they were: one payment of 1 and one correction of 1 each, by A itself.
    for (const id of ids) expect(await expectLedgerWhole(id)).toEqual({ balance: 100, movements: 3 });
    const a0 = await prisma.houseAccount.findUniqueOrThrow({ where: { id: ids[0]! } });
    expect([a0.note, a0.version, a0.closedAt]).toEqual([null, 1, null]);
  });

  it("whoever takes payments reads the list and takes a payment; opening, editing, closing, correcting and the statement need manager mode", async () => {
    const owner = await createTenant({ manager: true });
    const acc = await newAccount(owner, { credit_limit: 1000 });
    await charge(owner, acc.id, "500.00");
    const cashier = await createStaffMember(owner, { role: "cashier" });
    const waiter = await createStaffMember(owner, { role: "waiter" });
    const kitchen = await createStaffMember(owner, { role: "kitchen" });
    const ownerStaff = {
      ...owner,
      token: (await api("/api/public/login", { body: { email: owner.email, password: owner.password } })).json.access_token,
    };
    await setMode(ownerStaff, "staff");

    for (const who of [cashier, waiter, ownerStaff]) {
      expect((await list(owner, "", who.token)).status).toBe(200);
      expect((await read(owner, acc.id, who.token)).status).toBe(200);
      const paid = await pay(owner, acc.id, { amount: 10, method: "cash" }, {}, who.token);
      expect(paid.status, paid.text).toBe(201);
      expect((await open(owner, { name: "Yetkisiz" }, {}, who.token)).status).toBe(403);
      expect((await put(owner, acc.id, { note: "Yetkisiz" }, who.token)).status).toBe(403);
      expect((await close(owner, acc.id, who.token)).status).toBe(403);
      expect((await correct(owner, acc.id, { amount: -1, note: "Yetkisiz" }, who.token)).status).toBe(403);
      expect((await statementOf(owner, acc.id, "", who.token)).status).toBe(403);
      expect((await getPage(who, PAGE)).status).toBe(403);
    }
    for (const path of ["/api/accounts", `/api/accounts/${acc.id}`, `/api/accounts/${acc.id}/statement`]) {
      expect((await api(path, { token: kitchen.token })).status, path).toBe(403);
    }
    expect((await pay(owner, acc.id, { amount: 1, method: "cash" }, {}, kitchen.token)).status).toBe(403);
    // A restaurant whose waiters may not take payments: its waiter neither reads the picker nor takes one.
    await prisma.restaurant.update({ where: { id: owner.restaurantId }, data: { waitersTakePayments: false } });
    expect((await list(owner, "", waiter.token)).status).toBe(403);
    expect((await pay(owner, acc.id, { amount: 1, method: "cash" }, {}, waiter.token)).status).toBe(403);
    expect((await list(owner, "", cashier.token)).status).toBe(200);
    const history = await statementOf(owner, acc.id);
    expect(history.json.movements.map((m: any) => [m.kind, m.amount, m.created_by_name])).toEqual([
      ["charge", 500, "Test Sahibi"],
      ["payment", -10, "Ayşe Garson"],
      ["payment", -10, "Ayşe Garson"],
      ["payment", -10, "Test Sahibi"],
    ]);
    expect(await expectLedgerWhole(acc.id)).toEqual({ balance: 470, movements: 4 });
  });
});

describe("chargeToAccount (hesaba yaz) inside the payment's transaction", () => {
  it("past the credit limit needs a manager's approval; the refusal names the figures and writes nothing", async () => {
    const t = await createTenant({ manager: true });
    const a = await newAccount(t, { credit_limit: 500 });
    await charge(t, a.id, "300.00");
    const refused = await charge(t, a.id, "300.00").catch((e: Error & { status: number; extra: unknown }) => e);
    expect(refused).toMatchObject({
      status: 409,
      message: "Kredi limiti aşılıyor: bakiye ₺300,00 + ₺300,00 = ₺600,00, limit ₺500,00. Yönetici onayı gerekir.",
      extra: { approval_required: true, balance: 300, credit_limit: 500 },
    });
    expect(await expectLedgerWhole(a.id)).toEqual({ balance: 300, movements: 1 });
    const approved = await charge(t, a.id, "300.00", { approved: true });
    expect(approved.balance.toFixed(2)).toBe("600.00");
    // A limit of 0 gives no credit without approval.
    const zero = await newAccount(t);
    expect((await charge(t, zero.id, "0.01").catch((e: Error) => e.message)) as string).toMatch(/^Kredi limiti aşılıyor: .*limit ₺0,00\./);
    // Not an amount of money: refused before anything is locked.
    expect(await charge(t, a.id, "0").catch((e: Error & { status: number }) => e.status)).toBe(400);
    expect(await charge(t, a.id, "1.005", { approved: true }).catch((e: Error & { status: number }) => e.status)).toBe(400);
  });

  it("a repeated key answers the first charge; another restaurant's account is 404; it commits and rolls back with the caller", async () => {
    const { a, b } = await createTenantPair();
    const acc = await newAccount(a, { credit_limit: 1000 });
    const k = key();
    const first = await charge(a, acc.id, "100.00", { key: k });
    const again = await charge(a, acc.id, "999.00", { key: k });
    expect(again).toMatchObject({ movementId: first.movementId, replayed: true });
    expect(again.balance.toFixed(2)).toBe("100.00");
    expect(await charge(b, acc.id, "10.00").catch((e: Error & { status: number }) => `${e.status} ${e.message}`)).toBe(`404 ${NOT_FOUND}`);
    const payLater = await newAccount(a);
    expect(await charge(a, payLater.id, "10.00", { key: k }).catch((e: Error & { status: number }) => e.status)).toBe(409);

    // The caller's own failure after the charge takes the charge back with it.
    const failing = prisma.$transaction(async (tx) => {
      await chargeToAccount(tx, actorOf(a), {
        accountId: acc.id,
        amount: new Prisma.Decimal("50.00"),
        approved: false,
        tableNumber: 2,
        orderIds: [1],
        key: key(),
        now: new Date(),
      });
      throw new Error("the payment failed after the charge");
    });
    await expect(failing).rejects.toThrow("the payment failed after the charge");
    expect(await expectLedgerWhole(acc.id)).toEqual({ balance: 100, movements: 1 });
  });

  it("a key another transaction committed after the caller's snapshot is answered, not charged twice", async () => {
    const t = await createTenant({ manager: true });
    const acc = await newAccount(t, { credit_limit: 1000 });
    const k = key();
    const result = await prisma.$transaction(async (tx) => {
      // The caller read before charging: its snapshot predates the other charge's commit.
      await tx.$queryRaw`SELECT COUNT(*) AS n FROM house_account_movements WHERE restaurantId = ${t.restaurantId}`;
      await charge(t, acc.id, "80.00", { key: k });
      return chargeToAccount(tx, actorOf(t), {
        accountId: acc.id,
        amount: new Prisma.Decimal("80.00"),
        approved: false,
        tableNumber: null,
        orderIds: [],
        key: k,
        now: new Date(),
      });
    });
    expect(result.replayed).toBe(true);
    expect(result.balance.toFixed(2)).toBe("80.00");
    expect(await expectLedgerWhole(acc.id)).toEqual({ balance: 80, movements: 1 });
  });
});

describe("the accounts page without JavaScript", () => {
  it("opens an account, takes a payment once per rendered key, corrects, shows the statement and closes", async () => {
    const owner = await createTenant({ manager: true });
    const listPage = joinedText((await getPage(owner, PAGE)).text);
    expect(listPage).toContain("Henüz cari hesap yok.");
    const createKey = /name="intent" value="open"\/><input type="hidden" name="create_key" value="([^"]+)"/.exec(listPage)![1]!;
    const fields = {
      intent: "open",
      create_key: createKey,
      name: "Mavi Kuaför",
      phone: "0212 555 66 77",
      credit_limit: "2.000,00",
      note: "",
    };
    const opened = await postForm(owner, PAGE, fields);
    expect(opened.status, opened.text.slice(0, 300)).toBe(302);
    const id = Number(/hesap=(\d+)/.exec(opened.location!)![1]);
    // The same form again (a double tap): the same account.
    expect((await postForm(owner, PAGE, fields)).location).toBe(opened.location);
    expect(await prisma.houseAccount.count({ where: { restaurantId: owner.restaurantId } })).toBe(1);
    await charge(owner, id, "640.00");

    const page = `${PAGE}?hesap=${id}`;
    const html = joinedText((await getPage(owner, page)).text);
    expect(html).toContain("Mavi Kuaför");
    expect(html).toContain("₺640,00");
    const payKey =
      /name="intent" value="payment"\/><input type="hidden" name="id" value="\d+"\/><input type="hidden" name="key" value="([^"]+)"/.exec(
        html,
      )![1]!;
    const payment = { intent: "payment", id, amount: "240", method: "card", note: "", key: payKey };
    const paid = await postForm(owner, page, payment);
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(page);
    expect((await postForm(owner, page, payment)).status).toBe(302);
    expect(await expectLedgerWhole(id)).toEqual({ balance: 400, movements: 2 });

    // Refusals come back on the page, in Turkish, with what was typed.
    const over = await postForm(owner, page, { intent: "payment", id, amount: "500", method: "cash", key: key() });
    expect(over.status).toBe(409);
    expect(joinedText(over.text)).toContain("Ödeme bakiyeden fazla: bakiye ₺400,00, ödeme ₺500,00.");
    const noNote = await postForm(owner, page, { intent: "adjust", id, amount: "10", note: "", key: key() });
    expect(noNote.status).toBe(400);
    expect(joinedText(noNote.text)).toContain("Düzeltmenin nedenini açıklama olarak yazın.");
    expect((await postForm(owner, page, { intent: "adjust", id, amount: "-400", note: "Borç silindi", key: key() })).status).toBe(302);

    const statement = joinedText((await getPage(owner, page)).text);
    expect(statement).toContain("Hesap ekstresi");
    expect(statement).toContain("Borç silindi");
    expect(statement).toContain("Bakiye ₺400,00");
    expect(statement).toContain("Tahsilat");
    const edited = await postForm(owner, page, {
      intent: "update",
      id,
      version: 1,
      name: "Mavi Kuaför Salonu",
      phone: "",
      credit_limit: "",
      note: "",
    });
    expect(edited.status).toBe(302);
    expect(await prisma.houseAccount.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Mavi Kuaför Salonu",
      phone: null,
      version: 2,
    });
    const stale = await postForm(owner, page, { intent: "update", id, version: 1, name: "Eski", phone: "", credit_limit: "0", note: "" });
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain(STALE);
    const closed = await postForm(owner, page, { intent: "close", id });
    expect(closed.status).toBe(302);
    expect(closed.location).toBe(PAGE);
    expect(joinedText((await getPage(owner, PAGE)).text)).toContain("Kapatılmış hesaplar");
    expect((await getPage(owner, `${PAGE}?hesap=abc`)).status).toBe(404);
  });
});
