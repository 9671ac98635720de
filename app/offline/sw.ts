/// <reference lib="webworker" />
// Sofra's service worker (built by vite-plugin-pwa, injectManifest strategy).
//
// - Precaches the public site's files, the icons and the offline page (vite.config.ts).
// - The restaurant app's files (hashed, never changing): cache first, kept from
//   the app's first visit (the page asks for them: see useKeepForOffline).
// - The restaurant app's pages (/app/*, /payments) and their React Router data
//   requests: network first, the last copy from this device when offline.
// - The menu and tables API: network first, cached copy when offline (a 304 is not written).
// - Anything else that cannot be reached gives the Turkish offline page.
// - Background Sync sends the orders queued while offline.
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { flushQueue, SYNC_TAG } from "./sync";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

export const PAGE_CACHE = "sofra-pages";
export const DATA_CACHE = "sofra-data";
export const API_CACHE = "sofra-api";
export const ASSET_CACHE = "sofra-assets";
const USER_CACHES = [PAGE_CACHE, DATA_CACHE, API_CACHE];

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const isAppPath = (pathname: string) => pathname === "/app" || pathname.startsWith("/app/") || pathname === "/payments";

/** Pages are kept per path: an offline reload of /app/staff?success=… gets the last /app/staff. */
const pathOnlyKey = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    return `${url.origin}${url.pathname}`;
  },
};

// Only successful answers are kept: a redirect to the login page is not a page to show offline.
const okOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 && !response.redirected ? response : null),
};

const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith("/assets/");

registerRoute(
  ({ request, url }) => request.method === "GET" && isAsset(url),
  // Vary: Accept-Encoding on the stored copy must not make a module import miss it.
  new CacheFirst({
    cacheName: ASSET_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 300 })],
  }),
);

registerRoute(
  ({ request, url }) => request.mode === "navigate" && isAppPath(url.pathname),
  new NetworkFirst({
    cacheName: PAGE_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [pathOnlyKey, okOnly, new ExpirationPlugin({ maxEntries: 40 })],
  }),
);

registerRoute(
  ({ request, url }) => request.method === "GET" && url.pathname.endsWith(".data") && isAppPath(url.pathname.replace(/(\/_)?\.data$/, "")),
  new NetworkFirst({ cacheName: DATA_CACHE, networkTimeoutSeconds: 5, plugins: [okOnly, new ExpirationPlugin({ maxEntries: 100 })] }),
);

// The tables poll is conditional (decision 091): most answers are a 304 without a body, which
// okOnly never writes, so Cache Storage is written only when the floor changed.
registerRoute(
  ({ request, url }) => request.method === "GET" && (url.pathname === "/api/menu" || url.pathname === "/api/tables"),
  new NetworkFirst({ cacheName: API_CACHE, networkTimeoutSeconds: 4, plugins: [okOnly] }),
);

setCatchHandler(async ({ request }) => {
  if (request.destination === "document") return (await matchPrecache("/offline.html")) ?? Response.error();
  return Response.error();
});

self.addEventListener("sync", (event) => {
  const syncEvent = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (syncEvent.tag === SYNC_TAG) syncEvent.waitUntil(flushQueue());
});

self.addEventListener("message", (event) => {
  const message = event.data as { type?: string; urls?: string[]; appAssets?: boolean } | null;
  const reply = () => event.ports[0]?.postMessage({ done: true });
  if (message?.type === "warm" && Array.isArray(message.urls)) {
    // The page asks for the app's screens to be kept for offline use (with this user's session).
    const urls = message.urls.map((u) => new URL(u, self.location.origin)).filter((u) => isAppPath(u.pathname));
    event.waitUntil(Promise.all([warm(urls), message.appAssets ? keepAppAssets() : null]).then(reply));
  } else if (message?.type === "forget-user") {
    // Logging out: another person may use this phone; drop the pages that show this restaurant.
    event.waitUntil(Promise.all(USER_CACHES.map((name) => caches.delete(name))).then(reply));
  } else {
    reply();
  }
});

/**
 * The restaurant app's hashed files (listed at build time in app-assets.json),
 * fetched once: after one online visit a waiter can open any screen offline.
 */
async function keepAppAssets() {
  let urls: URL[];
  try {
    const list = (await (await fetch("/app-assets.json", { cache: "no-cache" })).json()) as string[];
    urls = list.map((u) => new URL(u, self.location.origin)).filter(isAsset);
  } catch {
    return;
  }
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      try {
        if (await cache.match(url.href, { ignoreVary: true })) return;
        const response = await fetch(url.href, { credentials: "same-origin" });
        if (response.status === 200) await cache.put(url.href, response);
      } catch {
        // Offline already: fetched on the next online visit.
      }
    }),
  );
}

async function warm(urls: URL[]) {
  const cache = await caches.open(PAGE_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      try {
        // Marked so the server can tell this background copy from a person opening the screen
        // (opening the staff panel ends manager mode; keeping a copy of it must not).
        const response = await fetch(url, { credentials: "same-origin", headers: { "X-Sofra-Warm": "1" } });
        if (response.status === 200 && !response.redirected) await cache.put(`${url.origin}${url.pathname}`, response);
      } catch {
        // Offline already: keep what is there.
      }
    }),
  );
}

// Web push (decision 052): the server sends `{ title, body, url, tag }` (app/modules/push/rules.ts).
interface PushData {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

/** A path of this site to open on a click; anything else (another host, a script URL) opens the inbox. */
function sitePath(url: unknown): string {
  if (typeof url !== "string") return "/app/notifications";
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? `${target.pathname}${target.search}${target.hash}` : "/app/notifications";
}

self.addEventListener("push", (event) => {
  let data: PushData;
  try {
    data = (event.data?.json() ?? {}) as PushData;
  } catch {
    // Not JSON: show the text itself rather than nothing (a push must show a notification).
    data = { body: event.data?.text() };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Sofra";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      lang: "tr",
      ...(typeof data.tag === "string" && data.tag ? { tag: data.tag } : {}),
      data: { url: sitePath(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(sitePath((event.notification.data as { url?: unknown } | null)?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      // A Sofra tab that is open already is brought forward and led there; otherwise a new one.
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(url).catch(() => self.clients.openWindow(url));
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
