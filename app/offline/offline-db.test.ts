// Unit tests of the device's offline store against fake-indexeddb.
// "fake-indexeddb/auto" installs the IDB* globals that idb checks against;
// every test then gets a brand-new, empty IDBFactory and a fresh connection.
import "fake-indexeddb/auto";
import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DB_NAME,
  DB_VERSION,
  DEFAULT_MAX_CACHE_AGE_MS,
  cacheMenu,
  cacheTables,
  clearOldCache,
  discardOfflineOrder,
  getCachedAvailableMenu,
  getCachedMenu,
  getCachedTables,
  getOfflineOrders,
  getOfflineOrdersForTable,
  getStorageInfo,
  getSyncQueue,
  markOrderFailed,
  markOrderSynced,
  openOfflineDb,
  pruneSyncedOrders,
  removeFromSyncQueue,
  resetOfflineDbConnection,
  storeOfflineOrder,
  type OfflineOrderInput,
} from "./offline-db";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

const realIndexedDB = globalThis.indexedDB;

function orderInput(overrides: Partial<OfflineOrderInput> = {}): OfflineOrderInput {
  return {
    client_order_id: "c-1",
    restaurant_id: 7,
    table_number: 3,
    items: [{ menu_item_id: 11, quantity: 2, menu_item_name: "Adana Kebap", unit_price: 250 }],
    waiter_name: "Ayşe",
    total_amount: 500,
    ...overrides,
  };
}

const menuItem = (id: number, category: string, available: boolean, price = 100) => ({
  id,
  name: `Ürün ${id}`,
  category,
  price,
  description: null,
  available,
});

const table = (id: number, number: number, status = "empty") => ({ id, number, status });

/** Opens the database with the raw IndexedDB API (no idb) to inspect it. */
function rawOpen(name = DB_NAME): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = globalThis.indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function rawRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetOfflineDbConnection();
  globalThis.indexedDB = new IDBFactory();
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  resetOfflineDbConnection();
  globalThis.indexedDB = realIndexedDB;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("schema", () => {
  it("is the database 'sofra', version 1, with exactly the four stores", async () => {
    expect(DB_NAME).toBe("sofra");
    expect(DB_VERSION).toBe(1);
    await openOfflineDb();
    resetOfflineDbConnection();

    const databases = await globalThis.indexedDB.databases();
    expect(databases).toEqual([{ name: "sofra", version: 1 }]);

    const db = await rawOpen();
    try {
      expect(db.name).toBe("sofra");
      expect(db.version).toBe(1);
      expect([...db.objectStoreNames].sort()).toEqual(["menu", "orders", "syncQueue", "tables"]);
    } finally {
      db.close();
    }
  });

  it("gives each store its key and each index its name and key path", async () => {
    const db = await openOfflineDb();
    const tx = db.transaction(["orders", "menu", "tables", "syncQueue"], "readonly");
    const expected = {
      orders: { keyPath: "id", autoIncrement: true, indexes: ["status", "tableId", "timestamp"] },
      menu: { keyPath: "id", autoIncrement: false, indexes: ["available", "category"] },
      tables: { keyPath: "id", autoIncrement: false, indexes: ["status"] },
      syncQueue: { keyPath: "id", autoIncrement: true, indexes: ["action", "timestamp"] },
    } as const;
    for (const [name, want] of Object.entries(expected)) {
      const store = tx.objectStore(name as keyof typeof expected);
      expect(store.keyPath, name).toBe(want.keyPath);
      expect(store.autoIncrement, name).toBe(want.autoIncrement);
      expect([...store.indexNames].sort(), name).toEqual([...want.indexes]);
      for (const indexName of want.indexes) {
        const index = store.index(indexName as never);
        // Each index is keyed on the field of the same name, not unique, not multi-entry.
        expect(index.keyPath, `${name}.${indexName}`).toBe(indexName);
        expect(index.unique, `${name}.${indexName}`).toBe(false);
        expect(index.multiEntry, `${name}.${indexName}`).toBe(false);
      }
    }
    await tx.done;
  });

  it("reuses one connection until it is reset", async () => {
    const first = await openOfflineDb();
    expect(await openOfflineDb()).toBe(first);
    resetOfflineDbConnection();
    const second = await openOfflineDb();
    expect(second).not.toBe(first);
    // The new connection works.
    expect(await second.count("orders")).toBe(0);
  });
});

