// The browser side of web push (decision 052): subscribe this device with the server's VAPID key
// and register it, or unsubscribe it. Loaded on demand by the settings screen's switch, so the
// page's first load does not carry it.

export type DeviceState = "unsupported" | "no-worker" | "denied" | "subscribed" | "unsubscribed";

/** A refusal to show as is (Turkish). */
export class PushClientError extends Error {}

const supported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** How long to wait for the service worker to become active before saying there is none. */
export const WORKER_WAIT_MS = 5000;

/**
 * The service worker's registration once it is active, or null (none: development). On a first
 * visit the page registers its worker only at the window's load event (offline/register-sw.ts),
 * which may come after this screen has asked: wait for it rather than answer "no worker" for good.
 */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), WORKER_WAIT_MS))]);
}

/** Whether this device receives push now (without asking the user anything). */
export async function deviceState(): Promise<DeviceState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const reg = await registration();
  if (!reg) return "no-worker";
  const subscription = await reg.pushManager.getSubscription();
  if (!subscription) return "unsubscribed";
  // The browser keeps its subscription after a logout, but the server forgot it with the session
  // (decision 060): ask. Unreachable server: the browser's word.
  try {
    const response = await fetch(`/api/push/status?endpoint=${encodeURIComponent(subscription.endpoint)}`, { credentials: "same-origin" });
    if (response.ok) return ((await response.json()) as { subscribed: boolean }).subscribed ? "subscribed" : "unsubscribed";
  } catch {
    // Offline.
  }
  return "subscribed";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

async function post(path: string, body: unknown) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const detail = ((await response.json().catch(() => null)) as { detail?: string } | null)?.detail;
    throw new PushClientError(detail ?? "Bildirim aboneliği kaydedilemedi. Lütfen tekrar deneyin.");
  }
}

/** Asks for permission, subscribes this device with the server's key and registers it with the server. */
export async function subscribeDevice(publicKey: string): Promise<void> {
  if (!supported()) throw new PushClientError("Bu tarayıcı anlık bildirimleri desteklemiyor.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushClientError("Bildirim izni verilmedi. İzin vermek için tarayıcınızın site ayarlarını açın.");
  const reg = await registration();
  if (!reg) throw new PushClientError("Uygulamanın arka plan çalışanı hazır değil. Sayfayı yenileyip tekrar deneyin.");
  const key = keyBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // Subscribed with another key (the server's keys were renewed): that subscription no longer works.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushClientError("Tarayıcının bildirim servisine ulaşılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.");
  }
  await post("/api/push/subscribe", subscription.toJSON());
}

/** Stops push on this device: the server forgets it, then the browser drops the subscription. */
export async function unsubscribeDevice(): Promise<void> {
  if (!supported()) return;
  // No registration, no subscription: nothing to wait for (a logout must not hang on it).
  const reg = await navigator.serviceWorker.getRegistration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  await post("/api/push/unsubscribe", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
