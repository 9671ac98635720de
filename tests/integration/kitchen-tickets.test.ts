// Kitchen tickets (issue 21, decision 079): one ticket per station per send, an edit's additions as
// their own "EK" ticket, voids and comps marked on the lines already sent, exactly once under
// retries and concurrent double submits; bumps by role, version and tenant, with a 10-minute undo.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { clientOrderId, menuOf, postOrder, updateOrder, type MenuEntry } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const tickets = async (t: Tenant, query = "") => {
  const res = await api(`/api/kitchen/tickets${query}`, { token: t.token });
  expect(res.status, res.text).toBe(200);
  return res.json as any[];
};
const bumpTicket = (t: Tenant, id: number | string, body: unknown) => api(`/api/kitchen/tickets/${id}/status`, { token: t.token, body });
const bumpItem = (t: Tenant, id: number | string, body: unknown) => api(`/api/kitchen/ticket-items/${id}/status`, { token: t.token, body });
const lines = (ticket: any) =>
  ticket.items.map((i: any) =>
    [i.name, i.quantity, i.note, i.voided ? "İPTAL" : i.complimentary ? "İKRAM" : ""].filter((v) => v !== null && v !== ""),
  );
const line = (menu: Record<string, MenuEntry>, name: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  menu_item_id: menu[name]!.id,
  quantity,
  ...extra,
});

/** A restaurant in manager mode with an order on table 3: Adana ×2 "acısız", Künefe, Çay ×2 and Ayran. */
async function orderWithTwoStations() {
  const owner = await createTenant({ manager: true });
  const menu = await menuOf(owner);
  const res = await postOrder(owner, {
    table_number: 3,
    client_order_id: clientOrderId(),
    items: [line(menu, "Adana Kebap", 2, { note: " acısız " }), line(menu, "Künefe", 1), line(menu, "Çay", 2), line(menu, "Ayran", 1)],
  });
  expect(res.status, res.text).toBe(201);
  return { owner, menu, order: res.json };
}

describe("sending an order", () => {
  it("makes one ticket per station with only its items, notes kept, and answers the notes in /api/orders", async () => {
    const { owner, order } = await orderWithTwoStations();
    expect(order.items.find((i: any) => i.menu_item_name === "Adana Kebap")).toMatchObject({ note: "acısız", options: [] });
    expect(order.items.find((i: any) => i.menu_item_name === "Çay")).toMatchObject({ note: null });

    const all = await tickets(owner);
    expect(all).toHaveLength(2);
    const [mutfak, bar] = all.sort((a, b) => a.station.id - b.station.id);
    expect(mutfak).toMatchObject({ order_id: order.id, table_number: 3, station: { name: "Mutfak" }, status: "new", kind: "new" });
    expect(lines(mutfak)).toEqual([
      ["Adana Kebap", 2, "acısız"],
      ["Künefe", 1],
    ]);
    expect(bar).toMatchObject({ station: { name: "Bar" }, kind: "new" });
    expect(lines(bar)).toEqual([
      ["Çay", 2],
      ["Ayran", 1],
    ]);
    // The station filter, and the same note on two lines of one item keeps them apart.
    expect((await tickets(owner, `?station=${bar.station.id}`)).map((t) => t.id)).toEqual([bar.id]);
  });

  it("a line note over 140 characters is refused with a Turkish message, and nothing is written", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    const res = await postOrder(owner, { table_number: 1, items: [line(menu, "Çay", 1, { note: "ç".repeat(141) })] });
    expectError(res, 400, "Not en fazla 140 karakter olabilir.");
    expect(await prisma.kitchenTicket.count({ where: { restaurantId: owner.restaurantId } })).toBe(0);
  });

  it("a new table's guest count (customer_count) is kept on the table; out of range is refused", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    expectError(
      await postOrder(owner, { table_number: 4, customer_count: 0, items: [line(menu, "Çay", 1)] }),
      400,
      "Kişi sayısı 1 ile 99 arasında olmalıdır.",
    );
    const res = await postOrder(owner, { table_number: 4, customer_count: 5, items: [line(menu, "Çay", 1)] });
    expect(res.status, res.text).toBe(201);
    const table = ((await api("/api/tables", { token: owner.token })).json as any[]).find((t) => t.number === 4);
    expect(table).toMatchObject({ status: "occupied", customer_count: 5 });
  });

  it("a double submit and a replay of one client order id make one set of tickets", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    const body = { table_number: 2, client_order_id: clientOrderId(), items: [line(menu, "Adana Kebap", 1), line(menu, "Kola", 1)] };
    const answers = await Promise.all([postOrder(owner, body), postOrder(owner, body), postOrder(owner, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(await postOrder(owner, body).then((r) => r.status)).toBe(200);
    expect(await prisma.kitchenTicket.count({ where: { restaurantId: owner.restaurantId } })).toBe(2);
    expect(await prisma.kitchenTicketItem.count({ where: { restaurantId: owner.restaurantId } })).toBe(2);
  });
});

