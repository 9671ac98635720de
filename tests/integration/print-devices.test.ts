// Print devices (issue 21, decision 080): a manager makes one for a station and sees its token
// once (only its SHA-256 is stored); the token opens the print agent's endpoints and nothing else;
// the agent's unprinted list, acknowledgement (once per device and ticket) and station stream.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PRINT_DEVICE_NOT_FOUND, PRINT_TICKET_NOT_FOUND, PRINT_TOKEN_INVALID } from "~/modules/kitchen/print-devices";
import { prisma } from "~/utils/db.server";
import { api, baseUrl } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { clientOrderId, menuOf, postOrder } from "../setup/floor";
import { createStaffMember, setMode } from "../setup/staff";

const JSON_TYPE = { "content-type": "application/json" };

async function stationsOf(t: Tenant): Promise<{ mutfak: number; bar: number }> {
  const res = await api("/api/stations", { token: t.token });
  expect(res.status, res.text).toBe(200);
  const byName = Object.fromEntries(res.json.map((s: any) => [s.name, s.id]));
  return { mutfak: byName.Mutfak, bar: byName.Bar };
}

const createDevice = (t: Tenant, body: unknown) => api("/api/print-devices", { token: t.token, body, headers: JSON_TYPE });

/** A restaurant that prints ("Siparişleri otomatik yazdır" on) with a device at Mutfak. */
async function printingRestaurant() {
  const owner = await createTenant({ manager: true });
  const put = await api("/api/restaurant/settings", {
    token: owner.token,
    method: "PUT",
    body: { auto_print_orders: true },
    headers: JSON_TYPE,
  });
  expect(put.status, put.text).toBe(200);
  const stations = await stationsOf(owner);
  const res = await createDevice(owner, { name: "Mutfak yazıcısı", station_id: stations.mutfak });
  expect(res.status, res.text).toBe(201);
  return { owner, stations, device: res.json, token: res.json.token as string };
}

async function placeTwoStationOrder(owner: Tenant, table = 3) {
  const menu = await menuOf(owner);
  const res = await postOrder(owner, {
    table_number: table,
    client_order_id: clientOrderId(),
    items: [
      { menu_item_id: menu["İskender"]!.id, quantity: 1, note: "acısız" },
      { menu_item_id: menu["Çay"]!.id, quantity: 2 },
    ],
  });
  expect(res.status, res.text).toBe(201);
  const tickets = await prisma.kitchenTicket.findMany({ where: { orderId: res.json.id }, include: { station: true } });
  return {
    order: res.json,
    mutfakTicket: tickets.find((t) => t.station.name === "Mutfak")!.id,
    barTicket: tickets.find((t) => t.station.name === "Bar")!.id,
  };
}

const asDevice = (token: string, path: string, init: { method?: string; body?: unknown } = {}) => api(path, { token, ...init });

