// The pages' side of offline work: the service worker, the queue's state for
// the screens, and when to send the queue.
import { useCallback, useEffect, useRef, useState } from "react";
import { cacheMenu, cacheTables, clearOldCache, getOfflineOrders, pruneSyncedOrders, type OfflineOrder } from "./offline-db";
import { SESSION_KEY } from "./names";
import { rememberSession, type OfflineSession } from "./session";
import { CHANNEL, flushQueue, type SyncResult } from "./sync";

/** The screens a waiter needs without a connection, kept by the service worker. */
export const OFFLINE_SCREENS = ["/app/staff", "/app/order-taking"];
/** While orders wait, the queue is tried again this often (and on `online`, on becoming visible, by Background Sync). */
export const RETRY_INTERVAL_MS = 15_000;

/** Sends the worker a message and waits for its answer (or 10 s). */
async function postToWorker(message: unknown): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 10_000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * After logging out: the cached screens show this restaurant, so they go (the
 * orders still waiting stay: they are sent once the restaurant logs in again).
 */
export async function forgetUser(): Promise<void> {
  try {
    localStorage.removeItem(SESSION_KEY);
  } catch {
    // nothing kept
  }
  await Promise.all([cacheMenu([]), cacheTables([]), postToWorker({ type: "forget-user" })]);
}

/** The orders on this device that are waiting or were refused, re-read whenever the store changes. */
export function useOfflineOrders(restaurantId: number | null) {
  const [orders, setOrders] = useState<OfflineOrder[]>([]);
  const [loaded, setLoaded] = useState(false);
  const reload = useCallback(async () => {
    const all = await getOfflineOrders();
    setOrders(all.filter((o) => o.syncStatus !== "synced" && (restaurantId === null || o.restaurant_id === restaurantId)));
    setLoaded(true);
  }, [restaurantId]);

  useEffect(() => {
    void reload();
    let channel: BroadcastChannel | undefined;
    try {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = () => void reload();
    } catch {
      // Re-read on the timer below.
    }
    const timer = setInterval(() => void reload(), 5000);
    const onFocus = () => void reload();
    window.addEventListener("focus", onFocus);
    return () => {
      channel?.close();
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [reload]);

  return {
    loaded,
    waiting: orders.filter((o) => o.syncStatus === "pending"),
    refused: orders.filter((o) => o.syncStatus === "failed"),
    reload,
  };
}

/**
 * Sends the queue on `online`, when the page becomes visible, every
 * RETRY_INTERVAL_MS, and once at start. Only one run at a time per page.
 */
export function useQueueSender(restaurantId: number | null, onResult?: (result: SyncResult) => void) {
  const running = useRef(false);
  const resultRef = useRef(onResult);
  resultRef.current = onResult;

  const send = useCallback(async () => {
    if (running.current || restaurantId === null || !navigator.onLine) return;
    running.current = true;
    try {
      const result = await flushQueue({ restaurantId });
      resultRef.current?.(result);
    } catch (error) {
      console.error("Bekleyen siparişler gönderilemedi:", error);
    } finally {
      running.current = false;
    }
  }, [restaurantId]);

  useEffect(() => {
    void send();
    const onVisible = () => {
      if (document.visibilityState === "visible") void send();
    };
    const onOnline = () => void send();
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    const timer = setInterval(() => void send(), RETRY_INTERVAL_MS);
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(timer);
    };
  }, [send]);

  return send;
}

/** Keeps the screens, their files, the menu and the tables for offline use after an online load. */
export function useKeepForOffline(session: OfflineSession | null) {
  useEffect(() => {
    if (!session || !navigator.onLine) return;
    rememberSession(session);
    void clearOldCache();
    void pruneSyncedOrders();
    const controller = new AbortController();
    void (async () => {
      try {
        // The worker also fetches the app's files (app-assets.json): the public site's are all it precaches.
        const screens = postToWorker({
          type: "warm",
          urls: [...OFFLINE_SCREENS, `${location.pathname}${location.search}`],
          appAssets: true,
        });
        const [menu, tables] = await Promise.all(
          ["/api/menu", "/api/tables"].map(async (path) => {
            const res = await fetch(path, {
              credentials: "same-origin",
              signal: controller.signal,
              headers: { "x-sofra-background": "1" },
            });
            return res.ok ? res.json() : null;
          }),
        );
        if (Array.isArray(menu)) await cacheMenu(menu);
        if (Array.isArray(tables)) await cacheTables(tables);
        await screens;
        // This device can now take orders without a connection (the staff screen says so).
        document.documentElement.dataset.offlineReady = "true";
        window.dispatchEvent(new Event("sofra:offline-ready"));
      } catch {
        // Offline or aborted: the previous copies stay.
      }
    })();
    return () => controller.abort();
    // Once per person and restaurant, not on every render's new session object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session?.restaurantId, session?.staffName]);
}
