import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getOfflineOrders, getSyncQueue, resetOfflineDbConnection, storeOfflineOrder, type OfflineOrderInput } from "./offline-db";
import { flushQueue } from "./sync";

const RESTAURANT = 7;

function order(n: number, overrides: Partial<OfflineOrderInput> = {}): OfflineOrderInput {
  return {
    client_order_id: `client-${n}-abcdefgh`,
    restaurant_id: RESTAURANT,
    table_number: 1 + (n % 3),
    items: [{ menu_item_id: 10 + n, quantity: 1, menu_item_name: `Ürün ${n}` }],
    ...overrides,
  };
}

type Answer = { status: number; body?: unknown } | "network";

/** A fake server: answers POST /api/orders from a script, records what it was sent. */
function fakeServer(answer: (body: { client_order_id: string; table_number: number }, call: number) => Answer) {
  const sent: { client_order_id: string; table_number: number }[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    if (String(url) === "/api/auth/me") return Response.json({ restaurant: { id: RESTAURANT } });
    const body = JSON.parse(String(init?.body));
    sent.push(body);
    const reply = answer(body, sent.length);
    if (reply === "network") throw new TypeError("Failed to fetch");
    return Response.json(reply.body ?? { id: 1000 + sent.length }, { status: reply.status });
  });
  return { fetch: fetchFn as unknown as typeof fetch, sent };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbConnection();
});

afterEach(() => {
  resetOfflineDbConnection();
  vi.restoreAllMocks();
});

describe("flushQueue", () => {
  it("sends every pending order once, and an entry leaves the queue only after the server confirmed it", async () => {
    for (let n = 0; n < 5; n++) await storeOfflineOrder(order(n), 1000 + n);
    const server = fakeServer(() => ({ status: 201 }));
    const result = await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT });
    expect(result).toEqual({ sent: 5, refused: 0 });
    expect(server.sent.map((b) => b.client_order_id).sort()).toEqual([0, 1, 2, 3, 4].map((n) => `client-${n}-abcdefgh`).sort());
    expect(await getSyncQueue()).toEqual([]);
    const orders = await getOfflineOrders();
    expect(orders.every((o) => o.syncStatus === "synced" && o.serverOrderId! > 1000)).toBe(true);
    // Nothing left: a second run sends nothing.
    expect(await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT })).toEqual({ sent: 0, refused: 0 });
    expect(server.sent).toHaveLength(5);
  });

  it("sends only the client's fields: the server prices the order, the device's prices are not sent", async () => {
    await storeOfflineOrder(
      order(1, { items: [{ menu_item_id: 5, quantity: 2, unit_price: 0.01, menu_item_name: "Çay" }], total_amount: 0.02 }),
    );
    const server = fakeServer(() => ({ status: 201 }));
    await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT });
    expect(server.sent[0]).toEqual({ table_number: 2, items: [{ menu_item_id: 5, quantity: 2 }], client_order_id: "client-1-abcdefgh" });
  });

  it("a replayed order keeps its lines' notes and options for the kitchen and the new table's guest count", async () => {
    await storeOfflineOrder(
      order(1, {
        items: [
          { menu_item_id: 5, quantity: 1, note: "acısız", options: [31, 42], menu_item_name: "Adana" },
          { menu_item_id: 6, quantity: 1 },
        ],
        customer_count: 4,
      }),
    );
    const server = fakeServer(() => ({ status: 201 }));
    await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT });
    expect(server.sent[0]).toEqual({
      table_number: 2,
      items: [
        { menu_item_id: 5, quantity: 1, note: "acısız", options: [31, 42] },
        { menu_item_id: 6, quantity: 1 },
      ],
      client_order_id: "client-1-abcdefgh",
      customer_count: 4,
    });
  });

  it("a 200 (a replay whose first answer was lost) confirms the order too", async () => {
    await storeOfflineOrder(order(1));
    const server = fakeServer(() => ({ status: 200, body: { id: 42 } }));
    expect(await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT })).toEqual({ sent: 1, refused: 0 });
    expect((await getOfflineOrders())[0]).toMatchObject({ syncStatus: "synced", serverOrderId: 42 });
  });

  it("a network failure stops the run and keeps everything for the next one", async () => {
    for (let n = 0; n < 3; n++) await storeOfflineOrder(order(n, { table_number: 1 }));
    const server = fakeServer((_b, call) => (call === 2 ? "network" : { status: 201 }));
    const result = await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT });
    expect(result).toEqual({ sent: 1, refused: 0, stoppedBy: "network" });
    expect(await getSyncQueue()).toHaveLength(2);
    expect((await getOfflineOrders()).filter((o) => o.syncStatus === "pending")).toHaveLength(2);
  });

  it.each([
    [401, "session"],
    [500, "server"],
    [503, "server"],
    [429, "server"],
  ] as const)("a %i keeps the order pending and stops (%s)", async (status, stop) => {
    await storeOfflineOrder(order(1));
    const server = fakeServer(() => ({ status, body: { detail: "x" } }));
    expect(await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT })).toEqual({ sent: 0, refused: 0, stoppedBy: stop });
    expect(await getSyncQueue()).toHaveLength(1);
    expect((await getOfflineOrders())[0]).toMatchObject({ syncStatus: "pending" });
  });

  it("a refusal keeps the order with the server's message, is not resent, and does not block the others", async () => {
    await storeOfflineOrder(order(1, { table_number: 1 }), 1);
    await storeOfflineOrder(order(2, { table_number: 1 }), 2);
    const server = fakeServer((body) =>
      body.client_order_id.startsWith("client-1") ? { status: 409, body: { detail: "“Baklava” şu anda satışta değil." } } : { status: 201 },
    );
    expect(await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT })).toEqual({ sent: 1, refused: 1 });
    const [refused] = (await getOfflineOrders()).filter((o) => o.syncStatus === "failed");
    expect(refused).toMatchObject({ client_order_id: "client-1-abcdefgh", error: "“Baklava” şu anda satışta değil." });
    // Its queue entry stays (to be fixed, resent or discarded), but it is not sent again on its own.
    expect(await getSyncQueue()).toHaveLength(1);
    await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT });
    expect(server.sent).toHaveLength(2);
  });

  it("a refusal without a JSON detail still says what happened", async () => {
    await storeOfflineOrder(order(1));
    const fetchFn = vi.fn(async () => new Response("bad gateway-ish", { status: 422 })) as unknown as typeof fetch;
    await flushQueue({ fetch: fetchFn, restaurantId: RESTAURANT });
    expect((await getOfflineOrders())[0]).toMatchObject({ syncStatus: "failed", error: "Sunucu hatası: 422" });
  });

  it("sends only the session's restaurant's orders (another restaurant's wait on this device)", async () => {
    await storeOfflineOrder(order(1, { restaurant_id: RESTAURANT }));
    await storeOfflineOrder(order(2, { restaurant_id: 99 }));
    const server = fakeServer(() => ({ status: 201 }));
    expect(await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT })).toEqual({ sent: 1, refused: 0 });
    expect(server.sent.map((b) => b.client_order_id)).toEqual(["client-1-abcdefgh"]);
    expect(await getSyncQueue()).toHaveLength(1);
  });

  it("without a restaurant id it asks the server whose session this is; without a session it sends nothing", async () => {
    await storeOfflineOrder(order(1));
    const server = fakeServer(() => ({ status: 201 }));
    expect(await flushQueue({ fetch: server.fetch })).toEqual({ sent: 1, refused: 0 });

    await storeOfflineOrder(order(2));
    const noSession = vi.fn(async (url: string | URL | Request) =>
      String(url) === "/api/auth/me" ? Response.json({ detail: "x" }, { status: 401 }) : Response.json({}, { status: 201 }),
    ) as unknown as typeof fetch;
    expect(await flushQueue({ fetch: noSession })).toEqual({ sent: 0, refused: 0, stoppedBy: "session" });
    expect(await getSyncQueue()).toHaveLength(1);
  });

  it("each table's orders arrive in the order they were taken, while tables go in parallel", async () => {
    for (let n = 0; n < 12; n++) await storeOfflineOrder(order(n), 1000 + n);
    let inFlight = 0;
    let most = 0;
    const sent: { client_order_id: string; table_number: number }[] = [];
    const fetchFn = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      sent.push(JSON.parse(String(init?.body)));
      inFlight--;
      return Response.json({ id: sent.length }, { status: 201 });
    }) as unknown as typeof fetch;
    await flushQueue({ fetch: fetchFn, restaurantId: RESTAURANT });
    expect(sent).toHaveLength(12);
    for (const table of [1, 2, 3]) {
      const ids = sent.filter((b) => b.table_number === table).map((b) => Number(b.client_order_id.split("-")[1]));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });
});