describe("making print devices (manager mode)", () => {
  it("answers the token once, stores only its SHA-256, and lists devices without it", async () => {
    const owner = await createTenant({ manager: true });
    const { mutfak } = await stationsOf(owner);
    const key = clientOrderId();
    const res = await createDevice(owner, { name: " Mutfak yazıcısı ", station_id: mutfak, client_id: key });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json).toMatchObject({ name: "Mutfak yazıcısı", station: { id: mutfak, name: "Mutfak" }, last_seen_at: null });
    const token: string = res.json.token;
    expect(token).toMatch(/^spd_[A-Za-z0-9_-]{43}$/);

    const row = await prisma.printDevice.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));

    // A replay of the key: the same device, no token (it is not kept anywhere).
    const replay = await createDevice(owner, { name: "Mutfak yazıcısı", station_id: mutfak, client_id: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replay")).toBe("true");
    expect(replay.json).toMatchObject({ id: res.json.id, token: null });
    expect(await prisma.printDevice.count({ where: { restaurantId: owner.restaurantId } })).toBe(1);

    const list = await api("/api/print-devices", { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([expect.objectContaining({ id: res.json.id, station: { id: mutfak, name: "Mutfak" } })]);
    expect(list.text).not.toContain(token);
    expect(list.json[0]).not.toHaveProperty("token");
  });

  it("refuses a missing name and another restaurant's station", async () => {
    const owner = await createTenant({ manager: true });
    const other = await createTenant({ manager: true });
    const { mutfak } = await stationsOf(owner);
    expect((await createDevice(owner, { station_id: mutfak })).status).toBe(400);
    const foreign = await createDevice(owner, { name: "Yazıcı", station_id: (await stationsOf(other)).mutfak });
    expectError(foreign, 400, "İstasyon bu restorana ait değil ya da silinmiş.");
    expect(await prisma.printDevice.count({ where: { restaurantId: owner.restaurantId } })).toBe(0);
  });

  it("another restaurant's device is 404 to delete and absent from the list; a deleted device's token stops working", async () => {
    const { owner, device, token } = await printingRestaurant();
    const other = await createTenant({ manager: true });
    expectError(await api(`/api/print-devices/${device.id}`, { token: other.token, method: "DELETE" }), 404, PRINT_DEVICE_NOT_FOUND);
    expect((await api("/api/print-devices", { token: other.token })).json).toEqual([]);
    expect((await asDevice(token, "/api/print-devices/me")).status).toBe(200);

    const del = await api(`/api/print-devices/${device.id}`, { token: owner.token, method: "DELETE" });
    expect(del.status, del.text).toBe(200);
    expectError(await api(`/api/print-devices/${device.id}`, { token: owner.token, method: "DELETE" }), 404, PRINT_DEVICE_NOT_FOUND);
    expectError(await asDevice(token, "/api/print-devices/me"), 401, PRINT_TOKEN_INVALID);
  });

  it("staff mode and staff roles cannot list, make or delete devices", async () => {
    const { owner, stations, device } = await printingRestaurant();
    const kitchen = await createStaffMember(owner, { role: "kitchen" });
    for (const who of [kitchen]) {
      expect((await api("/api/print-devices", { token: who.token })).status).toBe(403);
      expect((await createDevice(who, { name: "X", station_id: stations.mutfak })).status).toBe(403);
      expect((await api(`/api/print-devices/${device.id}`, { token: who.token, method: "DELETE" })).status).toBe(403);
    }
    await setMode(owner, "staff");
    expect((await api("/api/print-devices", { token: owner.token })).status).toBe(403);
  });
});

describe("the device token", () => {
  it("opens nothing but the print agent's endpoints", async () => {
    const { token } = await printingRestaurant();
    for (const [path, method] of [
      ["/api/auth/me", "GET"],
      ["/api/kitchen/tickets", "GET"],
      ["/api/stations", "GET"],
      ["/api/events", "GET"],
      ["/api/print-devices", "GET"],
      ["/api/orders", "POST"],
      ["/api/tables", "GET"],
      ["/api/menu", "GET"],
    ] as const) {
      const res = await api(path, { token, method, body: method === "POST" ? {} : undefined });
      expect([401, 403], `${method} ${path}: ${res.status} ${res.text.slice(0, 120)}`).toContain(res.status);
    }
    // Nor a page of the app.
    const page = await fetch(`${baseUrl()}/app/kitchen`, { headers: { authorization: `Bearer ${token}` }, redirect: "manual" });
    expect(page.status).toBe(302);
  });

  it("reads its station's unprinted tickets only, acknowledges once, and 404s other tickets", async () => {
    const { owner, token, stations } = await printingRestaurant();
    const me = await asDevice(token, "/api/print-devices/me");
    expect(me.json).toMatchObject({ name: "Mutfak yazıcısı", station: { id: stations.mutfak, name: "Mutfak" } });

    const { mutfakTicket, barTicket } = await placeTwoStationOrder(owner);
    const list = await asDevice(token, "/api/print-devices/me/tickets");
    expect(list.status, list.text).toBe(200);
    expect(list.json).toMatchObject({ auto_print: true, time_zone: "Europe/Istanbul", station: { id: stations.mutfak }, more: false });
    expect(list.json.tickets.map((t: any) => t.id)).toEqual([mutfakTicket]);
    expect(list.json.tickets[0].items).toEqual([expect.objectContaining({ name: "İskender", quantity: 1, note: "acısız" })]);

    expectError(await asDevice(token, "/api/print-devices/me/printed", { body: { ticket_id: barTicket } }), 404, PRINT_TICKET_NOT_FOUND);
    const other = await printingRestaurant();
    const foreign = await placeTwoStationOrder(other.owner);
    expectError(
      await asDevice(token, "/api/print-devices/me/printed", { body: { ticket_id: foreign.mutfakTicket } }),
      404,
      PRINT_TICKET_NOT_FOUND,
    );
    expect((await asDevice(token, "/api/print-devices/me/printed", { body: {} })).status).toBe(400);

    const first = await asDevice(token, "/api/print-devices/me/printed", { body: { ticket_id: mutfakTicket } });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ ticket_id: mutfakTicket, already_printed: false });
    const again = await asDevice(token, "/api/print-devices/me/printed", { body: { ticket_id: mutfakTicket } });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ ticket_id: mutfakTicket, already_printed: true, printed_at: first.json.printed_at });
    expect(await prisma.printedTicket.count({ where: { ticketId: mutfakTicket } })).toBe(1);
    expect((await asDevice(token, "/api/print-devices/me/tickets")).json.tickets).toEqual([]);
  });

  it("lists nothing while the restaurant's automatic printing is off, nor tickets from before the device", async () => {
    const owner = await createTenant({ manager: true });
    const { mutfak } = await stationsOf(owner);
    await placeTwoStationOrder(owner, 1);
    const device = await createDevice(owner, { name: "Yazıcı", station_id: mutfak });
    const token = device.json.token as string;
    await placeTwoStationOrder(owner, 2);
    const off = await asDevice(token, "/api/print-devices/me/tickets");
    expect(off.json).toMatchObject({ auto_print: false, tickets: [] });
    await api("/api/restaurant/settings", { token: owner.token, method: "PUT", body: { auto_print_orders: true }, headers: JSON_TYPE });
    const on = await asDevice(token, "/api/print-devices/me/tickets");
    expect(on.json.tickets.map((t: any) => t.table_number)).toEqual([2]);
  });

  it("streams its station's ticket events only", async () => {
    const { owner, token, stations } = await printingRestaurant();
    const controller = new AbortController();
    const res = await fetch(`${baseUrl()}/api/print-devices/me/events`, {
      headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (pattern: RegExp, ms: number) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(text) && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    try {
      await readUntil(/event: ready/, 10_000);
      expect(text).toContain("event: ready");
      const { mutfakTicket } = await placeTwoStationOrder(owner);
      await readUntil(/event: ticket\.created/, 10_000);
      // Anything else the order made (its order and table events, Bar's ticket) would follow at once.
      await readUntil(/$^/, 1_000);
      const events = text
        .split("\n\n")
        .filter((b) => b.includes("\nevent: ") || b.startsWith("event: "))
        .map((b) => ({ type: /event: (.+)/.exec(b)![1], data: JSON.parse(/data: (.+)/.exec(b)![1]!) }))
        .filter((e) => e.type !== "ready");
      expect(events).toEqual([
        { type: "ticket.created", data: expect.objectContaining({ ticket_id: mutfakTicket, station_id: stations.mutfak }) },
      ]);
    } finally {
      controller.abort();
    }
  });
});