describe("storeOfflineOrder", () => {
  it("returns the stored order with an auto id, the timestamp, offline true, pending and the table", async () => {
    const input = orderInput();
    const order = await storeOfflineOrder(input, T0);
    expect(order).toEqual({
      ...input,
      id: expect.any(Number),
      tableId: 3,
      status: "active",
      timestamp: T0,
      offline: true,
      syncStatus: "pending",
    });

    const db = await openOfflineDb();
    expect(await db.get("orders", order.id!)).toEqual(order);
    expect(await getOfflineOrders()).toEqual([order]);
  });

  it("gives each order a new id", async () => {
    const a = await storeOfflineOrder(orderInput({ client_order_id: "a" }), T0);
    const b = await storeOfflineOrder(orderInput({ client_order_id: "b" }), T0 + 1);
    expect(typeof a.id).toBe("number");
    expect(b.id).not.toBe(a.id);
    expect(b.id).toBeGreaterThan(a.id!);
  });

  it("does not modify the caller's input", async () => {
    const input = orderInput();
    const copy = structuredClone(input);
    await storeOfflineOrder(input, T0);
    expect(input).toEqual(copy);
  });

  it("queues exactly one CREATE_ORDER entry carrying the input and the offline order id", async () => {
    const input = orderInput();
    const order = await storeOfflineOrder(input, T0);
    const queue = await getSyncQueue();
    expect(queue).toEqual([
      {
        id: expect.any(Number),
        action: "CREATE_ORDER",
        data: { ...input, offlineOrderId: order.id },
        timestamp: T0,
      },
    ]);
    // The queue entry carries the input only, not the local bookkeeping fields.
    expect(queue[0]!.data).not.toHaveProperty("syncStatus");
    expect(queue[0]!.data).not.toHaveProperty("offline");
  });

  it("uses Date.now() when no time is given", async () => {
    vi.spyOn(Date, "now").mockReturnValue(T0 + 42);
    const order = await storeOfflineOrder(orderInput());
    expect(order.timestamp).toBe(T0 + 42);
    expect((await getSyncQueue())[0]!.timestamp).toBe(T0 + 42);
  });

  it("is atomic: when queueing fails (request error) the order is not stored and the promise rejects", async () => {
    const first = await storeOfflineOrder(orderInput({ client_order_id: "first" }), T0);
    const [firstEntry] = await getSyncQueue();

    // Make the next queue add collide with the existing entry's key: a real
    // asynchronous ConstraintError on the request, which aborts the transaction.
    const realAdd = IDBObjectStore.prototype.add;
    vi.spyOn(IDBObjectStore.prototype, "add").mockImplementation(function (this: IDBObjectStore, value, key) {
      if (this.name === "syncQueue") {
        return realAdd.call(this, { ...(value as object), id: firstEntry!.id }, key);
      }
      return realAdd.call(this, value, key);
    });

    await expect(storeOfflineOrder(orderInput({ client_order_id: "second" }), T0 + 1)).rejects.toMatchObject({
      name: "ConstraintError",
    });
    vi.restoreAllMocks();

    expect(await getOfflineOrders()).toEqual([first]);
    expect(await getSyncQueue()).toEqual([firstEntry]);
  });

  it("is atomic: when queueing throws the order is not stored and the promise rejects", async () => {
    const realAdd = IDBObjectStore.prototype.add;
    const failure = new Error("kuyruk dolu");
    vi.spyOn(IDBObjectStore.prototype, "add").mockImplementation(function (this: IDBObjectStore, value, key) {
      if (this.name === "syncQueue") throw failure;
      return realAdd.call(this, value, key);
    });

    await expect(storeOfflineOrder(orderInput(), T0)).rejects.toBe(failure);
    vi.restoreAllMocks();

    expect(await getOfflineOrders()).toEqual([]);
    expect(await getSyncQueue()).toEqual([]);
    // The store is usable afterwards.
    const order = await storeOfflineOrder(orderInput(), T0 + 1);
    expect(await getOfflineOrders()).toEqual([order]);
    expect(await getSyncQueue()).toHaveLength(1);
  });

  it("rejects when the order itself cannot be stored, queueing nothing", async () => {
    // Functions cannot be cloned into IndexedDB: DataCloneError.
    const bad = { ...orderInput(), extra: () => 1 } as unknown as OfflineOrderInput;
    await expect(storeOfflineOrder(bad, T0)).rejects.toMatchObject({ name: "DataCloneError" });
    expect(await getOfflineOrders()).toEqual([]);
    expect(await getSyncQueue()).toEqual([]);
  });
});

