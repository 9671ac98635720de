// The grids' device marks read the offline store without its library: they see
// what offline-db.ts wrote, and never create the store themselves.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getOfflineOrders, getSyncQueue, markOrderSynced, resetOfflineDbConnection, storeOfflineOrder } from "~/offline/offline-db";
import { SESSION_KEY } from "~/offline/names";
import { unsentTablesOnDevice } from "./unsent-on-device-read";

function storage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const order = (restaurant_id: number, table_number: number, client_order_id: string) => ({
  client_order_id,
  restaurant_id,
  table_number,
  items: [{ menu_item_id: 1, quantity: 1 }],
  waiter_name: "Ayşe",
  total_amount: 20,
});

beforeEach(() => {
  resetOfflineDbConnection();
  globalThis.indexedDB = new IDBFactory();
  vi.stubGlobal("localStorage", storage({ [SESSION_KEY]: JSON.stringify({ restaurantId: 7, staffName: "Ayşe" }) }));
  vi.stubGlobal("sessionStorage", storage());
});

describe("unsentTablesOnDevice", () => {
  it("without an offline store yet: nothing, and the store is not created half-made", async () => {
    expect([...(await unsentTablesOnDevice())]).toEqual([]);
    // offline-db can still create its store with every object store.
    await storeOfflineOrder(order(7, 2, "c-first"));
    expect(await getOfflineOrders()).toHaveLength(1);
  });

  it("the tables of this restaurant's queued and refused orders, and of unsent carts kept in the tab", async () => {
    await storeOfflineOrder(order(7, 2, "c-1"));
    const synced = await storeOfflineOrder(order(7, 5, "c-2"));
    await storeOfflineOrder(order(8, 9, "c-other-restaurant"));
    const queue = await getSyncQueue();
    await markOrderSynced(queue.find((q) => q.data.offlineOrderId === synced.id)!.id!, synced.id!, 123);
    sessionStorage.setItem("sofra:cart:7:4", JSON.stringify({ lines: [{ menuItemId: 1, quantity: 1 }], openOrderId: null }));
    sessionStorage.setItem("sofra:cart:8:6", "{}");
    expect([...(await unsentTablesOnDevice())].sort()).toEqual([2, 4]);
  });
});
