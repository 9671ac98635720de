// The device's offline store (IndexedDB through idb), exactly as the spec
// describes it: a database named after the product, version 1, four stores.
// Used by the pages and by the service worker (no DOM here).
//
// Failure rules (spec): reads that fail give an empty list and are logged;
// failing to store an offline order is raised to the caller, never swallowed.
import type { ItemOptionGroup } from "~/modules/menu/options";
import { openDB, type DBSchema, type IDBPDatabase } from "idb";

import { DB_NAME, DB_VERSION } from "./names";

export { DB_NAME, DB_VERSION };
/** Menu and table copies older than this are purged by clearOldCache (7 days). */
export const DEFAULT_MAX_CACHE_AGE_MS = 604_800_000;

export type SyncStatus = "pending" | "synced" | "failed";

export interface OfflineOrderItem {
  menu_item_id: number;
  quantity: number;
  /** An ikram line of an edit (kept as it was on the order: an offline edit cannot make new ones). */
  complimentary?: boolean;
  /** The waiter's note for the kitchen. */
  note?: string;
  /** The chosen options' ids. */
  options?: number[];
  /** For showing the order while it waits; the server prices it again. */
  menu_item_name?: string;
  unit_price?: number;
}

/** An order taken without a connection, as the order screen makes it. */
export interface OfflineOrderInput {
  client_order_id: string;
  /** The restaurant of the session that took it: only that restaurant's session sends it. */
  restaurant_id: number;
  table_number: number;
  items: OfflineOrderItem[];
  /** A new table's guest count (kişi sayısı), when the waiter gave it. */
  customer_count?: number;
  waiter_name?: string;
  /** What the device showed; the server recomputes it from the menu. */
  total_amount?: number;
  /**
   * Set when this is an edit of an open order (all its items) rather than a new
   * order: sent as PUT …/update with client_order_id as the edit key, so a replay
   * of an edit that did reach the server changes nothing.
   */
  edit?: { order_id: number; base_version: number | null };
}

export interface OfflineOrder extends OfflineOrderInput {
  id?: number;
  /** The table number (the spec's tableId index). */
  tableId: number;
  status: "active";
  timestamp: number;
  offline: true;
  syncStatus: SyncStatus;
  /** The server's refusal, when syncStatus is failed. */
  error?: string;
  /** The server's order id, once synced. */
  serverOrderId?: number;
  syncedAt?: number;
}

export interface SyncQueueEntry {
  id?: number;
  action: "CREATE_ORDER" | "UPDATE_ORDER";
  data: OfflineOrderInput & { offlineOrderId: number };
  timestamp: number;
}

export interface CachedMenuItem {
  id: number;
  name: string;
  category: string;
  price: number;
  description?: string | null;
  available: boolean;
  /** The option groups order taking offers on its line (decision 082). */
  option_groups?: ItemOptionGroup[];
  cachedAt: number;
}

/**
 * As stored: IndexedDB cannot index booleans, so `available` is kept as 1 or 0;
 * `position` is the item's place in the server's list, which the store (keyed
 * by id) would otherwise lose: offline, the menu keeps its online order.
 */
interface StoredMenuItem extends Omit<CachedMenuItem, "available"> {
  available: 0 | 1;
  position?: number;
}

export interface CachedTable {
  id: number;
  number: number;
  status: string;
  waiter_name?: string | null;
  customer_count?: number;
  /** Table management's name and section (the grid groups by section offline too). */
  display_name?: string | null;
  section?: { id: number; name: string; color: string; sort_order: number } | null;
  cachedAt: number;
}

interface SofraDb extends DBSchema {
  orders: {
    key: number;
    value: OfflineOrder;
    indexes: { timestamp: number; tableId: number; status: string };
  };
  menu: {
    key: number;
    value: StoredMenuItem;
    indexes: { category: string; available: number };
  };
  tables: {
    key: number;
    value: CachedTable;
    indexes: { status: string };
  };
  syncQueue: {
    key: number;
    value: SyncQueueEntry;
    indexes: { action: string; timestamp: number };
  };
}

export type OfflineDb = IDBPDatabase<SofraDb>;

let opening: Promise<OfflineDb> | undefined;