describe("indexes", () => {
  it("lists offline orders oldest first (timestamp index), whatever the insertion order", async () => {
    const late = await storeOfflineOrder(orderInput({ client_order_id: "late" }), T0 + 3000);
    const early = await storeOfflineOrder(orderInput({ client_order_id: "early" }), T0 + 1000);
    const middle = await storeOfflineOrder(orderInput({ client_order_id: "middle" }), T0 + 2000);
    const orders = await getOfflineOrders();
    expect(orders.map((o) => o.client_order_id)).toEqual(["early", "middle", "late"]);
    expect(orders.map((o) => o.id)).toEqual([early.id, middle.id, late.id]);
  });

  it("finds the orders of one table (tableId index)", async () => {
    await storeOfflineOrder(orderInput({ client_order_id: "t3-a", table_number: 3 }), T0);
    await storeOfflineOrder(orderInput({ client_order_id: "t5", table_number: 5 }), T0 + 1);
    await storeOfflineOrder(orderInput({ client_order_id: "t3-b", table_number: 3 }), T0 + 2);

    expect((await getOfflineOrdersForTable(3)).map((o) => o.client_order_id).sort()).toEqual(["t3-a", "t3-b"]);
    expect((await getOfflineOrdersForTable(5)).map((o) => o.client_order_id)).toEqual(["t5"]);
    expect(await getOfflineOrdersForTable(9)).toEqual([]);
  });

  it("indexes orders by status", async () => {
    await storeOfflineOrder(orderInput({ client_order_id: "a" }), T0);
    await storeOfflineOrder(orderInput({ client_order_id: "b" }), T0 + 1);
    const db = await openOfflineDb();
    expect(await db.countFromIndex("orders", "status", "active")).toBe(2);
    expect(await db.countFromIndex("orders", "status", "closed")).toBe(0);
  });

  it("indexes the menu by category and by availability (stored as 1/0)", async () => {
    await cacheMenu(
      [menuItem(1, "Kebap", true), menuItem(2, "Kebap", false), menuItem(3, "Tatlı", true), menuItem(4, "İçecek", false)],
      T0,
    );
    const db = await openOfflineDb();
    expect((await db.getAllFromIndex("menu", "category", "Kebap")).map((i) => i.id)).toEqual([1, 2]);
    expect((await db.getAllFromIndex("menu", "category", "Tatlı")).map((i) => i.id)).toEqual([3]);
    expect((await db.getAllFromIndex("menu", "available", 1)).map((i) => i.id)).toEqual([1, 3]);
    expect((await db.getAllFromIndex("menu", "available", 0)).map((i) => i.id)).toEqual([2, 4]);
    // The stored value is a number (indexable), not a boolean.
    expect((await db.get("menu", 1))?.available).toBe(1);
    expect((await db.get("menu", 2))?.available).toBe(0);
  });

  it("getCachedAvailableMenu returns only the items on sale, with available as a boolean", async () => {
    await cacheMenu([menuItem(1, "Kebap", true), menuItem(2, "Kebap", false), menuItem(3, "Tatlı", true)], T0);
    const available = await getCachedAvailableMenu();
    expect(available.map((i) => i.id)).toEqual([1, 3]);
    for (const item of available) expect(item.available).toBe(true);
  });

  it("getCachedMenu returns every item with available as a boolean", async () => {
    await cacheMenu([menuItem(1, "Kebap", true), menuItem(2, "Kebap", false)], T0);
    const menu = await getCachedMenu();
    expect(menu).toEqual([
      { ...menuItem(1, "Kebap", true), cachedAt: T0 },
      { ...menuItem(2, "Kebap", false), cachedAt: T0 },
    ]);
    expect(menu[1]!.available).toBe(false);
  });

  it("indexes tables by status", async () => {
    await cacheTables([table(1, 1, "empty"), table(2, 2, "occupied"), table(3, 3, "occupied")], T0);
    const db = await openOfflineDb();
    expect((await db.getAllFromIndex("tables", "status", "occupied")).map((t) => t.id)).toEqual([2, 3]);
    expect((await db.getAllFromIndex("tables", "status", "empty")).map((t) => t.id)).toEqual([1]);
  });

  it("indexes the sync queue by action and timestamp; getSyncQueue is oldest first", async () => {
    const late = await storeOfflineOrder(orderInput({ client_order_id: "late" }), T0 + 500);
    const early = await storeOfflineOrder(orderInput({ client_order_id: "early" }), T0 + 100);
    const db = await openOfflineDb();
    expect(await db.countFromIndex("syncQueue", "action", "CREATE_ORDER")).toBe(2);
    expect(await db.countFromIndex("syncQueue", "action", "UPDATE_ORDER")).toBe(0);
    const byTime = await db.getAllFromIndex("syncQueue", "timestamp", IDBKeyRange.upperBound(T0 + 100));
    expect(byTime.map((e) => e.data.offlineOrderId)).toEqual([early.id]);

    const queue = await getSyncQueue();
    expect(queue.map((e) => e.data.offlineOrderId)).toEqual([early.id, late.id]);
    expect(queue.map((e) => e.timestamp)).toEqual([T0 + 100, T0 + 500]);
  });
});

