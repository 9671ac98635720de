// Reservations: GET/POST /api/reservations, GET/PUT/DELETE /api/reservations/{id}, the
// /app/reservations page's forms, and the floor grids' line for a reservation due within the
// hour. The rules: a table that exists, a time not past (in the restaurant's zone), and no
// second pending or confirmed reservation of a table within two hours, also under concurrency.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { CreateReservationSchema } from "~/modules/reservations/schemas";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PAGE = "/app/reservations";
const JSON_TYPE = { "content-type": "application/json" };
const DAY_MS = 86_400_000;

const resApi = (tenant: Tenant, path: string, method = "GET", body?: unknown, headers: Record<string, string> = {}) =>
  api(path, { token: tenant.token, method, body, headers: body === undefined ? headers : { ...JSON_TYPE, ...headers } });
const create = (tenant: Tenant, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  resApi(tenant, "/api/reservations", "POST", body, headers);
const update = (tenant: Tenant, id: number | string, body: Record<string, unknown>) =>
  resApi(tenant, `/api/reservations/${id}`, "PUT", body);
const remove = (tenant: Tenant, id: number | string) => resApi(tenant, `/api/reservations/${id}`, "DELETE");
const list = (tenant: Tenant, query = "") => resApi(tenant, `/api/reservations${query}`);

const row = (id: number) => prisma.reservation.findUniqueOrThrow({ where: { id } });
const count = (tenant: Tenant) => prisma.reservation.count({ where: { restaurantId: tenant.restaurantId, deletedAt: null } });

/** The Istanbul day and clock time of an instant. */
function istanbul(ms: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Istanbul",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
/** A day `n` days from now (Istanbul). */
const day = (n: number) => istanbul(Date.now() + n * DAY_MS).date;

const guest = (overrides: Record<string, unknown> = {}): Record<string, any> => ({
  customer_name: "Ayşe Yılmaz",
  customer_phone: "0532 111 22 33",
  table_number: 3,
  date: day(2),
  time: "19:00",
  ...overrides,
});

async function staffTenant(): Promise<Tenant> {
  const tenant = await createTenant();
  const res = await postForm(tenant, "/app/role-selection", { intent: "staff" });
  expect(res.status).toBe(302);
  return tenant;
}

/** The page's edit form for a reservation as it is now. */
async function editFields(tenant: Tenant, id: number, changes: Record<string, string | number> = {}) {
  const { json: r } = await resApi(tenant, `/api/reservations/${id}`);
  return {
    intent: "update",
    id,
    version: r.version,
    customer_name: r.customer_name,
    customer_phone: r.customer_phone,
    customer_email: r.customer_email ?? "",
    table_number: String(r.table_number),
    date: r.date,
    time: r.time,
    guest_count: String(r.guest_count),
    status: r.status,
    notes: r.notes ?? "",
    ...changes,
  };
}

describe("POST /api/reservations", () => {
  it("creates with the spec's defaults (1 guest, pending); the day and time are the restaurant's (Istanbul)", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await create(tenant, guest({ customer_name: "  Ayşe Yılmaz ", customer_email: " AYSE@Ornek.com ", date: "2027-03-10" }));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      customer_name: "Ayşe Yılmaz",
      customer_phone: "0532 111 22 33",
      customer_email: "ayse@ornek.com",
      table_number: 3,
      date: "2027-03-10",
      time: "19:00",
      guest_count: 1,
      notes: null,
      status: "pending",
      version: 1,
    });
    expect(Object.keys(res.json).sort()).toEqual(
      [
        "created_at",
        "customer_email",
        "customer_name",
        "customer_phone",
        "date",
        "guest_count",
        "id",
        "notes",
        "status",
        "table_number",
        "time",
        "updated_at",
        "version",
      ].sort(),
    );
    const stored = await row(res.json.id);
    // 19:00 in Istanbul (UTC+3) is 16:00 UTC; the row points at the live table.
    expect(stored.reservedFor.toISOString()).toBe("2027-03-10T16:00:00.000Z");
    const table = await prisma.restaurantTable.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, number: 3 } });
    expect(stored.tableId).toBe(table.id);

    const full = await create(
      tenant,
      guest({ table_number: 4, guest_count: 20, notes: " Cam kenarı ", status: "confirmed", time: "20:15:00" }),
    );
    expect(full.status, full.text).toBe(201);
    expect(full.json).toMatchObject({ guest_count: 20, notes: "Cam kenarı", status: "confirmed", time: "20:15", customer_email: null });
  });

  it.each([
    [{ customer_name: undefined }, "Müşteri adı zorunludur."],
    [{ customer_name: "   " }, "Müşteri adı zorunludur."],
    [{ customer_name: "x".repeat(121) }, "Müşteri adı en fazla 120 karakter olabilir."],
    [{ customer_name: 5 }, "Müşteri adı metin olmalıdır."],
    [{ customer_phone: undefined }, "Telefon zorunludur."],
    [{ customer_phone: "abc1234" }, "Lütfen geçerli bir telefon numarası girin."],
    [{ customer_phone: "1".repeat(33) }, "Telefon en fazla 32 karakter olabilir."],
    [{ customer_email: "ayse@" }, "Lütfen geçerli bir e-posta adresi girin (örnek: ad@ornek.com)."],
    [{ customer_email: `${"a".repeat(185)}@ab.com` }, "E-posta en fazla 191 karakter olabilir."],
    [{ table_number: undefined }, "Masa numarası zorunludur."],
    [{ table_number: 0 }, "Masa numarası en az 1 olmalıdır."],
    [{ table_number: 2.5 }, "Masa numarası tam sayı olmalıdır."],
    [{ table_number: "üç" }, "Masa numarası bir sayı olmalıdır."],
    [{ date: undefined }, "Tarih zorunludur."],
    [{ date: "2027-02-30" }, "Tarih geçersiz; YYYY-AA-GG biçiminde bir gün girin."],
    [{ date: "10.03.2027" }, "Tarih geçersiz; YYYY-AA-GG biçiminde bir gün girin."],
    [{ time: undefined }, "Saat zorunludur."],
    [{ time: "24:00" }, "Saat SS:DD biçiminde olmalıdır (örnek: 19:30)."],
    [{ time: "7pm" }, "Saat SS:DD biçiminde olmalıdır (örnek: 19:30)."],
    [{ guest_count: 0 }, "Kişi sayısı en az 1 olmalıdır."],
    [{ guest_count: 21 }, "Kişi sayısı en fazla 20 olabilir."],
    [{ guest_count: 1.5 }, "Kişi sayısı tam sayı olmalıdır."],
    [{ notes: "n".repeat(501) }, "Notlar en fazla 500 karakter olabilir."],
    [{ status: "seated" }, "Durum şunlardan biri olmalıdır: pending, confirmed, completed, cancelled."],
    [{ client_id: "kısa" }, "İstemci anahtarı 8-64 harf, rakam, - veya _ olmalıdır."],
  ])("bad input %j: 400 with a Turkish message, nothing written", async (changes, message) => {
    const tenant = await createTenant({ manager: true });
    const res = await create(tenant, guest(changes));
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(message);
    expect(await count(tenant)).toBe(0);
  });

  it("concurrent creates for the same table and time: one 201, the others 409", async () => {
    const tenant = await createTenant({ manager: true });
    for (const table of [1, 2, 6]) {
      const results = await Promise.all(
        ["Ali", "Veli", "Can", "Ece"].map((name, i) =>
          create(tenant, guest({ table_number: table, date: day(4), time: `20:${String(i * 10).padStart(2, "0")}`, customer_name: name })),
        ),
      );
      expect(results.map((r) => r.status).sort(), `table ${table}`).toEqual([201, 409, 409, 409]);
      // The refusal names the reservation that holds the table (the rule's cases: tests/domain/reservations-rules.test.ts).
      const [first] = results.filter((r) => r.status === 201);
      expect(results.find((r) => r.status === 409)!.json.clash).toMatchObject({ id: first!.json.id, table_number: table });
    }
    expect(await count(tenant)).toBe(3);
  });

  it("a repeat with the same client_id (or Idempotency-Key), even at the same time, creates one reservation", async () => {
    const tenant = await createTenant({ manager: true });
    const client_id = `resv-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 5 }, () => create(tenant, guest({ client_id }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replay") === "true")).toHaveLength(4);
    const key = `hdr-${randomUUID()}`;
    const a = await create(tenant, guest({ table_number: 2 }), { "idempotency-key": key });
    const b = await create(tenant, guest({ table_number: 2 }), { "idempotency-key": key });
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.json.id).toBe(a.json.id);
    expect((await create(tenant, guest(), { "idempotency-key": "kisa" })).status).toBe(400);
    expect(await count(tenant)).toBe(2);
  });

  it("answers 415 for a non-JSON body and 405 for other methods", async () => {
    const tenant = await createTenant({ manager: true });
    const text = await api("/api/reservations", { token: tenant.token, body: "x=1", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
    expect((await resApi(tenant, "/api/reservations", "PUT", {})).status).toBe(405);
    expect((await resApi(tenant, "/api/reservations/1", "POST", {})).status).toBe(405);
  });
});

describe("GET /api/reservations", () => {
  it("lists this restaurant's from today on by time; filters by status and day; bad filters are 400", async () => {
    const { a, b } = await createTenantPair();
    await create(b, guest({ customer_name: "Başkası" }));
    const late = await create(a, guest({ date: day(2), time: "21:30", customer_name: "Geç" }));
    const early = await create(a, guest({ date: day(2), time: "12:00", table_number: 4, customer_name: "Erken", status: "confirmed" }));
    const next = await create(a, guest({ date: day(5), time: "13:00", customer_name: "Sonra" }));
    const all = await list(a);
    expect(all.status).toBe(200);
    expect(all.json.map((r: any) => r.customer_name)).toEqual(["Erken", "Geç", "Sonra"]);
    expect((await list(a, "?status=confirmed")).json.map((r: any) => r.id)).toEqual([early.json.id]);
    expect((await list(a, `?date=${day(2)}`)).json.map((r: any) => r.id)).toEqual([early.json.id, late.json.id]);
    expect((await list(a, `?date=${day(5)}&status=pending`)).json.map((r: any) => r.id)).toEqual([next.json.id]);
    expect((await list(a, `?date=${day(6)}`)).json).toEqual([]);
    const badStatus = await list(a, "?status=seated");
    expect(badStatus.status).toBe(400);
    expect(badStatus.json.detail).toBe("Durum şunlardan biri olmalıdır: pending, confirmed, completed, cancelled.");
    const badDate = await list(a, "?date=yarın");
    expect(badDate.status).toBe(400);
    expect(badDate.json.detail).toBe("Tarih geçersiz; YYYY-AA-GG biçiminde bir gün girin.");
    // The last day of year 9999 has no next day in YYYY-MM-DD: refused, not a crash, on the page too.
    const farAway = await list(a, "?date=9999-12-31");
    expect(farAway.status).toBe(400);
    expect(farAway.json.detail).toBe("Tarih geçersiz; YYYY-AA-GG biçiminde bir gün girin.");
    expect((await getPage(a, `${PAGE}?date=9999-12-31`)).status).not.toBe(500);
  });
});

describe("PUT /api/reservations/{id}", () => {
  it("changes the fields sent; the edit may set any status; a stale version is 409, its replay is not", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: r } = await create(tenant, guest({ customer_email: "a@b.co", notes: "Doğum günü" }));
    const res = await update(tenant, r.id, { guest_count: 4, time: "19:45", customer_email: null, version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ guest_count: 4, time: "19:45", customer_email: null, notes: "Doğum günü", version: 2 });
    for (const status of ["completed", "pending", "cancelled", "confirmed"]) {
      const moved = await update(tenant, r.id, { status });
      expect(moved.status, status).toBe(200);
      expect(moved.json.status).toBe(status);
    }
    const stale = await update(tenant, r.id, { guest_count: 6, version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.json.detail).toBe(
      "Bu rezervasyon siz düzenlerken başka biri tarafından değiştirildi. Güncel hâlini görüp tekrar kaydedin.",
    );
    // Asking for what is stored already (a lost answer sent again) is not a conflict.
    const replay = await update(tenant, r.id, { guest_count: 4, version: 2 });
    expect(replay.status).toBe(200);
    expect(replay.json.version).toBe(6);
    // A rule's refusal and bad input are 400 with the message (every case: tests/domain/reservations-rules.test.ts).
    for (const [body, detail] of [
      [{ table_number: 77 }, "Masa 77 bulunamadı. Var olan bir masa numarası girin."],
      [{ date: day(-2) }, "Geçmiş bir tarih ve saate rezervasyon yapılamaz."],
      [{ guest_count: 25 }, "Kişi sayısı en fazla 20 olabilir."],
    ] as const) {
      const res = await update(tenant, r.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.detail).toBe(detail);
    }
    const junk = await update(tenant, "abc", { guest_count: 2 });
    expect(junk.status).toBe(400);
    expect(junk.json.detail).toBe("Rezervasyon numarası geçersiz.");
    expect((await update(tenant, 2_000_000_000, { guest_count: 2 })).status).toBe(404);
  });

  it("concurrent edits of the same version: one wins, the others 409", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: r } = await create(tenant, guest());
    const results = await Promise.all([2, 3, 4, 5, 6].map((n) => update(tenant, r.id, { guest_count: n, version: 1 })));
    expect(results.map((x) => x.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await row(r.id)).version).toBe(2);
  });
});

describe("DELETE /api/reservations/{id}", () => {
  it("deletes ('Rezervasyon silindi'), blanks the guest's details; again is fine; then it cannot be edited", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: r } = await create(tenant, guest({ customer_email: "a@b.co", notes: "Not" }));
    const res = await remove(tenant, r.id);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Rezervasyon silindi");
    expect((await list(tenant)).json).toEqual([]);
    expect(await row(r.id)).toMatchObject({ customerName: "", customerPhone: "", customerEmail: null, notes: null, status: "cancelled" });
    expect((await remove(tenant, r.id)).status).toBe(200);
    const edit = await update(tenant, r.id, { guest_count: 2 });
    expect(edit.status).toBe(404);
    expect(edit.json.detail).toBe("Rezervasyon bulunamadı.");
    expect((await resApi(tenant, `/api/reservations/${r.id}`)).status).toBe(404);
    expect((await remove(tenant, "x")).status).toBe(400);
    // Its table and time are free again.
    expect((await create(tenant, guest())).status).toBe(201);
  });
});

describe("who may", () => {
  it("staff mode: 403 on every endpoint and page form, nothing written", async () => {
    const staff = await staffTenant();
    const table = await prisma.restaurantTable.findFirstOrThrow({ where: { restaurantId: staff.restaurantId, number: 1 } });
    const own = await prisma.reservation.create({
      data: {
        restaurantId: staff.restaurantId,
        tableId: table.id,
        tableNumber: 1,
        customerName: "Ayşe",
        customerPhone: "0555 000 00 00",
        reservedFor: new Date(Date.now() + 2 * DAY_MS),
      },
    });
    for (const [path, method, body] of [
      ["/api/reservations", "GET", undefined],
      ["/api/reservations", "POST", guest()],
      [`/api/reservations/${own.id}`, "GET", undefined],
      [`/api/reservations/${own.id}`, "PUT", { status: "confirmed" }],
      [`/api/reservations/${own.id}`, "DELETE", undefined],
    ] as const) {
      const res = await resApi(staff, path, method, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.detail).toBe("Bu işlem için yönetici girişi gerekiyor.");
    }
    const posts: Record<string, string | number>[] = [
      { intent: "create", create_key: `k-${randomUUID()}`, ...guest() },
      { intent: "status", id: own.id, status: "confirmed" },
      { intent: "delete", id: own.id },
    ];
    for (const fields of posts) {
      expect((await postForm(staff, PAGE, fields)).status).toBe(403);
    }
    expect((await getPage(staff, PAGE)).status).toBe(403);
    expect(await row(own.id)).toMatchObject({ status: "pending", version: 1, deletedAt: null });
    expect(await count(staff)).toBe(1);
  });

  it("another restaurant's reservation: 404 on every endpoint, page form and dialog; it stays as it was", async () => {
    const { a, b } = await createTenantPair();
    const ids: number[] = [];
    for (const table of [1, 2]) ids.push((await create(a, guest({ table_number: table }))).json.id);
    await expectIdsRefusedToOtherTenant({ owner: a, other: b }, ids, [
      { name: "GET /api/reservations/{id}", send: (id, token) => api(`/api/reservations/${id}`, { token }) },
      {
        name: "PUT /api/reservations/{id}",
        send: (id, token) => api(`/api/reservations/${id}`, { token, method: "PUT", body: {}, headers: JSON_TYPE }),
      },
    ]);
    for (const id of ids) {
      const edit = await postForm(b, PAGE, { ...(await editFields(a, id, { guest_count: "5" })) });
      expect(edit.status).toBe(404);
      expect(joinedText(edit.text)).toContain("Rezervasyon bulunamadı.");
      expect((await postForm(b, PAGE, { intent: "status", id, status: "confirmed" })).status).toBe(404);
      expect((await postForm(b, PAGE, { intent: "delete", id })).status).toBe(404);
      expect((await remove(b, id)).status).toBe(404);
      for (const dialog of ["edit", "delete"]) expect((await getPage(b, `${PAGE}?${dialog}=${id}`)).status, dialog).toBe(404);
      expect(await row(id)).toMatchObject({ status: "pending", version: 1, guestCount: 1, deletedAt: null, customerName: "Ayşe Yılmaz" });
    }
    // Not in the other's list or page either.
    expect((await list(b)).json).toEqual([]);
    expect(joinedText((await getPage(b, PAGE)).text)).not.toContain("Ayşe Yılmaz");
    // Deleted by its owner, still not the other's.
    expect((await remove(a, ids[0]!)).status).toBe(200);
    expect((await remove(b, ids[0]!)).status).toBe(404);
  });

  it("premium gate: with the trial over, the page and API refuse writes (403)", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: r } = await create(tenant, guest());
    await expireTrial(tenant);
    const res = await create(tenant, guest({ table_number: 2 }));
    expect(res.status).toBe(403);
    expect(res.json.detail).toMatch(/Rezervasyonlar/);
    expect((await update(tenant, r.id, { status: "confirmed" })).status).toBe(403);
    expect((await remove(tenant, r.id)).status).toBe(403);
    expect((await postForm(tenant, PAGE, { intent: "status", id: r.id, status: "confirmed" })).status).toBe(403);
    expect(await row(r.id)).toMatchObject({ status: "pending", deletedAt: null });
  });
});

describe("the reservations page", () => {
  it("create, confirm, complete, edit, delete: redirects with one-time messages; stats and cards", async () => {
    const tenant = await createTenant({ manager: true });
    const empty = joinedText((await getPage(tenant, PAGE)).text);
    expect(empty).toContain("Bugün ve sonrası için rezervasyon yok.");
    const form = joinedText((await getPage(tenant, `${PAGE}?new=1`)).text);
    expect(form).toContain("Yeni rezervasyon");
    expect(form).toMatch(/name="guest_count"[^>]*value="1"/);
    expect(form).toMatch(/<option value="pending" selected="">Beklemede<\/option>/);

    const created = await postForm(tenant, PAGE, {
      intent: "create",
      create_key: `k-${randomUUID()}`,
      ...guest({ customer_email: "", notes: "", guest_count: "" }),
    });
    expect(created.status).toBe(302);
    const [r] = await prisma.reservation.findMany({ where: { restaurantId: tenant.restaurantId } });
    expect(created.location).toBe(`${PAGE}#reservation-${r!.id}`);
    expect(r).toMatchObject({ guestCount: 1, status: "pending", customerEmail: null, notes: null });
    const flash = created.headers!.get("set-cookie")!.split(";")[0]!;
    const page = joinedText((await getPage(tenant, PAGE, flash)).text);
    expect(page).toContain("Rezervasyon oluşturuldu");
    expect(page).toContain("Ayşe Yılmaz");
    expect(page).toContain("Masa 3 · 1 kişi");
    expect(page).toMatch(/data-testid="stat-pending">1</);
    expect(page).toMatch(/data-testid="stat-total">1</);
    expect(page).toContain(">Onayla<");
    expect(page).toContain(">İptal Et<");

    const confirmed = await postForm(tenant, `${PAGE}?status=pending`, { intent: "status", id: r!.id, status: "confirmed" });
    expect(confirmed.status).toBe(302);
    // Back to the list as it was filtered.
    expect(confirmed.location).toBe(`${PAGE}?status=pending#reservation-${r!.id}`);
    expect((await row(r!.id)).status).toBe("confirmed");
    // A double tap is fine; a move the card does not offer is refused with the spec's message.
    expect((await postForm(tenant, PAGE, { intent: "status", id: r!.id, status: "confirmed" })).status).toBe(302);
    const bad = await postForm(tenant, PAGE, { intent: "status", id: r!.id, status: "cancelled" });
    expect(bad.status).toBe(409);
    expect(joinedText(bad.text)).toContain("Durum değiştirilemedi: rezervasyon şu an Onaylandı, İptal edildi durumuna geçemez.");
    const confirmedPage = joinedText((await getPage(tenant, `${PAGE}?status=confirmed`)).text);
    expect(confirmedPage).toContain(">Tamamla<");
    expect(confirmedPage).not.toContain(">Onayla<");

    expect((await postForm(tenant, PAGE, { intent: "status", id: r!.id, status: "completed" })).status).toBe(302);
    expect((await row(r!.id)).status).toBe("completed");
    expect(joinedText((await getPage(tenant, `${PAGE}?status=pending`)).text)).toContain("Beklemede durumunda rezervasyon yok.");

    const edit = joinedText((await getPage(tenant, `${PAGE}?edit=${r!.id}`)).text);
    expect(edit).toContain("Rezervasyonu düzenle");
    const edited = await postForm(
      tenant,
      PAGE,
      await editFields(tenant, r!.id, { guest_count: "6", status: "pending", notes: "Bebek sandalyesi" }),
    );
    expect(edited.status).toBe(302);
    expect(await row(r!.id)).toMatchObject({ guestCount: 6, status: "pending", notes: "Bebek sandalyesi" });

    const badEdit = await postForm(tenant, PAGE, await editFields(tenant, r!.id, { customer_name: " ", guest_count: "21" }));
    expect(badEdit.status).toBe(400);
    expect(joinedText(badEdit.text)).toContain("Rezervasyon kaydedilirken hata oluştu");
    expect(joinedText(badEdit.text)).toContain("Müşteri adı zorunludur.");
    expect(joinedText(badEdit.text)).toContain("Kişi sayısı en fazla 20 olabilir.");

    const confirm = joinedText((await getPage(tenant, `${PAGE}?delete=${r!.id}`)).text);
    expect(confirm).toContain("rezervasyonu silinsin mi?");
    const deleted = await postForm(tenant, PAGE, { intent: "delete", id: r!.id });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe(PAGE);
    expect((await postForm(tenant, PAGE, { intent: "delete", id: r!.id })).status).toBe(302);
    expect(joinedText((await getPage(tenant, PAGE)).text)).toContain("Bugün ve sonrası için rezervasyon yok.");
  });

  it("create refusals: the spec's message with the reason (past, no such table, clash); a double submit creates one", async () => {
    const tenant = await createTenant({ manager: true });
    const post = (changes: Record<string, string | number>) =>
      postForm(tenant, PAGE, { intent: "create", create_key: `k-${randomUUID()}`, ...guest(), ...changes });
    const past = await post({ date: day(-1) });
    expect(past.status).toBe(400);
    expect(joinedText(past.text)).toContain("Rezervasyon kaydedilirken hata oluştu");
    expect(joinedText(past.text)).toContain("Geçmiş bir tarih ve saate rezervasyon yapılamaz.");
    const noTable = await post({ table_number: "42" });
    expect(noTable.status).toBe(400);
    expect(joinedText(noTable.text)).toContain("Masa 42 bulunamadı.");
    const missing = await post({ customer_phone: "", date: "", time: "" });
    expect(missing.status).toBe(400);
    for (const m of ["Telefon zorunludur.", "Tarih zorunludur.", "Saat zorunludur."]) expect(joinedText(missing.text)).toContain(m);

    const form = { intent: "create", create_key: `k-${randomUUID()}`, ...guest() };
    const results = await Promise.all([postForm(tenant, PAGE, form), postForm(tenant, PAGE, form), postForm(tenant, PAGE, form)]);
    expect(results.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(await count(tenant)).toBe(1);
    const clash = await post({ time: "20:00", customer_name: "Mehmet" });
    expect(clash.status).toBe(409);
    expect(joinedText(clash.text)).toContain("19:00 saatinde Ayşe Yılmaz adına bir rezervasyon var");
    const odd = await postForm(tenant, PAGE, { intent: "seat", id: 1 });
    expect(odd.status).toBe(400);
    expect(joinedText(odd.text)).toContain("Geçersiz işlem.");
    expect(await count(tenant)).toBe(1);
  });

  it("two edits of the same version at once: one saved, the other 409 with the Turkish message", async () => {
    const tenant = await createTenant({ manager: true });
    const { json: r } = await create(tenant, guest());
    const [x, y] = await Promise.all([
      postForm(tenant, PAGE, await editFields(tenant, r.id, { guest_count: "2" })),
      postForm(tenant, PAGE, await editFields(tenant, r.id, { guest_count: "3" })),
    ]);
    expect([x.status, y.status].sort()).toEqual([302, 409]);
    expect(joinedText([x, y].find((p) => p.status === 409)!.text)).toContain("başka biri tarafından değiştirildi");
  });

  it("filters by status links and a day (GET form); past reservations under Geçmiş", async () => {
    const tenant = await createTenant({ manager: true });
    await create(tenant, guest({ date: day(2), customer_name: "İki gün sonra" }));
    await create(tenant, guest({ date: day(9), customer_name: "Gelecek hafta", status: "confirmed" }));
    const byDay = joinedText((await getPage(tenant, `${PAGE}?date=${day(9)}`)).text);
    expect(byDay).toContain("Gelecek hafta");
    expect(byDay).not.toContain("İki gün sonra");
    const byStatus = joinedText((await getPage(tenant, `${PAGE}?status=pending`)).text);
    expect(byStatus).toContain("İki gün sonra");
    expect(byStatus).not.toContain("Gelecek hafta");
    expect(joinedText((await getPage(tenant, `${PAGE}?past=1`)).text)).toContain("Geçmiş rezervasyon yok.");
    // A hand-typed filter that means nothing shows everything.
    const junk = joinedText((await getPage(tenant, `${PAGE}?status=x&date=dün`)).text);
    expect(junk).toContain("Gelecek hafta");
    expect(junk).toContain("İki gün sonra");
  });
});

