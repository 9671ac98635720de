// Which tables have an order on this device that the server does not have yet:
// an order kept offline (queued or refused, in IndexedDB) or a cart of the order
// screen with JavaScript that was left unsent (sessionStorage). The grids mark
// them with the server's drafts (TableDto.draft). One store for every tile of a
// page; the reading (unsent-on-device-read.ts) is loaded after the page.
import { useSyncExternalStore } from "react";
import { afterPageLoad } from "./use-after-load";

const REFRESH_MS = 5000;
const EMPTY: ReadonlySet<number> = new Set();

let tables: ReadonlySet<number> = EMPTY;
const listeners = new Set<() => void>();
let stop: (() => void) | null = null;

async function refresh() {
  let next: Set<number>;
  try {
    next = await (await import("./unsent-on-device-read")).unsentTablesOnDevice();
  } catch {
    return; // No IndexedDB (private mode): the server's drafts still show.
  }
  if (next.size === tables.size && [...next].every((n) => tables.has(n))) return;
  tables = next;
  for (const listener of listeners) listener();
}

function start() {
  // The first read waits for the page to load: the server's drafts show until then.
  void afterPageLoad().then(refresh);
  const timer = setInterval(() => void refresh(), REFRESH_MS);
  const onFocus = () => void refresh();
  window.addEventListener("focus", onFocus);
  let channel: BroadcastChannel | undefined;
  try {
    // The offline queue announces its changes here (app/offline/sync.ts, CHANNEL).
    channel = new BroadcastChannel("sofra-offline");
    channel.onmessage = onFocus;
  } catch {
    // The timer re-reads.
  }
  return () => {
    clearInterval(timer);
    window.removeEventListener("focus", onFocus);
    channel?.close();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  stop ??= start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop?.();
      stop = null;
    }
  };
}

/** Whether this device holds an unsent order or cart for the table (false on the server and until read). */
export function useUnsentOnDevice(tableNumber: number): boolean {
  const set = useSyncExternalStore(
    subscribe,
    () => tables,
    () => EMPTY,
  );
  return set.has(tableNumber);
}
