// GET /api/tables and POST /api/tables/{n}/status.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createHash } from "node:crypto";
import { api, baseUrl } from "../setup/api";
import { expectError, expectFieldError, MESSAGES } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { createStaffMember } from "../setup/staff";
import { EMPTY_TABLE, MSG, placeOrder, setStatus, tableState } from "../setup/floor";

const BAD_STATUS = "Masa durumu şunlardan biri olmalıdır: empty, occupied, reserved, cleaning, out_of_order.";

describe("GET /api/tables", () => {
  it("a new restaurant: tables 1..20, all empty, sorted by number, with their ids", async () => {
    const tenant = await createTenant();
    const res = await api("/api/tables", { token: tenant.token });
    expect(res.status, res.text).toBe(200);
    const rows = await prisma.restaurantTable.findMany({ where: { restaurantId: tenant.restaurantId } });
    const idOf = new Map(rows.map((r) => [r.number, r.id]));
    // From signup they sit in "Ana Salon" under their display names (no legacy migration for a new account).
    const section = { id: expect.any(Number), name: "Ana Salon", color: "blue", sort_order: 0 };
    expect(res.json).toEqual(
      Array.from({ length: 20 }, (_, i) => ({
        id: idOf.get(i + 1),
        number: i + 1,
        ...EMPTY_TABLE,
        display_name: `Masa ${i + 1}`,
        section,
      })),
    );
  });

  it("shows each table's status, waiter and guest count as stored", async () => {
    const tenant = await createTenant();
    await prisma.restaurantTable.update({
      where: { restaurantId_number: { restaurantId: tenant.restaurantId, number: 12 } },
      data: { status: "occupied", waiterName: "Ayşe Kaya", customerCount: 3 },
    });
    await prisma.restaurantTable.update({
      where: { restaurantId_number: { restaurantId: tenant.restaurantId, number: 2 } },
      data: { status: "cleaning" },
    });
    const res = await api("/api/tables", { token: tenant.token });
    expect(res.json.map((t: any) => t.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(res.json[11]).toMatchObject({ number: 12, status: "occupied", waiter_name: "Ayşe Kaya", customer_count: 3 });
    expect(res.json[1]).toMatchObject({ number: 2, status: "cleaning", waiter_name: null, customer_count: 0 });
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/tables"), 401, MESSAGES.unauthorized);
  });

  it("POST: 405", async () => {
    const tenant = await createTenant();
    const res = await api("/api/tables", { token: tenant.token, body: { number: 21 } });
    expectError(res, 405, MESSAGES.methodNotAllowed);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await prisma.restaurantTable.count({ where: { restaurantId: tenant.restaurantId } })).toBe(20);
  });
});

describe("POST /api/tables/{n}/status", () => {
  it("staff mode: 403 and the table does not change", async () => {
    const tenant = await createTenant();
    expectError(await setStatus(tenant, 3, { status: "reserved" }), 403, MESSAGES.managerOnly);
    expect(await tableState(tenant, 3)).toEqual(EMPTY_TABLE);
  });

  it("occupied with waiter_name and customer_count in the query (as the spec's client sends them)", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await setStatus(tenant, 4, { status: "occupied", waiter_name: "Ayşe Kaya", customer_count: 4 });
    expect(res.status, res.text).toBe(200);
    const row = await prisma.restaurantTable.findUniqueOrThrow({
      where: { restaurantId_number: { restaurantId: tenant.restaurantId, number: 4 } },
    });
    expect(res.json).toEqual({
      id: row.id,
      number: 4,
      status: "occupied",
      waiter_name: "Ayşe Kaya",
      customer_count: 4,
      display_name: "Masa 4",
      section: expect.objectContaining({ name: "Ana Salon" }),
    });
    expect(await tableState(tenant, 4)).toEqual({ status: "occupied", waiter_name: "Ayşe Kaya", customer_count: 4 });
    const list = await api("/api/tables", { token: tenant.token });
    expect(list.json[3]).toEqual(res.json);
  });

  it("occupied without customer_count: one guest", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await setStatus(tenant, 6, { status: "occupied", waiter_name: "Mehmet" });
    expect(res.status, res.text).toBe(200);
    expect(await tableState(tenant, 6)).toEqual({ status: "occupied", waiter_name: "Mehmet", customer_count: 1 });
  });

  it("with a JSON body instead of the query", async () => {
    const tenant = await createTenant({ manager: true });
    const res = await api("/api/tables/8/status", {
      token: tenant.token,
      body: { status: "occupied", waiter_name: "Zeynep", customer_count: 7 },
    });
    expect(res.status, res.text).toBe(200);
    expect(await tableState(tenant, 8)).toEqual({ status: "occupied", waiter_name: "Zeynep", customer_count: 7 });
  });

  it("empty: the guest count goes to 0 and the waiter is cleared", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await setStatus(tenant, 5, { status: "occupied", waiter_name: "Ayşe", customer_count: 3 })).status).toBe(200);
    const res = await setStatus(tenant, 5, { status: "empty" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ number: 5, ...EMPTY_TABLE });
    expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
  });

  it("empty as the spec's menu sends it (blank waiter, customer_count 0): 200", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await setStatus(tenant, 5, { status: "occupied", waiter_name: "Ayşe", customer_count: 3 })).status).toBe(200);
    const res = await setStatus(tenant, 5, { status: "empty", waiter_name: "", customer_count: 0 });
    expect(res.status, res.text).toBe(200);
    expect(await tableState(tenant, 5)).toEqual(EMPTY_TABLE);
  });

  it.each(["reserved", "cleaning", "out_of_order"])("%s: the waiter and guest count are cleared", async (status) => {
    const tenant = await createTenant({ manager: true });
    expect((await setStatus(tenant, 9, { status: "occupied", waiter_name: "Ayşe", customer_count: 5 })).status).toBe(200);
    // Even when the client sends a waiter and a count along.
    const res = await setStatus(tenant, 9, { status, waiter_name: "Ayşe", customer_count: 5 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ number: 9, status, waiter_name: null, customer_count: 0 });
    expect(await tableState(tenant, 9)).toEqual({ status, waiter_name: null, customer_count: 0 });
  });

  it("only the named table changes", async () => {
    const tenant = await createTenant({ manager: true });
    expect((await setStatus(tenant, 10, { status: "reserved" })).status).toBe(200);
    const tables = await prisma.restaurantTable.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: { number: "asc" } });
    expect(tables.filter((t) => t.status !== "empty").map((t) => t.number)).toEqual([10]);
  });

  describe("refusals leave the table as it was", () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await createTenant({ manager: true });
    });

    it.each([
      ["an unknown status", { status: "dirty" }, "status", BAD_STATUS],
      ["no status", { waiter_name: "Ayşe" }, "status", "Masa durumu zorunludur."],
      [
        "customer_count 0 for an occupied table",
        { status: "occupied", customer_count: 0 },
        "customer_count",
        "Kişi sayısı en az 1 olmalıdır.",
      ],
      ["customer_count -1", { status: "empty", customer_count: -1 }, "customer_count", "Kişi sayısı en az 1 olmalıdır."],
      ["customer_count 51", { status: "occupied", customer_count: 51 }, "customer_count", "Kişi sayısı en fazla 50 olabilir."],
      ["customer_count 'x'", { status: "occupied", customer_count: "x" }, "customer_count", "Kişi sayısı bir sayı olmalıdır."],
      ["customer_count 2.5", { status: "occupied", customer_count: 2.5 }, "customer_count", "Kişi sayısı tam sayı olmalıdır."],
    ])("%s: 400", async (_name, query, field, detail) => {
      expectFieldError(await setStatus(tenant, 2, query as Record<string, string | number>), field, detail);
      expect(await tableState(tenant, 2)).toEqual(EMPTY_TABLE);
    });

    it("customer_count 51 in a JSON body: 400", async () => {
      const res = await api("/api/tables/2/status", { token: tenant.token, body: { status: "occupied", customer_count: 51 } });
      expectFieldError(res, "customer_count", "Kişi sayısı en fazla 50 olabilir.");
      expect(await tableState(tenant, 2)).toEqual(EMPTY_TABLE);
    });

    it("table 999: 404", async () => {
      expectError(await setStatus(tenant, 999, { status: "reserved" }), 404, MSG.tableNotFound(999));
    });

    it("table 'abc': 400", async () => {
      expectError(await setStatus(tenant, "abc", { status: "reserved" }), 400, MSG.tableNotNumber);
    });

    it("table 0: 400", async () => {
      expectError(await setStatus(tenant, 0, { status: "reserved" }), 400, "Masa numarası en az 1 olmalıdır.");
    });

    it("malformed JSON: 400", async () => {
      const res = await api("/api/tables/2/status", {
        token: tenant.token,
        body: "{status:",
        headers: { "content-type": "application/json" },
      });
      expectError(res, 400, MESSAGES.malformedJson);
      expect(await tableState(tenant, 2)).toEqual(EMPTY_TABLE);
    });

    it("GET: 405", async () => {
      expectError(await api("/api/tables/2/status?status=reserved", { token: tenant.token }), 405, MESSAGES.methodNotAllowed);
      expect(await tableState(tenant, 2)).toEqual(EMPTY_TABLE);
    });
  });

  it("without a token: 401", async () => {
    expectError(await api("/api/tables/1/status?status=empty", { method: "POST" }), 401, MESSAGES.unauthorized);
  });
});

