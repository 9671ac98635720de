// Web push's limits, messages and the two pure rules the server applies to every delivery:
// where a push may be posted (the SSRF guard) and what the encrypted message may say.
// No zod, no server code: the settings page imports the messages.

export const PUSH_LIMITS = {
  /** push_subscriptions.endpoint; real push services' URLs are 150–400 characters. */
  endpoint: 1000,
  /** base64url of a 65-byte P-256 point is 87 characters (88 with padding). */
  p256dh: 128,
  /** base64url of the 16-byte auth secret is 22 characters (24 with padding). */
  auth: 64,
  /** Browsers kept per restaurant: a new one past this pushes out the oldest. */
  subscriptionsPerRestaurant: 50,
  /** Failed deliveries in a row after which a browser is dropped. */
  failuresBeforeRemoval: 10,
  /** Bytes of the JSON message before encryption (push services take 4 KB with the overhead). */
  payloadBytes: 3000,
} as const;

export const PUSH_NOT_CONFIGURED = "Anlık bildirimler bu sunucuda yapılandırılmamış.";
export const PUSH_BAD_ENDPOINT = "Geçersiz bildirim adresi: bir tarayıcı bildirim servisinin https adresi olmalıdır.";
export const PUSH_BAD_KEYS = "Geçersiz abonelik anahtarları (keys.p256dh ve keys.auth gereklidir).";

/**
 * The push services of the browsers Sofra supports (Chrome/Edge/Opera: FCM; Firefox: Mozilla's
 * autopush; Edge on Windows: WNS; Safari: Apple). Only these are posted to: the endpoint comes
 * from the client, and without this list a session could make the server post to any address
 * it can reach, internal ones included (decision 052).
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

/** Whether a push may be posted to this endpoint; `allowInsecure` (tests only) lets any http(s) URL through. */
export function isAllowedPushEndpoint(endpoint: string, allowInsecure: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // Credentials in the URL are never part of a push service's address.
  if (url.username || url.password) return false;
  if (allowInsecure) return url.protocol === "https:" || url.protocol === "http:";
  if (url.protocol !== "https:" || (url.port !== "" && url.port !== "443")) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

export interface PushMessage {
  title: string;
  body: string;
  /** Where a click on the notification leads: a path of this site. */
  url?: string;
  /** Notifications with the same tag replace each other on the device. */
  tag?: string;
}

export const DEFAULT_PUSH_URL = "/app/notifications";

/** A path of this site (not `//host`, not `/\host`, which browsers read as another host). */
export function isSitePath(url: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(url);
}

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s).byteLength;

/** Cuts text to at most `max` code points, with an ellipsis when it was longer. */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join("")}…`;
}

/**
 * The JSON the service worker receives: title, body, url (a site path, else the inbox) and tag,
 * shortened so the encrypted message fits what push services accept (the body gives way first).
 */
export function buildPushPayload(message: PushMessage): string {
  const url = message.url && isSitePath(message.url) && message.url.length <= 500 ? message.url : DEFAULT_PUSH_URL;
  const tag = message.tag ? cut(message.tag, 64) : undefined;
  let title = cut(message.title, 200);
  let body = message.body;
  const json = () => JSON.stringify({ title, body, url, ...(tag ? { tag } : {}) });
  // Halve the body until it fits, then the title (only a huge title gets this far).
  let limit = Array.from(body).length;
  while (bytes(json()) > PUSH_LIMITS.payloadBytes && limit > 0) {
    limit = Math.floor(limit / 2);
    body = cut(message.body, limit);
  }
  while (bytes(json()) > PUSH_LIMITS.payloadBytes) title = cut(title, Math.floor(Array.from(title).length / 2));
  return json();
}