describe("the floor grids", () => {
  it("a table with a pending or confirmed reservation within the hour shows its time and name (poll, staff and manager grids)", async () => {
    const tenant = await createTenant({ manager: true });
    const soon = istanbul(Date.now() + 30 * 60_000);
    await create(tenant, guest({ ...soon, table_number: 2, customer_name: "Zeynep" }));
    await create(
      tenant,
      guest({ ...istanbul(Date.now() + 40 * 60_000), table_number: 4, customer_name: "Vazgeçen Müşteri", status: "cancelled" }),
    );
    await create(tenant, guest({ ...istanbul(Date.now() + 3 * 3600_000), table_number: 5, customer_name: "Üç Saat Sonra" }));
    const poll = await api("/api/tables", { token: tenant.token });
    expect(poll.status).toBe(200);
    const withLine = poll.json.filter((t: any) => t.reservation);
    expect(withLine).toEqual([expect.objectContaining({ number: 2, reservation: { time: soon.time, name: "Zeynep" } })]);
    // The poll's fast path (decision 009) and the routed answer agree; tables without one have no key.
    const routed = await api("/api/tables?via=router", { token: tenant.token });
    expect(routed.json).toEqual(poll.json);
    expect(poll.json.find((t: any) => t.number === 1)).not.toHaveProperty("reservation");
    const admin = joinedText((await getPage(tenant, "/app/admin")).text);
    expect(admin).toContain(`Rez. ${soon.time} Zeynep`);
    expect(admin).not.toContain("Üç Saat Sonra");
    // The staff panel last: opening it ends manager mode.
    const staff = joinedText((await getPage(tenant, "/app/staff")).text);
    expect(staff).toContain(`Rez. ${soon.time} Zeynep`);
    expect(staff).not.toContain("Vazgeçen Müşteri");
  });
});