/** Opens (and on first use creates) the offline database; one connection per context. */
export function openOfflineDb(): Promise<OfflineDb> {
  opening ??= openDB<SofraDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      const orders = db.createObjectStore("orders", { keyPath: "id", autoIncrement: true });
      orders.createIndex("timestamp", "timestamp");
      orders.createIndex("tableId", "tableId");
      orders.createIndex("status", "status");
      const menu = db.createObjectStore("menu", { keyPath: "id" });
      menu.createIndex("category", "category");
      menu.createIndex("available", "available");
      const tables = db.createObjectStore("tables", { keyPath: "id" });
      tables.createIndex("status", "status");
      const queue = db.createObjectStore("syncQueue", { keyPath: "id", autoIncrement: true });
      queue.createIndex("action", "action");
      queue.createIndex("timestamp", "timestamp");
    },
    blocking() {
      // Another tab wants a newer version: let it.
      void opening?.then((db) => db.close());
      opening = undefined;
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** For tests: forget the cached connection. */
export function resetOfflineDbConnection(): void {
  void opening?.then((db) => db.close()).catch(() => {});
  opening = undefined;
}

/**
 * Runs work in tx and waits for the commit. On any failure — a failed request
 * or an exception thrown midway — the transaction is aborted, so nothing it
 * wrote is kept, and the failure is raised. (Without the abort, a thrown
 * exception lets the transaction commit what was done so far; without the
 * catch on tx.done, its rejection is reported as unhandled.)
 */
async function inTransaction<T>(tx: { abort(): void; done: Promise<void> }, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    await tx.done;
    return result;
  } catch (error) {
    tx.done.catch(() => {});
    try {
      tx.abort();
    } catch {
      // Already aborted (a failed request aborts it) or finished.
    }
    throw error;
  }
}

async function safeRead<T>(what: string, read: (db: OfflineDb) => Promise<T[]>): Promise<T[]> {
  try {
    return await read(await openOfflineDb());
  } catch (error) {
    console.error(`Çevrimdışı depo okunamadı (${what}):`, error);
    return [];
  }
}

/**
 * Stores an order taken offline and queues CREATE_ORDER (UPDATE_ORDER for an edit) for it, in one
 * transaction. Raises on failure: the waiter must know the order was not kept.
 */
export async function storeOfflineOrder(input: OfflineOrderInput, now = Date.now()): Promise<OfflineOrder> {
  const db = await openOfflineDb();
  const tx = db.transaction(["orders", "syncQueue"], "readwrite");
  const order: OfflineOrder = {
    ...input,
    tableId: input.table_number,
    status: "active",
    timestamp: now,
    offline: true,
    syncStatus: "pending",
  };
  return inTransaction(tx, async () => {
    const id = await tx.objectStore("orders").add(order);
    await tx.objectStore("syncQueue").add({
      action: input.edit ? "UPDATE_ORDER" : "CREATE_ORDER",
      data: { ...input, offlineOrderId: id },
      timestamp: now,
    });
    return { ...order, id };
  });
}

/** Every order taken offline that is still on this device, oldest first. */
export function getOfflineOrders(): Promise<OfflineOrder[]> {
  return safeRead("orders", (db) => db.getAllFromIndex("orders", "timestamp"));
}

/** Offline orders of one table (the spec's tableId index). */
export function getOfflineOrdersForTable(tableNumber: number): Promise<OfflineOrder[]> {
  return safeRead("orders", (db) => db.getAllFromIndex("orders", "tableId", tableNumber));
}

/** Replaces the cached menu with this one. */
export async function cacheMenu(items: Omit<CachedMenuItem, "cachedAt">[], now = Date.now()): Promise<void> {
  try {
    const db = await openOfflineDb();
    const tx = db.transaction("menu", "readwrite");
    await inTransaction(tx, async () => {
      await tx.store.clear();
      await Promise.all(
        items.map(async (item, position) => tx.store.put({ ...item, available: item.available ? 1 : 0, position, cachedAt: now })),
      );
    });
  } catch (error) {
    console.error("Menü çevrimdışı kullanım için saklanamadı:", error);
  }
}

const inServerOrder = (items: StoredMenuItem[]) => items.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
const fromStored = ({ position: _position, ...item }: StoredMenuItem): CachedMenuItem => ({ ...item, available: item.available === 1 });

export async function getCachedMenu(): Promise<CachedMenuItem[]> {
  return inServerOrder(await safeRead("menu", (db) => db.getAll("menu"))).map(fromStored);
}

/** The cached menu items that were on sale (the spec's `available` index). */
export async function getCachedAvailableMenu(): Promise<CachedMenuItem[]> {
  return inServerOrder(await safeRead("menu", (db) => db.getAllFromIndex("menu", "available", 1))).map(fromStored);
}

/** Replaces the cached tables with these. */
export async function cacheTables(tables: Omit<CachedTable, "cachedAt">[], now = Date.now()): Promise<void> {
  try {
    const db = await openOfflineDb();
    const tx = db.transaction("tables", "readwrite");
    await inTransaction(tx, async () => {
      await tx.store.clear();
      await Promise.all(tables.map(async (table) => tx.store.put({ ...table, cachedAt: now })));
    });
  } catch (error) {
    console.error("Masalar çevrimdışı kullanım için saklanamadı:", error);
  }
}

export async function getCachedTables(): Promise<CachedTable[]> {
  const tables = await safeRead("tables", (db) => db.getAll("tables"));
  return tables.sort((a, b) => a.number - b.number);
}

