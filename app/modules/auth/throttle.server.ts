// Throttling of authentication and signups, kept in the database so that every
// app process behind the load balancer sees the same counts. Each attempt is
// counted BEFORE it is judged, with one atomic upsert per key, so concurrent
// attempts cannot all slip under a limit; a success gives its count back.
import { createHash } from "node:crypto";
import type { AuthAttemptScope } from "~/generated/prisma/enums";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

const MAX_DELAY_MS = 4000;

/** Too many attempts: a domain refusal like any other (429 with Retry-After), so pages and the API map it the same way. */
export class ThrottledError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, message ?? `Çok fazla başarısız deneme yapıldı. Lütfen ${minutes} dakika sonra tekrar deneyin.`, undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
}

export const throttleKeys = {
  /** One account from one address: the only login key that refuses, so nobody can lock an owner out from elsewhere. */
  loginPair: (email: string, ip: string | null) => `pair:${email.toLowerCase()}|${ip ?? "-"}`,
  /** Only slows down, never refuses: guesses at one account spread over many addresses. */
  account: (email: string) => `email:${email.toLowerCase()}`,
  /** Only slows down: an address may be a whole restaurant's Wi-Fi. */
  ip: (ip: string) => `ip:${ip}`,
  /** Manager password guesses of one session (refuses). */
  session: (sessionId: number) => `session:${sessionId}`,
  /** Manager password guesses of one restaurant from every session and address (refuses, decision 067). */
  restaurant: (restaurantId: number) => `restaurant-all:${restaurantId}`,
  /** A session that typed the right manager password lately: the restaurant's limit does not refuse it. */
  verifiedSession: (sessionId: number) => `verified:${sessionId}`,
  /** Manager password guesses of one restaurant from one device/address (slows down only). */
  restaurantDevice: (restaurantId: number, ip: string | null) => `restaurant:${restaurantId}|${ip ?? "-"}`,
  signup: (ip: string | null) => `signup:${ip ?? "-"}`,
};

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export interface Hit {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** Counts an attempt and reads the count back, atomically (the upsert holds the row lock until the read). */
export async function hitCounter(scope: AuthAttemptScope, key: string, windowMs = THROTTLE_WINDOW_MS, now = new Date()): Promise<Hit> {
  const keyHash = hashKey(key);
  const cutoff = new Date(now.getTime() - windowMs);
  const [row] = await prisma.$transaction(async (tx) => {
    // Assignments run left to right: count reads the old windowStart before it is moved.
    await tx.$executeRaw`
      INSERT INTO auth_counters (scope, keyHash, count, windowStart, updatedAt)
      VALUES (${scope}, ${keyHash}, 1, ${now}, ${now})
      ON DUPLICATE KEY UPDATE
        count = IF(windowStart <= ${cutoff}, 1, count + 1),
        windowStart = IF(windowStart <= ${cutoff}, ${now}, windowStart),
        updatedAt = ${now}`;
    return tx.$queryRaw<{ count: number; windowStart: Date }[]>`
      SELECT count, windowStart FROM auth_counters WHERE scope = ${scope} AND keyHash = ${keyHash}`;
  });
  const count = Number(row!.count);
  const retryAfterSeconds = Math.max(1, Math.ceil((row!.windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { count, retryAfterSeconds };
}

/** Whether `key` was hit within the last `withinMs` (a mark, such as a session's recent success). */
export async function hitWithin(scope: AuthAttemptScope, key: string, withinMs: number, now = new Date()): Promise<boolean> {
  const rows = await prisma.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM auth_counters
    WHERE scope = ${scope} AND keyHash = ${hashKey(key)} AND updatedAt > ${new Date(now.getTime() - withinMs)}`;
  return rows.length > 0;
}

/** A success gives its attempt back (the key stays for the failures before it). */
export async function releaseCounter(scope: AuthAttemptScope, key: string) {
  await prisma.$executeRaw`
    UPDATE auth_counters SET count = GREATEST(count - 1, 0) WHERE scope = ${scope} AND keyHash = ${hashKey(key)}`;
}

export async function resetCounter(scope: AuthAttemptScope, key: string) {
  await prisma.$executeRaw`DELETE FROM auth_counters WHERE scope = ${scope} AND keyHash = ${hashKey(key)}`;
  // Keep the table small; nothing older than a day matters.
  if (Math.random() < 0.05) {
    await prisma.$executeRaw`DELETE FROM auth_counters WHERE updatedAt < ${new Date(Date.now() - 24 * 60 * 60 * 1000)}`;
  }
}

/** Short growing delays: none for the first `freeAttempts`, then 250 ms doubling up to 4 s. */
export function delayFor(count: number, freeAttempts: number) {
  if (count <= freeAttempts) return 0;
  return Math.min(MAX_DELAY_MS, 250 * 2 ** (count - freeAttempts - 1));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
