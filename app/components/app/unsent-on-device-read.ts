// The reading half of unsent-on-device.ts, loaded after the page. It reads
// IndexedDB directly rather than through offline-db.ts, whose library the grids'
// first load does not carry (their JavaScript budgets).
import { DB_NAME, DB_VERSION, SESSION_KEY } from "~/offline/names";

const CART_KEY = /^sofra:cart:(\d+):(\d+)$/;

interface StoredOrder {
  restaurant_id: number;
  table_number: number;
  syncStatus: string;
}

/** The offline orders on this device; none when the store does not exist yet (and it is not created here). */
function storedOrders(): Promise<StoredOrder[]> {
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    // No store yet: opening must not create it without offline-db's object stores.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve([]);
    request.onsuccess = () => {
      const db = request.result;
      try {
        const all = db.transaction("orders").objectStore("orders").getAll();
        all.onsuccess = () => resolve(all.result as StoredOrder[]);
        all.onerror = () => resolve([]);
      } catch {
        resolve([]);
      } finally {
        db.close();
      }
    };
  });
}

function rememberedRestaurant(): number | null {
  try {
    return (JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null") as { restaurantId?: number } | null)?.restaurantId ?? null;
  } catch {
    return null;
  }
}

/** The table numbers this device holds unsent orders or carts for. */
export async function unsentTablesOnDevice(): Promise<Set<number>> {
  const restaurantId = rememberedRestaurant();
  const found = new Set<number>();
  for (const order of await storedOrders()) {
    if (order.syncStatus !== "synced" && (restaurantId === null || order.restaurant_id === restaurantId)) found.add(order.table_number);
  }
  for (let i = 0; i < sessionStorage.length; i++) {
    const match = CART_KEY.exec(sessionStorage.key(i) ?? "");
    if (match && (restaurantId === null || Number(match[1]) === restaurantId)) found.add(Number(match[2]));
  }
  return found;
}
