// One's own account: details, login password and sessions. Every function takes the session's
// own user (and restaurant): nobody edits another account here (that is staff management).
import { AccountError } from "~/modules/auth/accounts.server";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { hitCounter, resetCounter, sleep, delayFor, ThrottledError } from "~/modules/auth/throttle.server";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { deviceLabel } from "./device";
import { CURRENT_PASSWORD_WRONG, PROFILE_STALE, SAME_AS_CURRENT, SAME_AS_MANAGER } from "./messages";
import type { ProfileDetailsInput } from "./schemas";

/** Wrong current passwords one session may try per window: a stolen session cannot guess for long. */
const PASSWORD_TRIES_PER_SESSION = 10;

export interface Me {
  userId: number;
  restaurantId: number;
  sessionId: number;
}

export async function getProfile(me: Me) {
  const user = await prisma.user.findFirstOrThrow({
    where: { id: me.userId, restaurantId: me.restaurantId },
    select: { email: true, firstName: true, lastName: true, phone: true, role: true, isOwner: true, version: true, createdAt: true },
  });
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    role: user.role,
    is_owner: user.isOwner,
    version: user.version,
  };
}

/**
 * Saves one's name and phone. Based on an older version (the staff screen or another device
 * changed the account meanwhile) it is refused with 409, unless it asks for what is stored.
 */
export async function updateProfile(me: Me, input: ProfileDetailsInput) {
  const phone = input.phone ?? null;
  const changed = await prisma.user.updateMany({
    where: { id: me.userId, restaurantId: me.restaurantId, version: input.version },
    data: { firstName: input.first_name, lastName: input.last_name, phone, version: { increment: 1 } },
  });
  if (changed.count === 1) return;
  const now = await prisma.user.findFirst({
    where: { id: me.userId, restaurantId: me.restaurantId },
    select: { firstName: true, lastName: true, phone: true },
  });
  if (!now) throw new DomainError(404, "Hesap bulunamadı.");
  // A repeated submit of a save that went through: nothing to do.
  if (now.firstName === input.first_name && now.lastName === input.last_name && now.phone === phone) return;
  throw new DomainError(409, PROFILE_STALE);
}

/**
 * Changes one's own login password after checking the current one (throttled per session) and
 * signs out every other session of the account. An owner whose manager password is still the
 * login password (as after signup) keeps the two equal; one with a separate manager password
 * may not make the login password equal to it (decision 042).
 */
export async function changeOwnPassword(me: Me, current: string, next: string) {
  const key = `profile-session:${me.sessionId}`;
  const hit = await hitCounter("login", key);
  if (hit.count > PASSWORD_TRIES_PER_SESSION) throw new ThrottledError(hit.retryAfterSeconds);
  const delay = delayFor(hit.count, 5);
  if (delay > 0) await sleep(delay);
  const user = await prisma.user.findFirstOrThrow({
    where: { id: me.userId, restaurantId: me.restaurantId },
    select: { passwordHash: true, isOwner: true, restaurant: { select: { managerPasswordHash: true } } },
  });
  if (!(await verifyPassword(user.passwordHash, current))) throw new AccountError(401, CURRENT_PASSWORD_WRONG, "current_password");
  await resetCounter("login", key);
  if (current === next) throw new AccountError(400, SAME_AS_CURRENT, "new_password");
  let managerFollows = false;
  if (user.isOwner) {
    managerFollows = await verifyPassword(user.restaurant.managerPasswordHash, current);
    if (!managerFollows && (await verifyPassword(user.restaurant.managerPasswordHash, next))) {
      throw new AccountError(400, SAME_AS_MANAGER, "new_password");
    }
  }
  const hash = await hashPassword(next);
  await prisma.$transaction([
    prisma.user.update({ where: { id: me.userId }, data: { passwordHash: hash } }),
    ...(managerFollows ? [prisma.restaurant.update({ where: { id: me.restaurantId }, data: { managerPasswordHash: hash } })] : []),
    prisma.session.deleteMany({ where: { userId: me.userId, id: { not: me.sessionId } } }),
  ]);
  return { managerFollows };
}

/** The account's live sessions, this one first, then by last use. */
export async function listOwnSessions(me: Me, now = new Date()) {
  const rows = await prisma.session.findMany({
    where: { userId: me.userId, restaurantId: me.restaurantId, expiresAt: { gt: now } },
    select: { id: true, userAgent: true, ipAddress: true, lastSeenAt: true, createdAt: true, mode: true },
    orderBy: { lastSeenAt: "desc" },
    take: 50,
  });
  return rows
    .map((s) => ({
      id: s.id,
      device: deviceLabel(s.userAgent),
      // IPv4 clients reach a dual-stack server as ::ffff:a.b.c.d.
      ip_address: s.ipAddress?.replace(/^::ffff:/, "") ?? null,
      last_seen_at: s.lastSeenAt.toISOString(),
      created_at: s.createdAt.toISOString(),
      current: s.id === me.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out every other session of the account (a lost phone); this one stays. */
export async function signOutOtherSessions(me: Me): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { userId: me.userId, id: { not: me.sessionId } } });
  return count;
}