describe("cacheMenu / cacheTables", () => {
  it("cacheMenu replaces the previous menu and stamps cachedAt", async () => {
    await cacheMenu([menuItem(1, "Kebap", true), menuItem(2, "Tatlı", true)], T0);
    await cacheMenu([menuItem(2, "Tatlı", false, 90), menuItem(5, "Çorba", true)], T0 + 1000);
    const menu = await getCachedMenu();
    expect(menu).toEqual([
      { ...menuItem(2, "Tatlı", false, 90), cachedAt: T0 + 1000 },
      { ...menuItem(5, "Çorba", true), cachedAt: T0 + 1000 },
    ]);
  });

  it("the cached menu keeps the server's order (category, then the owner's order), not the ids' order", async () => {
    await cacheMenu([menuItem(7, "Çorba", true), menuItem(2, "Kebap", true), menuItem(9, "Kebap", false), menuItem(1, "Tatlı", true)], T0);
    expect((await getCachedMenu()).map((i) => i.id)).toEqual([7, 2, 9, 1]);
    expect((await getCachedAvailableMenu()).map((i) => i.id)).toEqual([7, 2, 1]);
    expect(await getCachedMenu()).not.toContainEqual(expect.objectContaining({ position: expect.anything() }));
  });

  it("cacheMenu with an empty list empties the menu", async () => {
    await cacheMenu([menuItem(1, "Kebap", true)], T0);
    await cacheMenu([], T0 + 1);
    expect(await getCachedMenu()).toEqual([]);
  });

  it("cacheMenu uses Date.now() when no time is given", async () => {
    vi.spyOn(Date, "now").mockReturnValue(T0 + 7);
    await cacheMenu([menuItem(1, "Kebap", true)]);
    expect((await getCachedMenu())[0]!.cachedAt).toBe(T0 + 7);
  });

  it("cacheTables replaces the previous tables and stamps cachedAt", async () => {
    await cacheTables([table(1, 1), table(2, 2), table(3, 3)], T0);
    await cacheTables([table(2, 2, "occupied"), table(4, 4)], T0 + 500);
    expect(await getCachedTables()).toEqual([
      { ...table(2, 2, "occupied"), cachedAt: T0 + 500 },
      { ...table(4, 4), cachedAt: T0 + 500 },
    ]);
  });

  it("getCachedTables sorts by table number, not by id", async () => {
    await cacheTables([table(1, 12), table(2, 2), table(3, 7), table(4, 10)], T0);
    expect((await getCachedTables()).map((t) => t.number)).toEqual([2, 7, 10, 12]);
  });

  it("a failing cacheMenu keeps the previous menu (the replace is one transaction)", async () => {
    await cacheMenu([menuItem(1, "Kebap", true)], T0);
    // An item without a key cannot be stored: the whole replacement is rolled back.
    await cacheMenu([menuItem(2, "Tatlı", true), { ...menuItem(3, "Tatlı", true), id: undefined as never }], T0 + 1);
    expect(consoleError).toHaveBeenCalled();
    expect((await getCachedMenu()).map((i) => i.id)).toEqual([1]);
  });
});

