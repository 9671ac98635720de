// Sending the queue of orders taken offline. Runs in the pages and in the
// service worker (Background Sync); a Web Lock keeps two of them from sending
// at once where the browser has it, and the server's client_order_id makes any
// repeat harmless anyway.
//
// An entry leaves IndexedDB only once the server confirmed the order (201, or
// 200 for a replay whose first answer was lost). A refusal (an item deleted
// meanwhile, an expired trial…) keeps the order with the server's message until
// the waiter fixes, resends or discards it. A network error, a dead session or a
// server error stops the run and keeps everything for the next one.
import { getOfflineOrders, getSyncQueue, markOrderFailed, markOrderSynced, openOfflineDb, type SyncQueueEntry } from "./offline-db";

export { SYNC_TAG } from "./names";
export const CHANNEL = "sofra-offline";
const LOCK = "sofra-sync";
/** Tables whose queues are sent at the same time. */
export const PARALLEL_TABLES = 4;

export type SyncStop = "network" | "session" | "server" | "busy";

export interface SyncResult {
  sent: number;
  refused: number;
  /** Why the run ended before the queue was empty, if it did. */
  stoppedBy?: SyncStop;
}

type Fetch = typeof fetch;

/** Tells the other tabs and the worker that the offline store changed. */
export function announceChange(): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ type: "changed" });
    channel.close();
  } catch {
    // No BroadcastChannel (old browser): the pages also re-read on a timer.
  }
}

/** The restaurant of the current session, or null when there is none (no sending then). */
async function currentRestaurant(fetchFn: Fetch): Promise<number | null | "network"> {
  try {
    const res = await fetchFn("/api/auth/me", { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!res.ok) return null;
    const body = (await res.json()) as { restaurant?: { id?: number } };
    return body.restaurant?.id ?? null;
  } catch {
    return "network";
  }
}

async function sendEntry(entry: SyncQueueEntry, fetchFn: Fetch): Promise<"sent" | "refused" | SyncStop> {
  const { data } = entry;
  let res: Response;
  try {
    const items = data.items.map((i) => ({
      menu_item_id: i.menu_item_id,
      quantity: i.quantity,
      ...(i.complimentary ? { complimentary: true } : {}),
      ...(i.note ? { note: i.note } : {}),
      ...(i.options?.length ? { options: i.options } : {}),
    }));
    res = data.edit
      ? // An edit keeps its key (the client order id): if it reached the server before, the replay changes nothing.
        await fetchFn(`/api/orders/table/${data.table_number}/update`, {
          method: "PUT",
          credentials: "same-origin",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            items,
            order_id: data.edit.order_id,
            ...(data.edit.base_version ? { base_version: data.edit.base_version } : {}),
            edit_key: data.client_order_id,
          }),
        })
      : await fetchFn("/api/orders", {
          method: "POST",
          credentials: "same-origin",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            table_number: data.table_number,
            items,
            client_order_id: data.client_order_id,
            ...(data.customer_count ? { customer_count: data.customer_count } : {}),
          }),
        });
  } catch {
    return "network";
  }
  // 200 is also the answer to a replayed order or edit whose first answer was lost.
  if (res.status === 201 || res.status === 200) {
    const order = (await res.json().catch(() => null)) as { id?: number } | null;
    await markOrderSynced(entry.id!, data.offlineOrderId, order?.id ?? 0);
    return "sent";
  }
  if (res.status === 401) return "session";
  // Throttled or the server is struggling: try again later, keep everything.
  if (res.status === 429 || res.status >= 500) return "server";
  const body = (await res.json().catch(() => null)) as { detail?: string } | null;
  await markOrderFailed(data.offlineOrderId, body?.detail ?? `Sunucu hatası: ${res.status}`);
  return "refused";
}

async function run(fetchFn: Fetch, restaurantId?: number): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, refused: 0 };
  const queue = await getSyncQueue();
  if (queue.length === 0) return result;

  const owner = restaurantId ?? (await currentRestaurant(fetchFn));
  if (owner === "network") return { ...result, stoppedBy: "network" };
  if (owner === null) return { ...result, stoppedBy: "session" };

  const orders = new Map((await getOfflineOrders()).map((o) => [o.id, o]));
  // Refused orders wait for the waiter; other restaurants' orders wait for their session.
  const sendable = queue.filter((entry) => {
    const order = orders.get(entry.data.offlineOrderId);
    return order?.syncStatus === "pending" && entry.data.restaurant_id === owner;
  });
  // A few tables at a time, each table's orders in the order they were taken.
  const byTable = new Map<number, SyncQueueEntry[]>();
  for (const entry of sendable) byTable.set(entry.data.table_number, [...(byTable.get(entry.data.table_number) ?? []), entry]);
  const lanes = [...byTable.values()];
  let stop: SyncStop | undefined;
  const worker = async () => {
    for (let lane = lanes.shift(); lane && !stop; lane = lanes.shift()) {
      for (const entry of lane) {
        if (stop) return;
        const outcome = await sendEntry(entry, fetchFn);
        if (outcome === "sent") result.sent++;
        else if (outcome === "refused") result.refused++;
        else stop ??= outcome;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_TABLES, lanes.length) }, worker));
    return stop ? { ...result, stoppedBy: stop } : result;
  } finally {
    if (result.sent || result.refused) announceChange();
  }
}

/**
 * Sends every pending order of the session's restaurant (looked up with
 * /api/auth/me when not given), one at a time, oldest first.
 */
export async function flushQueue({
  fetch: fetchFn = fetch,
  restaurantId,
}: { fetch?: Fetch; restaurantId?: number } = {}): Promise<SyncResult> {
  await openOfflineDb();
  // Pages and the worker both have navigator.locks (Window and Worker navigators).
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return run(fetchFn, restaurantId);
  return locks.request(LOCK, { ifAvailable: true }, async (lock: Lock | null) =>
    lock ? run(fetchFn, restaurantId) : { sent: 0, refused: 0, stoppedBy: "busy" as const },
  );
}
