// Web push (decision 052): the browsers that asked for the restaurant's notifications, and the
// delivery to them through their push services with the web-push package (VAPID, aes128gcm).
// Every function takes the restaurant from the session (or the job) first.
import { ECDH, createHash } from "node:crypto";
import webpush from "web-push";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { buildPushPayload, isAllowedPushEndpoint, PUSH_BAD_ENDPOINT, PUSH_BAD_KEYS, PUSH_LIMITS, type PushMessage } from "./rules";
import type { SubscribeInput } from "./schemas";

interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The VAPID keys and contact, or null when push is off (no keys in the environment). */
export function pushConfig(): VapidConfig | null {
  const env = getEnv();
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}

/** The public key a browser subscribes with (PushManager's applicationServerKey), or null when push is off. */
export const pushPublicKey = () => pushConfig()?.publicKey ?? null;

const endpointHash = (endpoint: string) => createHash("sha256").update(endpoint).digest("hex");
const endpointAllowed = (endpoint: string) => isAllowedPushEndpoint(endpoint, getEnv().PUSH_ALLOW_INSECURE_ENDPOINTS);

/** Whether a browser's key is a point of P-256 (a key that is not could never be encrypted for). */
function onCurve(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, "base64url"), "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/** 400 unless a push may be posted to this endpoint (the SSRF guard, decision 052). */
export function assertPushEndpoint(endpoint: string): void {
  if (!endpointAllowed(endpoint)) throw new DomainError(400, PUSH_BAD_ENDPOINT);
}

/**
 * Keeps this browser's subscription for the restaurant (and the user who switched push on). The
 * endpoint identifies the browser: sending it again updates its keys, and a browser registered by
 * another restaurant before (another account logged in on it) now belongs to this one. One
 * statement, so two tabs subscribing at once leave one row. Past the per-restaurant limit the
 * browsers that went longest without a delivery make room.
 */