describe("removeFromSyncQueue", () => {
  it("removes only the given ids", async () => {
    for (let i = 0; i < 4; i++) await storeOfflineOrder(orderInput({ client_order_id: `o${i}` }), T0 + i);
    const queue = await getSyncQueue();
    expect(queue).toHaveLength(4);
    await removeFromSyncQueue([queue[0]!.id!, queue[2]!.id!]);
    expect((await getSyncQueue()).map((e) => e.id)).toEqual([queue[1]!.id, queue[3]!.id]);
    // Orders are untouched.
    expect(await getOfflineOrders()).toHaveLength(4);
  });

  it("ignores unknown ids and an empty list", async () => {
    await storeOfflineOrder(orderInput(), T0);
    await removeFromSyncQueue([]);
    await removeFromSyncQueue([9999]);
    expect(await getSyncQueue()).toHaveLength(1);
  });
});

describe("clearOldCache", () => {
  it("defaults to 7 days (604800000 ms)", () => {
    expect(DEFAULT_MAX_CACHE_AGE_MS).toBe(604_800_000);
    expect(DEFAULT_MAX_CACHE_AGE_MS).toBe(7 * DAY);
  });

  it("removes menu items and tables older than 7 days; exactly 7 days old stays; returns the count", async () => {
    const now = T0 + 30 * DAY;
    // Cache at different times by writing directly (cacheMenu/cacheTables replace).
    const db = await openOfflineDb();
    await db.put("menu", { ...menuItem(1, "Kebap", true), available: 1, cachedAt: now - 7 * DAY - 1 });
    await db.put("menu", { ...menuItem(2, "Kebap", true), available: 1, cachedAt: now - 7 * DAY });
    await db.put("menu", { ...menuItem(3, "Kebap", false), available: 0, cachedAt: now - 8 * DAY });
    await db.put("menu", { ...menuItem(4, "Kebap", true), available: 1, cachedAt: now });
    await db.put("tables", { ...table(1, 1), cachedAt: now - 10 * DAY });
    await db.put("tables", { ...table(2, 2), cachedAt: now - 7 * DAY });
    await db.put("tables", { ...table(3, 3), cachedAt: now - DAY });

    expect(await clearOldCache(undefined, now)).toBe(3);
    expect((await getCachedMenu()).map((i) => i.id)).toEqual([2, 4]);
    expect((await getCachedTables()).map((t) => t.id)).toEqual([2, 3]);

    // Nothing left to purge.
    expect(await clearOldCache(undefined, now)).toBe(0);
  });

  it("honours a custom maximum age", async () => {
    await cacheMenu([menuItem(1, "Kebap", true)], T0);
    await cacheTables([table(1, 1)], T0);
    expect(await clearOldCache(1000, T0 + 1000)).toBe(0);
    expect(await clearOldCache(1000, T0 + 1001)).toBe(2);
    expect(await getCachedMenu()).toEqual([]);
    expect(await getCachedTables()).toEqual([]);
  });

  it("uses Date.now() when no time is given", async () => {
    await cacheMenu([menuItem(1, "Kebap", true)], T0);
    vi.spyOn(Date, "now").mockReturnValue(T0 + 7 * DAY + 1);
    expect(await clearOldCache()).toBe(1);
  });

  it("leaves orders and the sync queue alone, however old", async () => {
    const order = await storeOfflineOrder(orderInput(), T0 - 100 * DAY);
    await cacheMenu([menuItem(1, "Kebap", true)], T0 - 100 * DAY);
    expect(await clearOldCache(undefined, T0)).toBe(1);
    expect(await getOfflineOrders()).toEqual([order]);
    expect(await getSyncQueue()).toHaveLength(1);
  });
});

