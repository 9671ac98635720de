// Table management (issue 9): sections, table configurations and their live tables, the floor
// plan's positions, the legacy migration and the enhanced status, through the API and through
// the page's forms as a browser without JavaScript posts them.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError, MESSAGES } from "../setup/expect";
import { createTenant, enterManagerMode, type Tenant } from "../setup/factories";
import { expireTrial, menuOf, payOrder, placeOrder, postOrder, setStatus, tableState } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createTenantPair, expectIdsRefusedToOtherTenant } from "../setup/tenancy";

const PAGE = "/app/table-management";
const MSG = {
  sectionNotFound: "Bölüm bulunamadı.",
  tableNotFound: "Masa bulunamadı.",
  sectionName: "Bölüm adı zorunludur.",
  nameTaken: "Bu adla bir bölüm zaten var.",
  identifierTaken: "Bu tanımlayıcıyla bir masa zaten var.",
  identifier: "Masa tanımlayıcısı zorunludur.",
  displayName: "Görünen ad zorunludur.",
  capacity: "Kapasite 1 ile 50 arasında bir tam sayı olmalıdır.",
  position: "Konum 0 ile 1000 arasında bir tam sayı olmalıdır.",
  staleSection: "Bu bölüm siz düzenlerken başka bir cihazdan değiştirildi. Sayfayı yenileyip değişikliğinizi yeniden yapın.",
  staleTable: "Bu masa siz düzenlerken başka bir cihazdan değiştirildi. Sayfayı yenileyip değişikliğinizi yeniden yapın.",
  basicLimit: "Basic planında en fazla 10 masa eklenebilir. Daha fazlası için planınızı yükseltin.",
  gate: "Deneme süreniz doldu. Masa yönetimi için planınızı yükseltin.",
};
const unpaid = (where: string, amount: string) => `Masa ${where} ödenmemiş ${amount} hesap var; önce ödemeyi alın.`;

const call = (tenant: Tenant, path: string, method = "GET", body?: unknown) => api(path, { method, token: tenant.token, body });
const key = () => `k-${randomUUID()}`;

