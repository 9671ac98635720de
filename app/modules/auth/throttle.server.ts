// Throttling of failed authentication, kept in the database so that every app
// process behind the load balancer sees the same counts.
import type { AuthAttemptScope } from "~/generated/prisma/enums";
import { prisma } from "~/utils/db.server";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

interface Limit {
  /** Failures in the window after which answers are slowed down. */
  slowAfter: number;
  /** Failures in the window after which attempts are refused (429). */
  refuseAt: number;
}

/** Per key kind: an e-mail or restaurant is one person; an address may be a whole restaurant's Wi-Fi. */
const LIMITS: Record<"email" | "ip" | "restaurant" | "admin", Limit> = {
  email: { slowAfter: 3, refuseAt: 10 },
  restaurant: { slowAfter: 3, refuseAt: 10 },
  admin: { slowAfter: 3, refuseAt: 10 },
  ip: { slowAfter: 20, refuseAt: 50 },
};

const MAX_DELAY_MS = 4000;

export class ThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Çok fazla başarısız deneme yapıldı. Lütfen ${minutes} dakika sonra tekrar deneyin.`);
  }
}

const kindOf = (key: string) => key.slice(0, key.indexOf(":")) as keyof typeof LIMITS;

export const throttleKeys = {
  email: (email: string) => `email:${email.toLowerCase()}`,
  ip: (ip: string) => `ip:${ip}`,
  restaurant: (id: number) => `restaurant:${id}`,
  admin: (email: string) => `admin:${email.toLowerCase()}`,
};

/**
 * Throws ThrottledError when any key is over its limit; otherwise returns the
 * delay to apply before answering (0 when there were few failures).
 */
export async function checkThrottle(scope: AuthAttemptScope, keys: string[], now = new Date()): Promise<number> {
  if (keys.length === 0) return 0;
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const rows = await prisma.authAttempt.groupBy({
    by: ["key"],
    where: { scope, key: { in: keys }, createdAt: { gt: since } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  let delay = 0;
  for (const row of rows) {
    const limit = LIMITS[kindOf(row.key)];
    const failures = row._count._all;
    if (failures >= limit.refuseAt) {
      const oldest = row._min.createdAt ?? now;
      const retryAfter = Math.ceil((oldest.getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000);
      throw new ThrottledError(Math.max(1, retryAfter));
    }
    if (failures >= limit.slowAfter) {
      delay = Math.max(delay, Math.min(MAX_DELAY_MS, 250 * 2 ** (failures - limit.slowAfter)));
    }
  }
  return delay;
}

export async function recordFailure(scope: AuthAttemptScope, keys: string[]) {
  if (keys.length === 0) return;
  await prisma.authAttempt.createMany({ data: keys.map((key) => ({ scope, key })) });
  // Keep the table small; a day of history is plenty for a 15-minute window.
  await prisma.authAttempt.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 24 * 60 * 60 * 1000) } } });
}

export async function clearFailures(scope: AuthAttemptScope, key: string) {
  await prisma.authAttempt.deleteMany({ where: { scope, key } });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