describe("sync bookkeeping", () => {
  it("markOrderSynced keeps the order as synced and deletes its queue entry", async () => {
    const order = await storeOfflineOrder(orderInput({ client_order_id: "a" }), T0);
    const other = await storeOfflineOrder(orderInput({ client_order_id: "b" }), T0 + 1);
    const [entry, otherEntry] = await getSyncQueue();
    expect(entry!.data.offlineOrderId).toBe(order.id);

    await markOrderSynced(entry!.id!, order.id!, 901, T0 + 5000);

    const db = await openOfflineDb();
    const stored = await db.get("orders", order.id!);
    expect(stored).toMatchObject({
      ...order,
      syncStatus: "synced",
      serverOrderId: 901,
      syncedAt: T0 + 5000,
    });
    expect(stored?.error).toBeUndefined();
    expect(await getSyncQueue()).toEqual([otherEntry]);
    expect(await db.get("orders", other.id!)).toEqual(other);
  });

  it("markOrderSynced clears an earlier failure message", async () => {
    const order = await storeOfflineOrder(orderInput(), T0);
    const [entry] = await getSyncQueue();
    await markOrderFailed(order.id!, "Masa kapalı");
    await markOrderSynced(entry!.id!, order.id!, 5, T0 + 1);
    const [stored] = await getOfflineOrders();
    expect(stored!.syncStatus).toBe("synced");
    expect(stored!.error).toBeUndefined();
  });

  it("markOrderSynced deletes the queue entry even if the order is gone", async () => {
    const order = await storeOfflineOrder(orderInput(), T0);
    const [entry] = await getSyncQueue();
    const db = await openOfflineDb();
    await db.delete("orders", order.id!);
    await markOrderSynced(entry!.id!, order.id!, 5, T0 + 1);
    expect(await getSyncQueue()).toEqual([]);
    expect(await getOfflineOrders()).toEqual([]);
  });

  it.each([
    ["the queue delete fails as a request (ConstraintError)", "request"],
    ["the queue delete throws", "throw"],
  ] as const)("markOrderSynced is one transaction: when %s the order stays pending and queued", async (_label, how) => {
    const order = await storeOfflineOrder(orderInput(), T0);
    const [entry] = await getSyncQueue();
    const realAdd = IDBObjectStore.prototype.add;
    const realDelete = IDBObjectStore.prototype.delete;
    vi.spyOn(IDBObjectStore.prototype, "delete").mockImplementation(function (this: IDBObjectStore, key): IDBRequest<undefined> {
      if (this.name !== "syncQueue") return realDelete.call(this, key);
      if (how === "throw") throw new Error("silinemedi");
      // Adding the existing entry again: a request that fails asynchronously.
      return realAdd.call(this, entry) as unknown as IDBRequest<undefined>;
    });
    await expect(markOrderSynced(entry!.id!, order.id!, 5, T0 + 1)).rejects.toBeDefined();
    vi.restoreAllMocks();
    // Had the order update been kept, the order would read "synced" while its
    // queue entry stays and is sent again.
    expect(await getOfflineOrders()).toEqual([order]);
    expect(await getSyncQueue()).toEqual([entry]);
  });

  it("discardOfflineOrder is one transaction: when the queue cannot be read the order is kept", async () => {
    const order = await storeOfflineOrder(orderInput(), T0);
    const realOpenCursor = IDBObjectStore.prototype.openCursor;
    vi.spyOn(IDBObjectStore.prototype, "openCursor").mockImplementation(function (this: IDBObjectStore, ...args) {
      if (this.name === "syncQueue") throw new Error("imleç açılamadı");
      return realOpenCursor.apply(this, args);
    });
    await expect(discardOfflineOrder(order.id!)).rejects.toThrow("imleç açılamadı");
    vi.restoreAllMocks();
    expect(await getOfflineOrders()).toEqual([order]);
    expect(await getSyncQueue()).toHaveLength(1);
  });

  it("markOrderFailed marks the order failed with the message and keeps the queue entry", async () => {
    const order = await storeOfflineOrder(orderInput(), T0);
    const queue = await getSyncQueue();
    await markOrderFailed(order.id!, "Ürün artık satışta değil");
    const [stored] = await getOfflineOrders();
    expect(stored).toEqual({ ...order, syncStatus: "failed", error: "Ürün artık satışta değil" });
    expect(await getSyncQueue()).toEqual(queue);
  });

  it("markOrderFailed on an unknown order does nothing", async () => {
    const order = await storeOfflineOrder(orderInput(), T0);
    await markOrderFailed(order.id! + 100, "x");
    expect(await getOfflineOrders()).toEqual([order]);
  });

  it("discardOfflineOrder removes the order and its queue entries, keeping the others", async () => {
    const a = await storeOfflineOrder(orderInput({ client_order_id: "a" }), T0);
    const b = await storeOfflineOrder(orderInput({ client_order_id: "b" }), T0 + 1);
    // A second queue entry for the same order (e.g. re-queued) must go too.
    const db = await openOfflineDb();
    await db.add("syncQueue", {
      action: "CREATE_ORDER",
      data: { ...orderInput({ client_order_id: "a" }), offlineOrderId: a.id! },
      timestamp: T0 + 2,
    });
    expect(await getSyncQueue()).toHaveLength(3);

    await discardOfflineOrder(a.id!);

    expect(await getOfflineOrders()).toEqual([b]);
    const queue = await getSyncQueue();
    expect(queue).toHaveLength(1);
    expect(queue[0]!.data.offlineOrderId).toBe(b.id);
  });

  it("discardOfflineOrder of an unknown id changes nothing", async () => {
    const a = await storeOfflineOrder(orderInput(), T0);
    await discardOfflineOrder(a.id! + 50);
    expect(await getOfflineOrders()).toEqual([a]);
    expect(await getSyncQueue()).toHaveLength(1);
  });

  it("pruneSyncedOrders drops only synced orders older than the age", async () => {
    const now = T0 + 10 * DAY;
    const oldSynced = await storeOfflineOrder(orderInput({ client_order_id: "old-synced" }), T0);
    const edgeSynced = await storeOfflineOrder(orderInput({ client_order_id: "edge-synced" }), T0);
    const freshSynced = await storeOfflineOrder(orderInput({ client_order_id: "fresh-synced" }), T0);
    const oldPending = await storeOfflineOrder(orderInput({ client_order_id: "old-pending" }), T0);
    const oldFailed = await storeOfflineOrder(orderInput({ client_order_id: "old-failed" }), T0);
    const queue = await getSyncQueue();
    const entryOf = (id: number) => queue.find((e) => e.data.offlineOrderId === id)!.id!;

    await markOrderSynced(entryOf(oldSynced.id!), oldSynced.id!, 1, now - DAY - 1);
    await markOrderSynced(entryOf(edgeSynced.id!), edgeSynced.id!, 2, now - DAY);
    await markOrderSynced(entryOf(freshSynced.id!), freshSynced.id!, 3, now - 1000);
    await markOrderFailed(oldFailed.id!, "hata");

    await pruneSyncedOrders(undefined, now); // default: one day

    const left = (await getOfflineOrders()).map((o) => o.client_order_id).sort();
    expect(left).toEqual(["edge-synced", "fresh-synced", "old-failed", "old-pending"]);
    expect(oldPending.syncStatus).toBe("pending");
    // Pending and failed orders keep their queue entries.
    expect((await getSyncQueue()).map((e) => e.data.offlineOrderId).sort()).toEqual([oldPending.id, oldFailed.id].sort());
  });

  it("pruneSyncedOrders honours a custom age", async () => {
    const order = await storeOfflineOrder(orderInput(), T0);
    const [entry] = await getSyncQueue();
    await markOrderSynced(entry!.id!, order.id!, 1, T0);
    await pruneSyncedOrders(5000, T0 + 5000);
    expect(await getOfflineOrders()).toHaveLength(1);
    await pruneSyncedOrders(5000, T0 + 5001);
    expect(await getOfflineOrders()).toEqual([]);
  });
});