export async function savePushSubscription(
  { restaurantId, userId, sessionId }: { restaurantId: number; userId: number; sessionId: number },
  input: SubscribeInput,
): Promise<void> {
  assertPushEndpoint(input.endpoint);
  if (!onCurve(input.keys.p256dh)) throw new DomainError(400, PUSH_BAD_KEYS);
  // The browser belongs to the session that switched it on: the session's end (logout, a password
  // reset's sign-out, expiry) deletes the row through the foreign key (decision 060).
  await prisma.$executeRaw`
    INSERT INTO push_subscriptions (restaurantId, userId, sessionId, endpoint, endpointHash, p256dh, auth, createdAt, failureCount)
    VALUES (${restaurantId}, ${userId}, ${sessionId}, ${input.endpoint}, ${endpointHash(input.endpoint)}, ${input.keys.p256dh}, ${input.keys.auth}, NOW(3), 0)
    ON DUPLICATE KEY UPDATE restaurantId = VALUES(restaurantId), userId = VALUES(userId), sessionId = VALUES(sessionId),
      endpoint = VALUES(endpoint), p256dh = VALUES(p256dh), auth = VALUES(auth), createdAt = NOW(3), failureCount = 0`;
  const extra = await prisma.pushSubscription.findMany({
    where: { restaurantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: PUSH_LIMITS.subscriptionsPerRestaurant,
    select: { id: true },
  });
  if (extra.length > 0) await prisma.pushSubscription.deleteMany({ where: { restaurantId, id: { in: extra.map((s) => s.id) } } });
}

/** Whether this browser receives the restaurant's push now (the settings switch shows the server's answer). */
export async function isPushSubscribed(restaurantId: number, endpoint: string): Promise<boolean> {
  return (await prisma.pushSubscription.count({ where: { restaurantId, endpointHash: endpointHash(endpoint) } })) > 0;
}

/** Forgets this browser for the restaurant; another restaurant's browser is left alone. Whether one was removed. */
export async function removePushSubscription(restaurantId: number, endpoint: string): Promise<boolean> {
  const { count } = await prisma.pushSubscription.deleteMany({ where: { restaurantId, endpointHash: endpointHash(endpoint) } });
  return count > 0;
}

/** How many browsers receive the restaurant's push notifications. */
export function countPushSubscriptions(restaurantId: number): Promise<number> {
  return prisma.pushSubscription.count({ where: { restaurantId } });
}

export interface PushOutcome {
  /** Why nothing was sent: push is off on this server, or in the restaurant's settings. */
  skipped?: "not-configured" | "disabled";
  sent: number;
  /** Browsers dropped: gone from their push service (404/410), or failing too long. */
  removed: number;
  /** Deliveries that failed and will be tried with the next message. */
  failed: number;
}

const SEND_TIMEOUT_MS = 10_000;
/**
 * Deliveries in flight at once: with the per-restaurant limit of browsers and the time limit each,
 * a job ends well inside its claim (push job: 2 minutes), so no other process runs it again.
 */
const PARALLEL_DELIVERIES = 10;
/** A message waits this long on the push service for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends the message to every browser of the restaurant, when push is configured and the
 * restaurant's "Anlık (push) bildirimler" setting is on. Each browser is tried once: a failure is
 * counted on its row rather than retrying the whole job, which would send the message twice to
 * the browsers that got it. Only when every delivery failed does it throw, so that the job runs
 * again later (nobody got it yet).
 */
export async function sendPushToRestaurant(restaurantId: number, message: PushMessage): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  const config = pushConfig();
  if (!config) return { ...outcome, skipped: "not-configured" };
  const restaurant = await prisma.restaurant.findUnique({ where: { id: restaurantId }, select: { pushNotifications: true } });
  if (!restaurant?.pushNotifications) return { ...outcome, skipped: "disabled" };
  // The owner's and managers' browsers only (decision 065): subscribing needs manager mode, and an
  // account deleted (closed, not removed) or moved to another role since gets nothing.
  const subscriptions = await prisma.pushSubscription.findMany({
    where: { restaurantId, OR: [{ userId: null }, { user: { isActive: true, OR: [{ isOwner: true }, { role: "admin" }] } }] },
    orderBy: { id: "asc" },
  });
  const payload = buildPushPayload(message);
  const results: (readonly ["sent" | "gone" | "failed", (typeof subscriptions)[number]])[] = [];
  for (let i = 0; i < subscriptions.length; i += PARALLEL_DELIVERIES) {
    const batch = subscriptions.slice(i, i + PARALLEL_DELIVERIES);
    results.push(...(await Promise.all(batch.map(async (sub) => [await deliver(sub, payload, config), sub] as const))));
  }
  for (const [result, subscription] of results) {
    if (result === "sent") {
      outcome.sent++;
      await prisma.pushSubscription.updateMany({
        where: { id: subscription.id },
        data: { lastSuccessAt: new Date(), failureCount: 0 },
      });
    } else if (result === "gone" || subscription.failureCount + 1 >= PUSH_LIMITS.failuresBeforeRemoval) {
      outcome.removed++;
      await prisma.pushSubscription.deleteMany({ where: { id: subscription.id } });
    } else {
      outcome.failed++;
      await prisma.pushSubscription.updateMany({ where: { id: subscription.id }, data: { failureCount: { increment: 1 } } });
    }
  }
  if (outcome.failed > 0 && outcome.sent === 0)
    throw new Error(`Push to restaurant ${restaurantId}: all ${outcome.failed} deliveries failed`);
  return outcome;
}

interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One delivery: web-push encrypts the message for the browser and signs the VAPID header; the
 * request is sent here, without following redirects (a redirect could lead anywhere) and with a
 * time limit. 404 and 410 mean the browser has unsubscribed.
 */
async function deliver(subscription: StoredSubscription, payload: string, config: VapidConfig): Promise<"sent" | "gone" | "failed"> {
  // Checked again at sending: the rule (or the test flag) may have changed since it was stored.
  if (!endpointAllowed(subscription.endpoint)) return "gone";
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      { vapidDetails: config, TTL: TTL_SECONDS, contentEncoding: "aes128gcm" },
    );
  } catch (error) {
    // Keys nothing can be encrypted for (stored before the curve check): never deliverable.
    console.warn(`Push subscription with unusable keys dropped: ${(error as Error).message}`);
    return "gone";
  }
  try {
    const response = await fetch(subscription.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return "sent";
    if (response.status === 404 || response.status === 410) return "gone";
    console.warn(`Push delivery refused with ${response.status} by ${new URL(subscription.endpoint).host}`);
    return "failed";
  } catch (error) {
    console.warn(`Push delivery to ${new URL(subscription.endpoint).host} failed: ${(error as Error).message}`);
    return "failed";
  }
}