describe("editing a sent order", () => {
  it("an addition goes out as its own EK ticket at its station only, once per edit key", async () => {
    const { owner, menu, order } = await orderWithTwoStations();
    const edit = {
      order_id: order.id,
      edit_key: clientOrderId(),
      items: [
        line(menu, "Adana Kebap", 2, { note: "acısız" }),
        line(menu, "Künefe", 1),
        line(menu, "Çay", 2),
        line(menu, "Ayran", 1),
        line(menu, "Sütlaç", 1),
      ],
    };
    const answers = await Promise.all([updateOrder(owner, 3, edit), updateOrder(owner, 3, edit)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await updateOrder(owner, 3, edit)).status).toBe(200);
    const all = await tickets(owner);
    expect(all).toHaveLength(3);
    const ek = all.find((t) => t.kind === "addition");
    expect(ek.station.name).toBe("Mutfak");
    expect(lines(ek)).toEqual([["Sütlaç", 1]]);
  });

  it("taking a unit away marks it İPTAL on its ticket with an alert; a unit made free is marked İKRAM", async () => {
    const { owner, menu, order } = await orderWithTwoStations();
    const res = await updateOrder(owner, 3, {
      order_id: order.id,
      reason: "customer_changed_mind",
      items: [
        line(menu, "Adana Kebap", 1, { note: "acısız" }),
        line(menu, "Künefe", 1),
        line(menu, "Çay", 1),
        line(menu, "Çay", 1, { complimentary: true }),
      ],
    });
    expect(res.status, res.text).toBe(200);
    const [mutfak, bar] = (await tickets(owner)).sort((a, b) => a.station.id - b.station.id);
    expect(lines(mutfak)).toEqual([
      ["Adana Kebap", 1, "acısız"],
      ["Künefe", 1],
      ["Adana Kebap", 1, "acısız", "İPTAL"],
    ]);
    expect(mutfak.alert_at).not.toBeNull();
    expect(lines(bar)).toEqual([
      ["Çay", 1],
      ["Ayran", 1, "İPTAL"],
      ["Çay", 1, "İKRAM"],
    ]);
    expect(bar.alert_at).not.toBeNull();
    // Nothing new was sent: the change only marked lines.
    expect((await tickets(owner)).filter((t) => t.kind === "addition")).toHaveLength(0);
  });
});