describe("getStorageInfo", () => {
  it("reports usage, quota and a percentage with two decimals", async () => {
    const estimate = vi.fn().mockResolvedValue({ usage: 1, quota: 3 });
    vi.stubGlobal("navigator", { storage: { estimate } });
    expect(await getStorageInfo()).toEqual({ usage: 1, quota: 3, percentage: 33.33 });
    expect(estimate).toHaveBeenCalledTimes(1);
  });

  it("rounds the percentage to two decimals", async () => {
    vi.stubGlobal("navigator", { storage: { estimate: async () => ({ usage: 2, quota: 3 }) } });
    expect((await getStorageInfo()).percentage).toBe(66.67);
    vi.stubGlobal("navigator", { storage: { estimate: async () => ({ usage: 5_242_880, quota: 104_857_600 }) } });
    expect(await getStorageInfo()).toEqual({ usage: 5_242_880, quota: 104_857_600, percentage: 5 });
  });

  it("gives a zero percentage when the quota is zero or missing", async () => {
    vi.stubGlobal("navigator", { storage: { estimate: async () => ({ usage: 10 }) } });
    expect(await getStorageInfo()).toEqual({ usage: 10, quota: 0, percentage: 0 });
  });

  it("gives zeros when navigator.storage is missing", async () => {
    vi.stubGlobal("navigator", {});
    expect(await getStorageInfo()).toEqual({ usage: 0, quota: 0, percentage: 0 });
  });

  it("gives zeros when there is no navigator at all", async () => {
    vi.stubGlobal("navigator", undefined);
    expect(await getStorageInfo()).toEqual({ usage: 0, quota: 0, percentage: 0 });
  });

  it("gives zeros and logs when estimate throws", async () => {
    vi.stubGlobal("navigator", {
      storage: {
        estimate: () => Promise.reject(new Error("SecurityError")),
      },
    });
    expect(await getStorageInfo()).toEqual({ usage: 0, quota: 0, percentage: 0 });
    expect(consoleError).toHaveBeenCalled();
  });
});