describe("column sizes", () => {
  let columns: Map<string, number>;
  beforeAll(async () => {
    const rows = await prisma.$queryRaw<{ c: string; n: bigint | number }[]>`
      SELECT COLUMN_NAME AS c, CHARACTER_MAXIMUM_LENGTH AS n FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'reservations' AND CHARACTER_MAXIMUM_LENGTH IS NOT NULL`;
    columns = new Map(rows.map((r) => [r.c, Number(r.n)]));
  });

  it("every text the form accepts fits its column, and the longest values are saved whole", async () => {
    const maxOf = (field: keyof typeof CreateReservationSchema.shape) => {
      const found: number[] = [];
      const walk = (s: any, depth: number) => {
        if (!s || depth > 8) return;
        if (typeof s.maxLength === "number") found.push(s.maxLength);
        for (const k of ["in", "out", "schema", "innerType"]) walk(s.def?.[k], depth + 1);
      };
      walk(CreateReservationSchema.shape[field], 0);
      return Math.min(...found);
    };
    const fields = [
      ["customer_name", "customerName"],
      ["customer_phone", "customerPhone"],
      ["customer_email", "customerEmail"],
      ["notes", "notes"],
    ] as const;
    for (const [field, column] of fields) {
      expect(maxOf(field), field).toBeLessThanOrEqual(columns.get(column)!);
    }
    const tenant = await createTenant({ manager: true });
    const longest = guest({
      customer_name: "Ş".repeat(maxOf("customer_name")),
      customer_phone: "9".repeat(maxOf("customer_phone")),
      customer_email: `${"c".repeat(maxOf("customer_email") - 7)}@ab.com`,
      notes: "ğ".repeat(maxOf("notes")),
      client_id: "k".repeat(64),
    });
    const res = await create(tenant, longest);
    expect(res.status, res.text).toBe(201);
    const stored = await row(res.json.id);
    expect(stored.customerName).toBe(longest.customer_name);
    expect(stored.customerEmail).toBe(longest.customer_email);
    expect(stored.notes).toBe(longest.notes);
    expect(stored.createKey).toBe("k".repeat(64));
  });
});