describe("bumps", () => {
  it("the kitchen bumps a ticket and a line; a stale version is refused, a retry answered; the alert clears", async () => {
    const { owner, order } = await orderWithTwoStations();
    const cook = await createStaffMember(owner, { role: "kitchen" });
    const [mutfak] = (await tickets(cook)).sort((a, b) => a.station.id - b.station.id);
    expect(mutfak.order_id).toBe(order.id);

    const started = await bumpTicket(cook, mutfak.id, { status: "preparing", version: mutfak.version });
    expect(started.status, started.text).toBe(200);
    expect(started.json.status).toBe("preparing");
    expect(started.json.items.every((i: any) => i.status === "preparing")).toBe(true);
    // The same bump again with the version it was based on: answered, not applied twice.
    const retry = await bumpTicket(cook, mutfak.id, { status: "preparing", version: mutfak.version });
    expect(retry.status).toBe(200);
    expect(retry.json.version).toBe(started.json.version);
    // Another bump based on the old version: 409.
    expectError(
      await bumpTicket(cook, mutfak.id, { status: "ready", version: mutfak.version }),
      409,
      "Bu fiş başka bir ekrandan değiştirildi; güncel hâli gösteriliyor.",
    );

    const adana = started.json.items[0];
    const ready = await bumpItem(cook, adana.id, { status: "ready", version: adana.version });
    expect(ready.status, ready.text).toBe(200);
    expect(ready.json.status).toBe("preparing");
    expect(ready.json.items[0].status).toBe("ready");
    const done = await bumpTicket(cook, mutfak.id, { status: "ready" });
    expect(done.json.status).toBe("ready");
    expect((await tickets(cook, "?status=ready")).map((t) => t.id)).toContain(mutfak.id);
  });

  it("two screens bumping one ticket at once: it moves once, one event; the others are answered or refused, never applied twice", async () => {
    const { owner } = await orderWithTwoStations();
    const cook = await createStaffMember(owner, { role: "kitchen" });
    const [ticket] = (await tickets(cook)).sort((a, b) => a.station.id - b.station.id);
    const eventsBefore = await prisma.liveEvent.count({ where: { restaurantId: owner.restaurantId, type: "ticket.updated" } });
    const same = { status: "preparing", version: ticket.version };
    const answers = await Promise.all([
      bumpTicket(cook, ticket.id, same),
      bumpTicket(owner, ticket.id, same),
      bumpTicket(cook, ticket.id, same),
      bumpTicket(cook, ticket.id, { status: "ready", version: ticket.version }),
    ]);
    const applied = answers.filter((a) => a.status === 200);
    for (const a of answers) expect([200, 409], a.text).toContain(a.status);
    const stored = await prisma.kitchenTicket.findUniqueOrThrow({ where: { id: ticket.id }, include: { items: true } });
    // One of the two targets won; every line and the ticket agree with it, and the version moved once.
    expect(stored.version).toBe(ticket.version + 1);
    expect(stored.items.every((i) => i.status === stored.status)).toBe(true);
    for (const a of applied) expect(a.json.version).toBe(stored.version);
    expect(await prisma.liveEvent.count({ where: { restaurantId: owner.restaurantId, type: "ticket.updated" } })).toBe(eventsBefore + 1);
  });

  it("an undo is accepted for 10 minutes after the bump, then refused", async () => {
    const { owner } = await orderWithTwoStations();
    const [ticket] = await tickets(owner);
    await bumpTicket(owner, ticket.id, { status: "ready" });
    const back = await bumpTicket(owner, ticket.id, { status: "preparing" });
    expect(back.status, back.text).toBe(200);
    expect(back.json.status).toBe("preparing");
    await bumpTicket(owner, ticket.id, { status: "ready" });
    await prisma.kitchenTicketItem.updateMany({
      where: { ticketId: ticket.id },
      data: { statusChangedAt: new Date(Date.now() - 11 * 60_000) },
    });
    expectError(await bumpTicket(owner, ticket.id, { status: "new" }), 409, "Geri alma süresi (10 dakika) doldu.");
    const item = back.json.items[0];
    expectError(await bumpItem(owner, item.id, { status: "preparing" }), 409, "Geri alma süresi (10 dakika) doldu.");
  });

  it("a waiter marks a ready line served and nothing else; the kitchen's list and bumps are closed to waiters", async () => {
    const { owner } = await orderWithTwoStations();
    const waiter = await createStaffMember(owner, { role: "waiter" });
    const [ticket] = await tickets(owner);
    const item = ticket.items[0];
    expect((await api("/api/kitchen/tickets", { token: waiter.token })).status).toBe(403);
    expect((await bumpTicket(waiter, ticket.id, { status: "ready" })).status).toBe(403);
    expectError(
      await bumpItem(waiter, item.id, { status: "preparing" }),
      403,
      "Garson yalnızca hazır satırları servis edildi olarak işaretleyebilir.",
    );
    expect((await bumpItem(waiter, item.id, { status: "served" })).status).toBe(403);
    const readyTable = async () => ((await api("/api/tables", { token: waiter.token })).json as any[]).find((t) => t.number === 3);
    expect(await readyTable()).not.toHaveProperty("ready");
    await bumpItem(owner, item.id, { status: "ready" });
    // The waiter's tile says "Hazır" while a line is ready and not served.
    expect(await readyTable()).toMatchObject({ ready: true });
    const served = await bumpItem(waiter, item.id, { status: "served" });
    expect(served.status, served.text).toBe(200);
    expect(served.json.items[0].status).toBe("served");
    expect(await readyTable()).not.toHaveProperty("ready");
  });

  it("a station with tickets still being prepared cannot be deleted; once served it can, its tickets with it", async () => {
    const { owner } = await orderWithTwoStations();
    const bar = (await tickets(owner)).find((t) => t.station.name === "Bar");
    const stationId = bar.station.id;
    const other = (await api("/api/stations", { token: owner.token })).json.find((s: any) => s.id !== stationId);
    expectError(
      await api(`/api/stations/${stationId}?move_to=${other.id}`, { method: "DELETE", token: owner.token }),
      409,
      "“Bar” istasyonunda hazırlanmakta olan 1 fiş var. Fişler servis edildikten sonra silin.",
    );
    await bumpTicket(owner, bar.id, { status: "served" });
    const gone = await api(`/api/stations/${stationId}?move_to=${other.id}`, { method: "DELETE", token: owner.token });
    expect(gone.status, gone.text).toBe(200);
    expect(await prisma.kitchenTicket.count({ where: { id: bar.id } })).toBe(0);
  });

  it("the waiter's staff panel lists their ready lines and marks one served with a plain form; another restaurant's line is 404", async () => {
    const owner = await createTenant({ manager: true });
    const waiter = await createStaffMember(owner, { role: "waiter" });
    const menu = await menuOf(owner);
    const sent = await postOrder(waiter, { table_number: 6, items: [line(menu, "Künefe", 1, { note: "bol fıstık" })] });
    expect(sent.status, sent.text).toBe(201);
    const [ticket] = await tickets(owner);
    expect(joinedText((await getPage(waiter, "/app/staff")).text)).not.toContain("Servis edildi");
    await bumpItem(owner, ticket.items[0].id, { status: "ready" });
    const panel = joinedText((await getPage(waiter, "/app/staff")).text);
    expect(panel).toContain("Masa 6 · 1 × Künefe (bol fıstık)");
    // The same list for the screen's re-reads: the waiter's own lines only.
    expect((await api("/api/kitchen/ready", { token: waiter.token })).json).toMatchObject([
      { name: "Künefe", note: "bol fıstık", table_number: 6 },
    ]);
    expect((await api("/api/kitchen/ready", { token: owner.token })).json).toEqual([]);
    // The owner sent nothing: their panel has no ready list.
    expect(joinedText((await getPage(owner, "/app/staff")).text)).not.toContain("Künefe (bol fıstık)");

    const other = await createTenant({ manager: true });
    expect((await postForm(other, "/app/staff", { intent: "served", id: ticket.items[0].id })).status).toBe(404);
    const served = await postForm(waiter, "/app/staff", { intent: "served", id: ticket.items[0].id });
    expect(served.status).toBe(302);
    expect((await prisma.kitchenTicketItem.findUniqueOrThrow({ where: { id: ticket.items[0].id } })).status).toBe("served");
    expect(joinedText((await getPage(waiter, "/app/staff")).text)).not.toContain("Künefe (bol fıstık)");
  });

  it("bad input gets 400; another restaurant's ticket, line and station are 404 or find nothing", async () => {
    const { owner } = await orderWithTwoStations();
    const other = await createTenant({ manager: true });
    const [ticket] = await tickets(owner);
    expectError(
      await bumpTicket(owner, ticket.id, { status: "pişti" }),
      400,
      "Durum şunlardan biri olmalıdır: new, preparing, ready, served.",
    );
    expect((await api("/api/kitchen/tickets?status=nope", { token: owner.token })).status).toBe(400);
    expectError(await bumpTicket(other, ticket.id, { status: "ready" }), 404, "Fiş bulunamadı.");
    expectError(await bumpItem(other, ticket.items[0].id, { status: "ready" }), 404, "Fiş satırı bulunamadı.");
    expect(await tickets(other, `?station=${ticket.station.id}`)).toEqual([]);
    expect(await tickets(other)).toEqual([]);
  });
});