describe("when the database cannot be opened", () => {
  /** Every way of failing to open: a throwing open() and an open request that errors. */
  const failures: [string, () => Promise<void>][] = [
    [
      "open() throws",
      async () => {
        globalThis.indexedDB = {
          open: () => {
            throw new DOMException("IndexedDB kapalı", "InvalidStateError");
          },
        } as unknown as IDBFactory;
      },
    ],
    [
      "the open request fires an error (VersionError: a newer version exists)",
      async () => {
        const request = globalThis.indexedDB.open(DB_NAME, 2);
        request.onupgradeneeded = () => request.result.createObjectStore("other");
        const db = await rawRequest(request);
        db.close();
      },
    ],
  ];

  describe.each(failures)("%s", (_label, breakDatabase) => {
    beforeEach(async () => {
      await breakDatabase();
      resetOfflineDbConnection();
    });

    it("openOfflineDb rejects", async () => {
      await expect(Promise.resolve().then(() => openOfflineDb())).rejects.toBeDefined();
    });

    it("reads resolve to [] and are logged", async () => {
      expect(await getOfflineOrders()).toEqual([]);
      expect(await getOfflineOrdersForTable(3)).toEqual([]);
      expect(await getCachedMenu()).toEqual([]);
      expect(await getCachedAvailableMenu()).toEqual([]);
      expect(await getCachedTables()).toEqual([]);
      expect(await getSyncQueue()).toEqual([]);
      expect(consoleError).toHaveBeenCalledTimes(6);
    });

    it("storeOfflineOrder rejects (the failure is raised, not swallowed)", async () => {
      await expect(storeOfflineOrder(orderInput(), T0)).rejects.toBeDefined();
    });

    it("cacheMenu, cacheTables, clearOldCache and pruneSyncedOrders do not throw, and log", async () => {
      await expect(cacheMenu([menuItem(1, "Kebap", true)], T0)).resolves.toBeUndefined();
      await expect(cacheTables([table(1, 1)], T0)).resolves.toBeUndefined();
      await expect(clearOldCache(undefined, T0)).resolves.toBe(0);
      await expect(pruneSyncedOrders(undefined, T0)).resolves.toBeUndefined();
      expect(consoleError).toHaveBeenCalledTimes(4);
    });

    it("a later open succeeds once the database is usable again (the failure is not cached)", async () => {
      expect(await getOfflineOrders()).toEqual([]);
      globalThis.indexedDB = new IDBFactory();
      const order = await storeOfflineOrder(orderInput(), T0);
      expect(await getOfflineOrders()).toEqual([order]);
    });
  });
});