export function getSyncQueue(): Promise<SyncQueueEntry[]> {
  return safeRead("syncQueue", (db) => db.getAllFromIndex("syncQueue", "timestamp"));
}

export async function removeFromSyncQueue(ids: number[]): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction("syncQueue", "readwrite");
  await inTransaction(tx, async () => {
    await Promise.all(ids.map(async (id) => tx.store.delete(id)));
  });
}

/** How much the browser lets the app keep, and how much it keeps. */
export async function getStorageInfo(): Promise<{ usage: number; quota: number; percentage: number }> {
  try {
    const estimate = (await navigator.storage?.estimate?.()) ?? {};
    const usage = estimate.usage ?? 0;
    const quota = estimate.quota ?? 0;
    return { usage, quota, percentage: quota > 0 ? Math.round((usage / quota) * 10_000) / 100 : 0 };
  } catch (error) {
    console.error("Depolama bilgisi alınamadı:", error);
    return { usage: 0, quota: 0, percentage: 0 };
  }
}

/** Purges menu items and tables cached longer ago than maxAgeMs; returns how many went. */
export async function clearOldCache(maxAgeMs = DEFAULT_MAX_CACHE_AGE_MS, now = Date.now()): Promise<number> {
  try {
    const db = await openOfflineDb();
    const tx = db.transaction(["menu", "tables"], "readwrite");
    return await inTransaction(tx, async () => {
      let removed = 0;
      for (const name of ["menu", "tables"] as const) {
        let cursor = await tx.objectStore(name).openCursor();
        while (cursor) {
          if (now - cursor.value.cachedAt > maxAgeMs) {
            await cursor.delete();
            removed++;
          }
          cursor = await cursor.continue();
        }
      }
      return removed;
    });
  } catch (error) {
    console.error("Eski önbellek temizlenemedi:", error);
    return 0;
  }
}

// --- What the sync needs beyond the spec's operations ------------------------

/** The server confirmed the order: it leaves the queue, and the order is kept as sent. */
export async function markOrderSynced(queueId: number, offlineOrderId: number, serverOrderId: number, now = Date.now()) {
  const db = await openOfflineDb();
  const tx = db.transaction(["orders", "syncQueue"], "readwrite");
  await inTransaction(tx, async () => {
    const order = await tx.objectStore("orders").get(offlineOrderId);
    if (order) {
      await tx.objectStore("orders").put({ ...order, syncStatus: "synced", serverOrderId, syncedAt: now, error: undefined });
    }
    await tx.objectStore("syncQueue").delete(queueId);
  });
}

/** The server refused the order: it stays, with the server's message, until fixed or discarded. */
export async function markOrderFailed(offlineOrderId: number, detail: string) {
  const db = await openOfflineDb();
  const order = await db.get("orders", offlineOrderId);
  if (order) await db.put("orders", { ...order, syncStatus: "failed", error: detail });
}

/** The waiter discards an order the server refused (or that they re-entered): order and queue entry go. */
export async function discardOfflineOrder(offlineOrderId: number) {
  const db = await openOfflineDb();
  const tx = db.transaction(["orders", "syncQueue"], "readwrite");
  await inTransaction(tx, async () => {
    await tx.objectStore("orders").delete(offlineOrderId);
    let cursor = await tx.objectStore("syncQueue").openCursor();
    while (cursor) {
      if (cursor.value.data.offlineOrderId === offlineOrderId) await cursor.delete();
      cursor = await cursor.continue();
    }
  });
}

/** Orders sent long ago are kept a day for the record, then dropped. */
export async function pruneSyncedOrders(maxAgeMs = 24 * 60 * 60 * 1000, now = Date.now()) {
  try {
    const db = await openOfflineDb();
    const tx = db.transaction("orders", "readwrite");
    await inTransaction(tx, async () => {
      let cursor = await tx.store.openCursor();
      while (cursor) {
        if (cursor.value.syncStatus === "synced" && now - (cursor.value.syncedAt ?? cursor.value.timestamp) > maxAgeMs) {
          await cursor.delete();
        }
        cursor = await cursor.continue();
      }
    });
  } catch (error) {
    console.error("Gönderilmiş çevrimdışı siparişler temizlenemedi:", error);
  }
}

/** The waiter resends a refused order as it is (after the cause was fixed, e.g. the plan upgraded). */
export async function retryOfflineOrder(offlineOrderId: number) {
  const db = await openOfflineDb();
  const order = await db.get("orders", offlineOrderId);
  if (order) await db.put("orders", { ...order, syncStatus: "pending", error: undefined });
}

export async function getOfflineOrder(offlineOrderId: number): Promise<OfflineOrder | undefined> {
  try {
    return await (await openOfflineDb()).get("orders", offlineOrderId);
  } catch (error) {
    console.error("Çevrimdışı sipariş okunamadı:", error);
    return undefined;
  }
}