describe("the kitchen screen without JavaScript", () => {
  it("shows the tickets by station, bumps a ticket and a line with plain forms, and refuses another restaurant's or a stale one", async () => {
    const { owner } = await orderWithTwoStations();
    const cook = await createStaffMember(owner, { role: "kitchen" });
    const [mutfak, bar] = (await tickets(owner)).sort((a, b) => a.station.id - b.station.id);
    const page = await getPage(cook, "/app/kitchen");
    expect(page.status).toBe(200);
    const text = joinedText(page.text);
    expect(text).toContain("acısız");
    expect(text).toContain("Ayran");
    expect(page.text).toContain('http-equiv="refresh"');
    const barOnly = joinedText((await getPage(cook, `/app/kitchen?station=${bar.station.id}`)).text);
    expect(barOnly).toContain("Ayran");
    expect(barOnly).not.toContain("Adana Kebap");

    const bumped = await postForm(cook, `/app/kitchen?station=${mutfak.station.id}`, {
      intent: "ticket",
      id: mutfak.id,
      version: mutfak.version,
      status: "preparing",
    });
    expect(bumped.status).toBe(302);
    expect(bumped.headers?.get("location")).toBe(`/app/kitchen?station=${mutfak.station.id}`);
    const line = mutfak.items[0];
    const lineBump = await postForm(cook, "/app/kitchen", { intent: "item", id: line.id, version: line.version + 1, status: "ready" });
    expect(lineBump.status).toBe(302);
    // The screen it posted from is stale: refused on the page with the message.
    const stale = await postForm(cook, "/app/kitchen", { intent: "ticket", id: mutfak.id, version: mutfak.version, status: "ready" });
    expect(stale.status).toBe(409);
    expect(joinedText(stale.text)).toContain("Bu fiş başka bir ekrandan değiştirildi");

    const other = await createTenant({ manager: true });
    const theirs = await postForm(other, "/app/kitchen", { intent: "ticket", id: bar.id, status: "ready" });
    expect(theirs.status).toBe(404);
    expect(joinedText(theirs.text)).toContain("Fiş bulunamadı.");
    const theirLine = await postForm(other, "/app/kitchen", { intent: "item", id: bar.items[0].id, status: "ready" });
    expect(theirLine.status).toBe(404);
    expect((await getPage(other, `/app/kitchen/tickets/${bar.id}/print`)).status).toBe(404);
    expect((await tickets(owner, "?status=new")).map((t) => t.id)).toEqual([bar.id]);

    // The age colours follow the restaurant's settings.
    expect(
      (
        await api("/api/restaurant/settings", {
          method: "PUT",
          token: owner.token,
          body: { kitchen_amber_minutes: 1, kitchen_red_minutes: 2 },
        })
      ).status,
    ).toBe(200);
    await prisma.kitchenTicket.update({ where: { id: bar.id }, data: { createdAt: new Date(Date.now() - 90_000) } });
    await prisma.kitchenTicket.update({ where: { id: mutfak.id }, data: { createdAt: new Date(Date.now() - 150_000) } });
    const aged = (await getPage(cook, "/app/kitchen")).text;
    expect(aged).toMatch(new RegExp(`class="ticket is-amber[^"]*" aria-labelledby="ticket-${bar.id}"`));
    expect(aged).toMatch(new RegExp(`class="ticket is-red[^"]*" aria-labelledby="ticket-${mutfak.id}"`));

    const print = await getPage(cook, `/app/kitchen/tickets/${mutfak.id}/print`);
    expect(print.status).toBe(200);
    expect(joinedText(print.text)).toContain("Not: acısız");
  });
});