async function newSection(tenant: Tenant, body: Record<string, unknown> = {}) {
  const res = await call(tenant, "/api/table-sections", "POST", { name: `Bölüm ${randomUUID().slice(0, 6)}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

async function newTable(tenant: Tenant, body: Record<string, unknown> = {}) {
  const id = randomUUID().slice(0, 6);
  const res = await call(tenant, "/api/table-configurations", "POST", { table_identifier: `T-${id}`, display_name: `Masa ${id}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const liveTables = (tenant: Tenant) => prisma.restaurantTable.count({ where: { restaurantId: tenant.restaurantId, archivedAt: null } });
const configCount = (tenant: Tenant) => prisma.tableConfiguration.count({ where: { restaurantId: tenant.restaurantId } });
const sectionCount = (tenant: Tenant) => prisma.tableSection.count({ where: { restaurantId: tenant.restaurantId } });

/** An older restaurant: its numbered tables without configurations or sections (signup configures them now). */
async function makeLegacy(tenant: Tenant) {
  await prisma.tableConfiguration.deleteMany({ where: { restaurantId: tenant.restaurantId } });
  await prisma.tableSection.deleteMany({ where: { restaurantId: tenant.restaurantId } });
  return tenant;
}

/** Most tests start from a restaurant without sections, as one signed up before signup configured its tables. */
const legacyTenant = async (options: Parameters<typeof createTenant>[0]) => makeLegacy(await createTenant(options));
async function legacyPair() {
  const pair = await createTenantPair();
  await Promise.all([makeLegacy(pair.a), makeLegacy(pair.b)]);
  return pair;
}

describe("sections API", () => {
  it("creates (colour default blue), lists, edits and deletes a section; its tables stay without a section", async () => {
    const tenant = await legacyTenant({ manager: true });
    expect((await call(tenant, "/api/table-sections")).json).toEqual([]);
    const created = await call(tenant, "/api/table-sections", "POST", { name: "  Bahçe  ", description: "Dış alan" });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ name: "Bahçe", description: "Dış alan", color: "blue", table_count: 0 });
    const table = await newTable(tenant, { section_id: created.json.id });

    const list = await call(tenant, "/api/table-sections");
    expect(list.json).toEqual([expect.objectContaining({ id: created.json.id, name: "Bahçe", table_count: 1 })]);

    const edited = await call(tenant, `/api/table-sections/${created.json.id}`, "PUT", {
      name: "Teras",
      color: "green",
      updated_at: created.json.updated_at,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ name: "Teras", color: "green", description: null });

    const removed = await call(tenant, `/api/table-sections/${created.json.id}`, "DELETE");
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toMatchObject({ deleted: true, released_tables: 1 });
    const config = await prisma.tableConfiguration.findUniqueOrThrow({ where: { id: table.id } });
    expect(config.sectionId).toBeNull();
    expect(await liveTables(tenant)).toBe(21);
    // Deleting again changes nothing.
    expectError(await call(tenant, `/api/table-sections/${created.json.id}`, "DELETE"), 404, MSG.sectionNotFound);
  });

  it("bad input: 400 with a Turkish message, nothing written", async () => {
    const tenant = await legacyTenant({ manager: true });
    expectError(await call(tenant, "/api/table-sections", "POST", { name: "   " }), 400, MSG.sectionName);
    expectError(await call(tenant, "/api/table-sections", "POST", {}), 400, MSG.sectionName);
    expectError(await call(tenant, "/api/table-sections", "POST", { name: "A", color: "pink" }), 400, /^Renk şunlardan biri olmalıdır/);
    expectError(
      await call(tenant, "/api/table-sections", "POST", { name: "A".repeat(81) }),
      400,
      "Bölüm adı en fazla 80 karakter olabilir.",
    );
    expectError(await call(tenant, "/api/table-sections", "POST", { name: "A", client_id: "kısa" }), 400, /client_id/);
    expectError(
      await api("/api/table-sections", { token: tenant.token, body: "{nope", headers: { "content-type": "application/json" } }),
      400,
      MESSAGES.malformedJson,
    );
    const section = await newSection(tenant);
    expectError(await call(tenant, "/api/table-sections/abc", "PUT", { name: "X" }), 400, "Bölüm numarası bir sayı olmalıdır.");
    expectError(await call(tenant, `/api/table-sections/${section.id}`, "PUT", { name: "X", updated_at: "dün" }), 400, /updated_at/);
    expect(await sectionCount(tenant)).toBe(1);
  });

  it("a second section with the same name: 409 on create and on edit", async () => {
    const tenant = await legacyTenant({ manager: true });
    await newSection(tenant, { name: "Salon" });
    const other = await newSection(tenant, { name: "Bar" });
    expectError(await call(tenant, "/api/table-sections", "POST", { name: "Salon" }), 409, MSG.nameTaken);
    expectError(await call(tenant, `/api/table-sections/${other.id}`, "PUT", { name: "Salon" }), 409, MSG.nameTaken);
  });

  it("an edit based on an older version: 409, the newer edit stays", async () => {
    const tenant = await legacyTenant({ manager: true });
    const section = await newSection(tenant, { name: "Salon" });
    await new Promise((r) => setTimeout(r, 5));
    const first = await call(tenant, `/api/table-sections/${section.id}`, "PUT", { name: "Salon 1", updated_at: section.updated_at });
    expect(first.status).toBe(200);
    expectError(
      await call(tenant, `/api/table-sections/${section.id}`, "PUT", { name: "Salon 2", updated_at: section.updated_at }),
      409,
      MSG.staleSection,
    );
    expect((await prisma.tableSection.findUniqueOrThrow({ where: { id: section.id } })).name).toBe("Salon 1");
  });

  it("the same client_id (or Idempotency-Key) sent at once and again: one section", async () => {
    const tenant = await legacyTenant({ manager: true });
    const body = { name: "Teras", client_id: key() };
    const results = await Promise.all([1, 2, 3].map(() => call(tenant, "/api/table-sections", "POST", body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    const header = key();
    const viaHeader = await api("/api/table-sections", {
      token: tenant.token,
      body: { name: "Bahçe" },
      headers: { "idempotency-key": header },
    });
    const again = await api("/api/table-sections", {
      token: tenant.token,
      body: { name: "Bahçe" },
      headers: { "idempotency-key": header },
    });
    expect([viaHeader.status, again.status]).toEqual([201, 200]);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(await sectionCount(tenant)).toBe(2);
  });
});

describe("table configurations API", () => {
  it("a new table gets the next free number, or its identifier's number; a numbered table not laid out is taken over", async () => {
    const tenant = await legacyTenant({ manager: true });
    const section = await newSection(tenant);
    const a = await call(tenant, "/api/table-configurations", "POST", {
      table_identifier: "B1",
      display_name: "Bahçe 1",
      section_id: section.id,
      shape: "round",
      special_features: ["pencere kenarı", " priz ", "", "priz"],
    });
    expect(a.status, a.text).toBe(201);
    expect(a.json).toMatchObject({
      table_identifier: "B1",
      display_name: "Bahçe 1",
      capacity: 4,
      shape: "round",
      size: "medium",
      section_id: section.id,
      table_number: 21,
      special_features: ["pencere kenarı", "priz"],
    });
    expect((await newTable(tenant, { table_identifier: "30" })).table_number).toBe(30);
    // Table 5 exists from signup without a configuration: it becomes this one's live table.
    const five = await newTable(tenant, { table_identifier: "5", special_features: "priz, bebek sandalyesi" });
    expect(five.table_number).toBe(5);
    expect(five.special_features).toEqual(["priz", "bebek sandalyesi"]);
    // "21" is taken by B1's table: the next free number.
    expect((await newTable(tenant, { table_identifier: "21" })).table_number).toBe(22);
    expect(await liveTables(tenant)).toBe(23);

    // The waiters' grid names it and puts it under its section.
    const grid = await call(tenant, "/api/tables");
    const b1 = grid.json.find((t: any) => t.number === 21);
    expect(b1).toMatchObject({ display_name: "Bahçe 1", section: { id: section.id, name: section.name, color: "blue" } });
    const one = grid.json.find((t: any) => t.number === 1);
    expect(one).toMatchObject({ number: 1, status: "empty" });
    expect(one).not.toHaveProperty("display_name");
    expect(one).not.toHaveProperty("section");
  });

  it("bad input: 400 with a Turkish message; another restaurant's section: 404; a taken identifier: 409", async () => {
    const { a: tenant, b: other } = await legacyPair();
    const theirs = await newSection(other);
    const post = (body: unknown) => call(tenant, "/api/table-configurations", "POST", body);
    expectError(await post({ display_name: "X" }), 400, MSG.identifier);
    expectError(await post({ table_identifier: "X" }), 400, MSG.displayName);
    expectError(await post({ table_identifier: "X", display_name: "X", capacity: 0 }), 400, MSG.capacity);
    expectError(await post({ table_identifier: "X", display_name: "X", capacity: "4.5" }), 400, MSG.capacity);
    expectError(await post({ table_identifier: "X", display_name: "X", shape: "hexagon" }), 400, /^Şekil şunlardan biri olmalıdır/);
    expectError(await post({ table_identifier: "X", display_name: "X", position_x: 1001 }), 400, MSG.position);
    expectError(
      await post({ table_identifier: "X", display_name: "X", special_features: Array.from({ length: 11 }, (_, i) => `ö${i}`) }),
      400,
      /^Özel özellikler en fazla 10 tane/,
    );
    expectError(await post({ table_identifier: "X", display_name: "X", section_id: theirs.id }), 404, MSG.sectionNotFound);
    await newTable(tenant, { table_identifier: "Teras-1" });
    expectError(await post({ table_identifier: "Teras-1", display_name: "Y" }), 409, MSG.identifierTaken);
    expect(await configCount(tenant)).toBe(1);
    expect(await liveTables(tenant)).toBe(21);
  });

  it("edits keep the live table's number; a stale edit is 409; positions are only changed when sent", async () => {
    const tenant = await legacyTenant({ manager: true });
    const t = await newTable(tenant, { table_identifier: "K1", display_name: "Köşe", position_x: 100, position_y: 200 });
    await new Promise((r) => setTimeout(r, 5));
    const edited = await call(tenant, `/api/table-configurations/${t.id}`, "PUT", {
      table_identifier: "K2",
      display_name: "Köşe masası",
      capacity: 6,
      size: "large",
      updated_at: t.updated_at,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({
      table_identifier: "K2",
      display_name: "Köşe masası",
      capacity: 6,
      size: "large",
      position_x: 100,
      position_y: 200,
    });
    expect(edited.json.table_number).toBe(t.table_number);
    expectError(
      await call(tenant, `/api/table-configurations/${t.id}`, "PUT", {
        table_identifier: "K3",
        display_name: "Eski",
        updated_at: t.updated_at,
      }),
      409,
      MSG.staleTable,
    );
    expectError(await call(tenant, `/api/table-configurations/${t.id}`, "PUT", { table_identifier: "K3" }), 400, MSG.displayName);
  });

  it("delete: a table without orders goes; one with past orders is archived (hidden, orders kept); an unpaid one is refused with 409", async () => {
    const tenant = await legacyTenant({ manager: true });
    const fresh = await newTable(tenant, { table_identifier: "40" });
    const paid = await newTable(tenant, { table_identifier: "41" });
    const open = await newTable(tenant, { table_identifier: "42" });
    const paidOrder = await placeOrder(tenant, 41, [["Çay", 1]]);
    expect((await payOrder(tenant, paidOrder.id)).status).toBe(200);
    await placeOrder(tenant, 42, [["Adana Kebap", 1]]);

    expect((await call(tenant, `/api/table-configurations/${fresh.id}`, "DELETE")).json).toMatchObject({ deleted: true, table: "deleted" });
    expect(await prisma.restaurantTable.findUnique({ where: { id: fresh.table_id } })).toBeNull();

    expect((await call(tenant, `/api/table-configurations/${paid.id}`, "DELETE")).json).toMatchObject({ deleted: true, table: "archived" });
    const archived = await prisma.restaurantTable.findUniqueOrThrow({ where: { id: paid.table_id } });
    expect(archived.archivedAt).not.toBeNull();
    expect((await prisma.order.findUniqueOrThrow({ where: { id: paidOrder.id } })).tableId).toBe(paid.table_id);
    const grid = (await call(tenant, "/api/tables")).json.map((t: any) => t.number);
    expect(grid).not.toContain(41);
    expect(grid).not.toContain(40);
    expectError(await setStatus(tenant, 41, { status: "occupied" }), 404, "Masa bulunamadı: 41");
    const menu = await menuOf(tenant);
    expectError(
      await postOrder(tenant, { table_number: 41, items: [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }] }),
      404,
      "Masa bulunamadı: 41",
    );

    const refused = await call(tenant, `/api/table-configurations/${open.id}`, "DELETE");
    expectError(refused, 409, unpaid("42'de", "₺380,00"));
    expect(refused.json.open_amount).toBe(380);
    expect(await prisma.tableConfiguration.findUnique({ where: { id: open.id } })).not.toBeNull();
    expect((await tableState(tenant, 42)).status).toBe("occupied");

    expectError(await call(tenant, `/api/table-configurations/${fresh.id}`, "DELETE"), 404, MSG.tableNotFound);

    // A new table "41" brings the archived one back, with its history.
    const back = await newTable(tenant, { table_identifier: "41" });
    expect(back.table_id).toBe(paid.table_id);
    expect((await prisma.restaurantTable.findUniqueOrThrow({ where: { id: paid.table_id } })).archivedAt).toBeNull();
  });

  it("concurrent creates on Basic: distinct numbers, never more than 10 tables", async () => {
    const tenant = await legacyTenant({ manager: true });
    await prisma.restaurant.update({
      where: { id: tenant.restaurantId },
      data: { subscriptionPlan: "basic", subscriptionStatus: "active" },
    });
    await prisma.restaurantTable.deleteMany({ where: { restaurantId: tenant.restaurantId, number: { gt: 7 } } });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(tenant, "/api/table-configurations", "POST", { table_identifier: `Y${i}`, display_name: `Yeni ${i}` }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBe(3);
    expect(created.map((r) => r.json.table_number).sort((x, y) => x - y)).toEqual([8, 9, 10]);
    for (const r of results.filter((x) => x.status !== 201)) {
      expectError(r, 403, MSG.basicLimit);
      expect(r.json).toMatchObject({ code: "plan_limit", plan: "basic", limit: 10 });
    }
    expect(await liveTables(tenant)).toBe(10);
    expect(await configCount(tenant)).toBe(3);
  });

  it("the same client_id at once: one table, one live table", async () => {
    const tenant = await legacyTenant({ manager: true });
    const body = { table_identifier: "Bar-1", display_name: "Bar 1", client_id: key() };
    const results = await Promise.all([1, 2, 3].map(() => call(tenant, "/api/table-configurations", "POST", body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await configCount(tenant)).toBe(1);
    expect(await liveTables(tenant)).toBe(21);
  });
});

describe("legacy migration", () => {
  it('a fresh signup\'s 20 starter tables sit in "Ana Salon"; the page offers no migration', async () => {
    const tenant = await createTenant({ manager: true });
    const sections = (await call(tenant, "/api/table-sections")).json;
    expect(sections).toEqual([expect.objectContaining({ name: "Ana Salon", table_count: 20 })]);
    expect(await configCount(tenant)).toBe(20);
    const page = await getPage(tenant, PAGE);
    expect(page.status).toBe(200);
    expect(joinedText(page.text)).not.toContain("Masalarınızı bölüme aktarın");
    expect((await call(tenant, "/api/migrate-legacy-tables", "POST")).json.migrated_tables).toBe(0);
  });

  it("configures the numbered tables once; running again or at once creates nothing twice", async () => {
    const tenant = await legacyTenant({ manager: true });
    const runs = await Promise.all([1, 2].map(() => call(tenant, "/api/migrate-legacy-tables", "POST")));
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    expect(runs.map((r) => r.json.migrated_tables).sort((x, y) => x - y)).toEqual([0, 20]);
    expect((await call(tenant, "/api/migrate-legacy-tables", "POST")).json.migrated_tables).toBe(0);
    expect(await configCount(tenant)).toBe(20);
    expect(await sectionCount(tenant)).toBe(1);
    const sections = (await call(tenant, "/api/table-sections")).json;
    expect(sections).toEqual([expect.objectContaining({ name: "Ana Salon", table_count: 20 })]);
    const grid = (await call(tenant, "/api/tables")).json;
    expect(grid.find((t: any) => t.number === 7)).toMatchObject({ display_name: "Masa 7", section: { name: "Ana Salon" } });
    expect(await liveTables(tenant)).toBe(20);
  });
});

describe("enhanced table status", () => {
  it("lists configuration, section and status with the open bill; sets a status with the table rules", async () => {
    const tenant = await legacyTenant({ manager: true });
    const section = await newSection(tenant, { name: "Salon", color: "purple" });
    const t = await newTable(tenant, { table_identifier: "3", display_name: "Pencere", section_id: section.id });
    await placeOrder(tenant, 3, [["Çay", 2]]);
    const list = await call(tenant, "/api/enhanced-table-status");
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      {
        configuration: expect.objectContaining({ id: t.id, display_name: "Pencere", table_number: 3 }),
        section: { id: section.id, name: "Salon", color: "purple" },
        status: { status: "occupied", waiter_name: "Test Sahibi", customer_count: 1, open_orders: 1, open_amount: 40 },
      },
    ]);
    expectError(await call(tenant, `/api/enhanced-table-status/${t.id}`, "POST", { status: "empty" }), 409, unpaid("3'te", "₺40,00"));
    const set = await call(tenant, `/api/enhanced-table-status/${t.id}`, "POST", {
      status: "occupied",
      waiter_name: "Ayşe",
      customer_count: 3,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json.status).toMatchObject({ status: "occupied", waiter_name: "Ayşe", customer_count: 3 });
    expectError(await call(tenant, `/api/enhanced-table-status/${t.id}`, "POST", { status: "busy" }), 400, /^Masa durumu şunlardan biri/);
    expectError(
      await call(tenant, `/api/enhanced-table-status/${t.id}`, "POST", { status: "occupied", customer_count: 0 }),
      400,
      "Kişi sayısı en az 1 olmalıdır.",
    );
    expectError(await call(tenant, "/api/enhanced-table-status/999999999", "POST", { status: "reserved" }), 404, MSG.tableNotFound);
  });
});

describe("roles and tenancy", () => {
  it("staff mode: every write is 403 and changes nothing; reads are allowed", async () => {
    const owner = await legacyTenant({ manager: true });
    const section = await newSection(owner);
    const table = await newTable(owner);
    const staff = await legacyTenant({ manager: false });
    const staffOnOwner: Tenant = {
      ...owner,
      token: (await api("/api/public/login", { body: { email: owner.email, password: owner.password } })).json.access_token,
    };
    for (const who of [staff, staffOnOwner]) {
      const writes = [
        call(who, "/api/table-sections", "POST", { name: "X" }),
        call(who, `/api/table-sections/${section.id}`, "PUT", { name: "X" }),
        call(who, `/api/table-sections/${section.id}`, "DELETE"),
        call(who, "/api/table-configurations", "POST", { table_identifier: "X", display_name: "X" }),
        call(who, `/api/table-configurations/${table.id}`, "PUT", { table_identifier: "X", display_name: "X" }),
        call(who, `/api/table-configurations/${table.id}`, "DELETE"),
        call(who, `/api/enhanced-table-status/${table.id}`, "POST", { status: "reserved" }),
        call(who, "/api/migrate-legacy-tables", "POST"),
      ];
      for (const res of await Promise.all(writes)) expectError(res, 403, MESSAGES.managerOnly);
    }
    expect((await call(staffOnOwner, "/api/table-sections")).status).toBe(200);
    expect((await call(staffOnOwner, "/api/enhanced-table-status")).status).toBe(200);
    expect(await sectionCount(owner)).toBe(1);
    expect(await configCount(owner)).toBe(1);
    expect(await configCount(staff)).toBe(0);
    // The page is the manager's too.
    expect((await getPage(staff, PAGE)).status).toBe(403);
    expect((await postForm(staff, PAGE, { intent: "section-create", name: "X" })).status).toBe(403);
    expect(await sectionCount(staff)).toBe(0);
  });

  it("another restaurant's section and table ids: 404 on every endpoint and page intent", async () => {
    const { a: owner, b: other } = await legacyPair();
    const section = await newSection(owner);
    const table = await newTable(owner, { section_id: section.id });
    await expectIdsRefusedToOtherTenant(
      { owner, other },
      [section.id],
      [
        {
          name: "PUT /api/table-sections/{id}",
          send: (id, token) => api(`/api/table-sections/${id}`, { method: "PUT", token, body: { name: `S ${randomUUID()}` } }),
        },
        {
          name: "page section-update",
          send: (id, token) =>
            postForm({ ...owner, token }, PAGE, { intent: "section-update", id, name: `S ${randomUUID()}`, color: "red" }),
        },
        {
          name: "POST /api/table-configurations with section_id",
          send: (id, token) =>
            api("/api/table-configurations", {
              token,
              body: { table_identifier: `Z${randomUUID().slice(0, 8)}`, display_name: "Z", section_id: id },
            }),
        },
      ],
    );
    await expectIdsRefusedToOtherTenant(
      { owner, other },
      [table.id],
      [
        {
          name: "PUT /api/table-configurations/{id}",
          send: (id, token) =>
            api(`/api/table-configurations/${id}`, {
              method: "PUT",
              token,
              body: { table_identifier: `P${randomUUID().slice(0, 8)}`, display_name: "P" },
            }),
        },
        {
          name: "POST /api/enhanced-table-status/{id}",
          send: (id, token) => api(`/api/enhanced-table-status/${id}`, { token, body: { status: "reserved" } }),
        },
        {
          name: "page table-update",
          send: (id, token) =>
            postForm({ ...owner, token }, PAGE, {
              intent: "table-update",
              id,
              table_identifier: `Q${randomUUID().slice(0, 8)}`,
              display_name: "Q",
            }),
        },
        {
          name: "page position",
          send: (id, token) => postForm({ ...owner, token }, PAGE, { intent: "position", id, position_x: 10, position_y: 10 }),
        },
        {
          name: "page positions",
          send: (id, token) =>
            postForm({ ...owner, token }, PAGE, {
              intent: "positions",
              "positions[0].id": id,
              "positions[0].position_x": 5,
              "positions[0].position_y": 5,
            }),
        },
        {
          name: "page table-status",
          send: (id, token) => postForm({ ...owner, token }, PAGE, { intent: "table-status", id, status: "reserved" }),
        },
      ],
    );
    // Deletes last: another restaurant's delete is 404 and leaves the row; the owner's goes through.
    for (const [path, intent, id] of [
      ["/api/table-configurations", "table-delete", table.id],
      ["/api/table-sections", "section-delete", section.id],
    ] as const) {
      expectError(await call(other, `${path}/${id}`, "DELETE"), 404, path.includes("sections") ? MSG.sectionNotFound : MSG.tableNotFound);
      expect((await postForm(other, PAGE, { intent, id })).status).toBe(404);
      expect((await postForm(owner, PAGE, { intent, id })).status).toBe(302);
    }
    // The other restaurant's lists never show them.
    expect((await call(other, "/api/table-sections")).json).toEqual([]);
    expect((await call(other, "/api/enhanced-table-status")).json).toEqual([]);
  });

  it("with the trial over, writes are refused (403) and nothing changes", async () => {
    const tenant = await legacyTenant({ manager: true });
    await expireTrial(tenant);
    expectError(await call(tenant, "/api/table-sections", "POST", { name: "Salon" }), 403, MSG.gate);
    expectError(await call(tenant, "/api/table-configurations", "POST", { table_identifier: "A", display_name: "A" }), 403, MSG.gate);
    expectError(await call(tenant, "/api/migrate-legacy-tables", "POST"), 403, MSG.gate);
    const page = await postForm(tenant, PAGE, { intent: "section-create", name: "Salon" });
    expect(page.status).toBe(403);
    expect(joinedText(page.text)).toContain(MSG.gate);
    expect(await sectionCount(tenant)).toBe(0);
  });
});

describe("page intents (no JavaScript)", () => {
  it("section and table: create, edit, move, delete; the grids show the display name under the section", async () => {
    const tenant = await legacyTenant({ manager: true });
    const page = await getPage(tenant, PAGE);
    expect(page.status).toBe(200);
    expect(joinedText(page.text)).toContain("Masaları Aktar");

    const created = await postForm(tenant, PAGE, { intent: "section-create", name: "Bahçe", color: "green", client_id: key() });
    expect(created.status, created.text).toBe(302);
    const section = await prisma.tableSection.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId } });
    expect(section).toMatchObject({ name: "Bahçe", color: "green" });
    expect(created.location).toBe(`${PAGE}?plan=${section.id}&done=section-created`);

    const table = await postForm(tenant, PAGE, {
      intent: "table-create",
      table_identifier: "B1",
      display_name: "Çınar Altı",
      capacity: "",
      shape: "round",
      size: "large",
      section_id: section.id,
      special_features: "gölge, priz",
      client_id: key(),
    });
    expect(table.status, table.text).toBe(302);
    const config = await prisma.tableConfiguration.findFirstOrThrow({
      where: { restaurantId: tenant.restaurantId },
      include: { table: true },
    });
    expect(config).toMatchObject({
      displayName: "Çınar Altı",
      capacity: 4,
      shape: "round",
      size: "large",
      specialFeatures: ["gölge", "priz"],
    });
    expect(config.table!.number).toBe(21);

    // The staff panel ends manager mode (the tablet is handed over): it goes last, then the manager comes back.
    for (const path of ["/app/admin", "/payments", "/app/staff"]) {
      const html = joinedText((await getPage(tenant, path)).text);
      expect(html, path).toContain("Çınar Altı");
      expect(html, path).toMatch(/<h2 class="table-group__title">.*Bahçe<\/h2>/);
      expect(html, path).toContain("Diğer masalar");
    }
    await enterManagerMode(tenant);

    const moved = await postForm(tenant, PAGE, { intent: "position", id: config.id, position_x: 500, position_y: 750 });
    expect(moved.status).toBe(302);
    // A drag posts with a fetcher (React Router's .data request): answered in place; sending it again changes nothing.
    for (const _ of [1, 2]) {
      const dragged = await postForm(tenant, `${PAGE}.data`, { intent: "position", id: config.id, position_x: 640, position_y: 480 });
      expect(dragged.status).toBe(200);
      expect(await prisma.tableConfiguration.findUniqueOrThrow({ where: { id: config.id } })).toMatchObject({
        positionX: 640,
        positionY: 480,
      });
    }
    const moves = await postForm(tenant, PAGE, {
      intent: "positions",
      "positions[0].id": config.id,
      "positions[0].position_x": 10,
      "positions[0].position_y": 20,
    });
    expect(moves.status).toBe(302);
    expect(await prisma.tableConfiguration.findUniqueOrThrow({ where: { id: config.id } })).toMatchObject({ positionX: 10, positionY: 20 });

    const edit = await postForm(tenant, PAGE, {
      intent: "table-update",
      id: config.id,
      table_identifier: "B1",
      display_name: "Büyük Çınar",
      capacity: 8,
      shape: "rectangle",
      size: "large",
      section_id: "",
      updated_at: config.updatedAt.toISOString(),
    });
    expect(edit.status, edit.text).toBe(302);
    expect(await prisma.tableConfiguration.findUniqueOrThrow({ where: { id: config.id } })).toMatchObject({
      displayName: "Büyük Çınar",
      sectionId: null,
      positionX: 10,
    });
    const stale = await postForm(tenant, PAGE, {
      intent: "table-update",
      id: config.id,
      table_identifier: "B1",
      display_name: "Eski",
      updated_at: config.updatedAt.toISOString(),
    });
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain(MSG.staleTable);

    const sectionEdit = await postForm(tenant, PAGE, {
      intent: "section-update",
      id: section.id,
      name: "Ön Bahçe",
      color: "yellow",
      updated_at: section.updatedAt.toISOString(),
    });
    expect(sectionEdit.status).toBe(302);
    expect((await postForm(tenant, PAGE, { intent: "table-status", id: config.id, status: "reserved" })).status).toBe(302);
    expect((await tableState(tenant, 21)).status).toBe("reserved");

    expect((await postForm(tenant, PAGE, { intent: "table-delete", id: config.id })).status).toBe(302);
    expect((await postForm(tenant, PAGE, { intent: "section-delete", id: section.id })).status).toBe(302);
    expect(await configCount(tenant)).toBe(0);
    expect(await sectionCount(tenant)).toBe(0);
    expect(await liveTables(tenant)).toBe(20);
  });

  it("bad input: 400 with the Turkish message on the page; a double submit with one key creates one row", async () => {
    const tenant = await legacyTenant({ manager: true });
    const bad = await postForm(tenant, PAGE, { intent: "section-create", name: " " });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain(MSG.sectionName);
    const badTable = await postForm(tenant, PAGE, { intent: "table-create", table_identifier: "", display_name: "X", capacity: "99" });
    expect(badTable.status).toBe(400);
    expect(joinedText(badTable.text)).toContain(MSG.identifier);
    expect(joinedText(badTable.text)).toContain(MSG.capacity);
    const badMove = await postForm(tenant, PAGE, { intent: "position", id: 1, position_x: -1, position_y: 5 });
    expect(badMove.status).toBe(400);
    const explode = await postForm(tenant, PAGE, { intent: "explode" });
    expect(explode.status).toBe(400);
    expect(joinedText(explode.text)).toContain("Geçersiz işlem.");
    // A row deleted meanwhile: 404, and the page says so (no dialog is left to show it).
    const gone = await postForm(tenant, PAGE, { intent: "section-update", id: 2_000_000_000, name: "X" });
    expect(gone.status).toBe(404);
    expect(joinedText(gone.text)).toContain(MSG.sectionNotFound);

    const fields = { intent: "table-create", table_identifier: "Çift", display_name: "Çift", client_id: key() };
    const twice = await Promise.all([postForm(tenant, PAGE, fields), postForm(tenant, PAGE, fields)]);
    expect(twice.map((r) => r.status)).toEqual([302, 302]);
    const sectionFields = { intent: "section-create", name: "Çift", client_id: key() };
    const sections = await Promise.all([postForm(tenant, PAGE, sectionFields), postForm(tenant, PAGE, sectionFields)]);
    expect(sections.map((r) => r.status)).toEqual([302, 302]);
    expect(await configCount(tenant)).toBe(1);
    expect(await sectionCount(tenant)).toBe(1);
    expect(await liveTables(tenant)).toBe(21);
  });

  it("migrate-legacy twice creates nothing twice; delete with an unpaid order is 409 on the page", async () => {
    const tenant = await legacyTenant({ manager: true });
    expect((await postForm(tenant, PAGE, { intent: "migrate-legacy" })).status).toBe(302);
    expect((await postForm(tenant, PAGE, { intent: "migrate-legacy" })).status).toBe(302);
    expect(await configCount(tenant)).toBe(20);
    expect(await sectionCount(tenant)).toBe(1);
    await placeOrder(tenant, 4, [["Adana Kebap", 1]]);
    const four = await prisma.tableConfiguration.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, tableIdentifier: "4" } });
    const refused = await postForm(tenant, PAGE, { intent: "table-delete", id: four.id });
    expect(refused.status).toBe(409);
    expect(joinedText(refused.text)).toContain(unpaid("4&#x27;te", "₺380,00"));
    expect(await configCount(tenant)).toBe(20);
    const panel = joinedText((await getPage(tenant, `${PAGE}?table=${four.id}`)).text);
    expect(panel).toContain("₺380,00 (1 sipariş)");
  });

  it("over the plan's limit the page shows the message and a link to change plan", async () => {
    const tenant = await legacyTenant({ manager: true });
    await prisma.restaurant.update({
      where: { id: tenant.restaurantId },
      data: { subscriptionPlan: "basic", subscriptionStatus: "active" },
    });
    const res = await postForm(tenant, PAGE, {
      intent: "table-create",
      table_identifier: "Fazla",
      display_name: "Fazla",
      client_id: key(),
    });
    expect(res.status).toBe(403);
    expect(joinedText(res.text)).toContain(MSG.basicLimit);
    expect(res.text).toContain('href="/app/plans"');
    expect(await configCount(tenant)).toBe(0);
  });
});