describe("flushQueue: an edit kept offline", () => {
  /** Records method, path and body of every request but /api/auth/me. */
  function recordingServer(answer: (call: number) => Answer) {
    const calls: { method: string; url: string; body: any }[] = [];
    const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ method: init?.method ?? "GET", url: String(url), body: JSON.parse(String(init?.body)) });
      const reply = answer(calls.length);
      if (reply === "network") throw new TypeError("Failed to fetch");
      return Response.json(reply.body ?? { id: 77 }, { status: reply.status });
    });
    return { fetch: fetchFn as unknown as typeof fetch, calls };
  }

  const edit = (overrides: Partial<OfflineOrderInput> = {}) =>
    order(1, {
      table_number: 4,
      items: [{ menu_item_id: 5, quantity: 3, unit_price: 20 }],
      edit: { order_id: 77, base_version: 2 },
      ...overrides,
    });

  it("is queued as UPDATE_ORDER and sent as the edit (PUT with its key and base version), not as a new order", async () => {
    await storeOfflineOrder(edit());
    expect((await getSyncQueue()).map((e) => e.action)).toEqual(["UPDATE_ORDER"]);
    const server = recordingServer(() => ({ status: 200 }));
    expect(await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT })).toEqual({ sent: 1, refused: 0 });
    expect(server.calls).toEqual([
      {
        method: "PUT",
        url: "/api/orders/table/4/update",
        body: { items: [{ menu_item_id: 5, quantity: 3 }], order_id: 77, base_version: 2, edit_key: "client-1-abcdefgh" },
      },
    ]);
    expect(await getSyncQueue()).toEqual([]);
  });

  it("a replay the server answers as already applied (200) leaves the queue; a stale edit (409) waits for the waiter", async () => {
    await storeOfflineOrder(edit());
    await storeOfflineOrder(edit({ client_order_id: "client-2-abcdefgh" }));
    const server = recordingServer((call) =>
      call === 1
        ? { status: 200, body: { id: 77 } }
        : { status: 409, body: { detail: "Bu sipariş siz düzenlerken başka bir cihazdan değiştirildi." } },
    );
    expect(await flushQueue({ fetch: server.fetch, restaurantId: RESTAURANT })).toEqual({ sent: 1, refused: 1 });
    const orders = await getOfflineOrders();
    expect(orders.map((o) => o.syncStatus)).toEqual(["synced", "failed"]);
    expect(orders[1]!.error).toContain("başka bir cihazdan");
  });
});