describe("GET /api/tables: the fast path and the React Router route agree", () => {
  // server.mjs answers exactly "GET /api/tables" before React Router (decision
  // 009); with any query string the request goes through the resource route.
  it("the same tables for the same session", async () => {
    const tenant = await createTenant();
    const fast = await api("/api/tables", { token: tenant.token });
    const routed = await api("/api/tables?via=router", { token: tenant.token });
    expect(fast.status).toBe(200);
    expect(routed.status).toBe(200);
    expect(fast.json).toEqual(routed.json);
    expect(fast.json).toHaveLength(20);
    expect(fast.headers.get("content-type")).toMatch(/^application\/json/);
    expect(fast.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each([
    ["no token", undefined, 401, "Oturum açmanız gerekiyor."],
    ["an unknown token", "bilinmeyen-token-0123456789abcdefghijklmnopqrstuv", 401, "Oturum Süresi Doldu, Lütfen tekrar giriş yapın"],
  ])("the same refusal with %s", async (_name, token, status, detail) => {
    for (const path of ["/api/tables", "/api/tables?via=router"]) {
      const res = await api(path, { token });
      expect({ path, status: res.status, detail: res.json?.detail }).toEqual({ path, status, detail });
    }
  });

  it("an expired session is refused on the fast path too", async () => {
    const tenant = await createTenant();
    await prisma.session.updateMany({
      where: { tokenHash: createHash("sha256").update(tenant.token).digest("hex") },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await api("/api/tables", { token: tenant.token });
    expect({ status: res.status, detail: res.json?.detail }).toEqual({
      status: 401,
      detail: "Oturum Süresi Doldu, Lütfen tekrar giriş yapın",
    });
  });

  it("a deactivated user's session is refused on the fast path", async () => {
    const tenant = await createTenant();
    await prisma.user.update({ where: { id: tenant.userId }, data: { isActive: false } });
    const res = await api("/api/tables", { token: tenant.token });
    expect(res.status).toBe(401);
  });

  it("gzips for clients that accept it", async () => {
    const tenant = await createTenant();
    const res = await fetch(`${baseUrl()}/api/tables`, {
      headers: { authorization: `Bearer ${tenant.token}`, "accept-encoding": "gzip" },
    });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect((await res.json()) as unknown[]).toHaveLength(20);
  });
});

describe("GET /api/tables: conditional polls (decision 091)", () => {
  const poll = (tenant: Tenant, tag?: string, path = "/api/tables") =>
    api(path, { token: tenant.token, headers: tag ? { "if-none-match": tag } : {} });
  /**
   * The floor's tag also moves on every minute, at a second of it of each restaurant's own
   * (app/modules/tables/floor-tag.ts): polls that must see the same tag wait, when less than
   * `marginMs` is left before the restaurant's next move, until it has passed (on a loaded CI box a
   * 200 instead of a 304 once came from nothing but that). Server and tests share this clock.
   */
  const clearOfMinute = async (tenant: Tenant, marginMs = 5_000) => {
    const left = 60_000 - ((Date.now() + (tenant.restaurantId % 60) * 1_000) % 60_000);
    if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
  };

  it("answers 304 without a body while nothing changed, on the fast path and through the router", async () => {
    const tenant = await createTenant();
    await clearOfMinute(tenant, 15_000);
    const first = await poll(tenant);
    const tag = first.headers.get("etag")!;
    expect(tag).toMatch(/^W\/".+"$/);
    for (const path of ["/api/tables", "/api/tables?via=router"]) {
      const again = await poll(tenant, tag, path);
      expect({ path, status: again.status, body: again.text }).toEqual({ path, status: 304, body: "" });
      expect(again.headers.get("etag")).toBe(tag);
      expect(again.headers.get("cache-control")).toBe("no-store");
    }
    // A tag among others (a browser may send a list).
    expect((await poll(tenant, `W/"x", ${tag}`)).status).toBe(304);
    // Any other tag: the whole floor.
    const other = await poll(tenant, 'W/"t1.0.0.0.0"');
    expect(other.status).toBe(200);
    expect(other.json).toHaveLength(20);
  });

  it("an order, a status change and a section's new name each give a new answer with a new tag", async () => {
    const tenant = await createTenant({ manager: true });
    let tag = (await poll(tenant)).headers.get("etag")!;
    const changed = async () => {
      await clearOfMinute(tenant);
      const res = await poll(tenant, tag);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get("etag")).not.toBe(tag);
      tag = res.headers.get("etag")!;
      expect((await poll(tenant, tag)).status).toBe(304);
      return res.json as any[];
    };
    await placeOrder(tenant, 4, [["Çay", 2]]);
    expect((await changed())[3]).toMatchObject({ number: 4, status: "occupied" });
    expect((await setStatus(tenant, 9, { status: "cleaning" })).status).toBe(200);
    expect((await changed())[8]).toMatchObject({ number: 9, status: "cleaning" });
    const section = (await prisma.tableSection.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId } })).id;
    const renamed = await api(`/api/table-sections/${section}`, {
      token: tenant.token,
      method: "PUT",
      body: { name: "Teras", color: "green" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await changed())[0].section).toMatchObject({ name: "Teras", color: "green" });
  });

  it("checks the session first: an expired session's tag gets 401, another restaurant's tag gets its own floor", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const tag = (await poll(tenant)).headers.get("etag")!;
    const theirs = await poll(other, tag);
    expect(theirs.status).toBe(200);
    expect(theirs.json.map((t: any) => t.id)).not.toContain((await poll(tenant)).json[0].id);
    await prisma.session.updateMany({
      where: { tokenHash: createHash("sha256").update(tenant.token).digest("hex") },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await poll(tenant, tag)).status).toBe(401);
  });
});

describe("GET /api/tables: a restaurant's phones share its floor's answer", () => {
  it("every phone gets the floor as it is after a change, whoever read it first, and only its own restaurant's", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner, { role: "waiter" });
    const other = await createTenant();
    const read = async (tenant: Tenant) => {
      const res = await api("/api/tables", { token: tenant.token });
      expect(res.status, res.text).toBe(200);
      return { tag: res.headers.get("etag"), tables: res.json as any[] };
    };
    const first = await read(owner);
    expect(await read(waiter)).toEqual(first);
    await placeOrder(waiter, 6, [["Çay", 1]]);
    const after = await read(waiter);
    expect(after.tag).not.toBe(first.tag);
    expect(after.tables[5]).toMatchObject({ number: 6, status: "occupied" });
    expect(await read(owner)).toEqual(after);
    // Another restaurant's phone: its own floor (its tables' ids), never the one just read.
    const theirs = await read(other);
    expect(theirs.tables.map((t) => t.id)).not.toEqual(after.tables.map((t) => t.id));
    expect(theirs.tables[5]).toMatchObject({ number: 6, status: "empty" });
  });
});
