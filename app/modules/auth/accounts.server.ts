// Logging in and the manager password: the domain code behind the /login and /app forms and the
// /api/public/* and /api/auth/* endpoints. Signing up is restaurants/onboarding.server.ts.
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";
import {
  endManagerModeElsewhere,
  isTrustedDevice,
  userSelect,
  type HeaderSource,
  type SessionRestaurant,
  type SessionUser,
} from "./sessions.server";
import { alertOwnersOfGuessing } from "./manager-password-alert.server";
import { delayFor, hitCounter, hitWithin, releaseCounter, resetCounter, sleep, throttleKeys, ThrottledError } from "./throttle.server";

/** A refusal with the status the API answers and the message every form shows. */
export class AccountError extends DomainError {
  constructor(
    status: 400 | 401 | 403 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(status, message);
  }
}

export const INVALID_CREDENTIALS = "E-posta veya şifre hatalı.";

export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
  /** The request's cookies and Authorization header: a trusted device or live session is read from them. */
  source?: HeaderSource;
}

export function requestMeta(request: Request, clientAddress: string | null): RequestMeta {
  return { ipAddress: clientAddress, userAgent: request.headers.get("user-agent"), source: request };
}

/** Wrong guesses at one account from one address before that pair is refused for the rest of the window. */
export const LOGIN_PAIR_LIMIT = 10;
/** Manager password guesses per session before it is refused for the rest of the window. */
export const MANAGER_SESSION_LIMIT = 10;
/**
 * Wrong manager password guesses per restaurant and 15-minute window, from all its sessions
 * together (fresh logins included), before further guesses are refused (decision 067).
 */
export const MANAGER_RESTAURANT_LIMIT = 20;
/** A session that typed the right manager password this recently is not refused by the restaurant's limit. */
export const MANAGER_VERIFIED_EXEMPT_MS = 12 * 60 * 60 * 1000;

export const managerPasswordLocked = (minutes: number) =>
  `Bu restoranda yönetici şifresi çok fazla kez yanlış girildi. Güvenliğiniz için yeni denemeler ${minutes} dakika durduruldu ve restoran sahibine bildirildi.`;

const accountUserSelect = { ...userSelect, passwordHash: true, restaurantId: true } as const;

/**
 * Checks an e-mail and password. Only the (account, address) pair is ever refused, and never on a
 * device the owner has a live session on or logged in from before; the account and the address
 * alone only slow answers down, so nobody can lock an owner out from elsewhere.
 */
export async function verifyLogin(email: string, password: string, meta: RequestMeta) {
  const user = await prisma.user.findUnique({ where: { email }, select: accountUserSelect });
  const trusted = user && meta.source ? await isTrustedDevice(meta.source, user.id) : false;
  const pairKey = throttleKeys.loginPair(email, meta.ipAddress);
  const pair = await hitCounter("login", pairKey);
  if (!trusted && pair.count > LOGIN_PAIR_LIMIT) throw new ThrottledError(pair.retryAfterSeconds);
  const account = await hitCounter("login", throttleKeys.account(email));
  const address = meta.ipAddress ? await hitCounter("login", throttleKeys.ip(meta.ipAddress)) : { count: 0 };
  const delay = trusted ? 0 : Math.max(delayFor(pair.count, 3), delayFor(account.count, 10), delayFor(address.count, 20));
  if (delay > 0) await sleep(delay);

  let ok = false;
  if (user) ok = user.isActive && (await verifyPassword(user.passwordHash, password));
  else await burnPasswordCheck(password);

  if (!user || !ok) throw new AccountError(401, INVALID_CREDENTIALS);
  await resetCounter("login", pairKey);
  await releaseCounter("login", throttleKeys.account(email));
  if (meta.ipAddress) await releaseCounter("login", throttleKeys.ip(meta.ipAddress));
  await prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return { id: user.id, restaurantId: user.restaurantId };
}

/**
 * Checks the manager password of the session's restaurant. Guesses are counted per session (refused
 * after MANAGER_SESSION_LIMIT), per restaurant and device (slowed down only) and per restaurant
 * across all sessions (refused after MANAGER_RESTAURANT_LIMIT, the owner told once per trip) — except
 * for a session that typed the right password lately, so the manager's own device keeps working
 * while many fresh sessions guess (decision 067).
 */
export async function verifyManagerPassword(
  restaurantId: number,
  password: string,
  attempt: { sessionId: number; ipAddress: string | null },
): Promise<boolean> {
  const sessionKey = throttleKeys.session(attempt.sessionId);
  const session = await hitCounter("manager_password", sessionKey);
  if (session.count > MANAGER_SESSION_LIMIT) throw new ThrottledError(session.retryAfterSeconds);
  const restaurantKey = throttleKeys.restaurant(restaurantId);
  const shared = await hitCounter("manager_password", restaurantKey);
  if (shared.count > MANAGER_RESTAURANT_LIMIT) {
    // Counted atomically: exactly one attempt sees the first count past the limit.
    if (shared.count === MANAGER_RESTAURANT_LIMIT + 1) {
      await alertOwnersOfGuessing(restaurantId, MANAGER_RESTAURANT_LIMIT, shared.retryAfterSeconds).catch((error: unknown) =>
        console.error("Manager password alert could not be queued:", error),
      );
    }
    const verifiedKey = throttleKeys.verifiedSession(attempt.sessionId);
    if (!(await hitWithin("manager_password", verifiedKey, MANAGER_VERIFIED_EXEMPT_MS))) {
      const minutes = Math.max(1, Math.ceil(shared.retryAfterSeconds / 60));
      throw new ThrottledError(shared.retryAfterSeconds, managerPasswordLocked(minutes));
    }
  }
  const deviceKey = throttleKeys.restaurantDevice(restaurantId, attempt.ipAddress);
  const device = await hitCounter("manager_password", deviceKey);
  const delay = Math.max(delayFor(session.count, 3), delayFor(device.count, 10));
  if (delay > 0) await sleep(delay);
  const restaurant = await prisma.restaurant.findUniqueOrThrow({
    where: { id: restaurantId },
    select: { managerPasswordHash: true },
  });
  const ok = await verifyPassword(restaurant.managerPasswordHash, password);
  if (ok) {
    await resetCounter("manager_password", sessionKey);
    await releaseCounter("manager_password", deviceKey);
    await releaseCounter("manager_password", restaurantKey);
    // This session is now the manager's: the restaurant's limit will not refuse it.
    await hitCounter("manager_password", throttleKeys.verifiedSession(attempt.sessionId), MANAGER_VERIFIED_EXEMPT_MS);
  }
  return ok;
}

export const MANAGER_PASSWORD_SAME_AS_LOGIN = "Yönetici şifresi, giriş şifrenizden farklı olmalı.";

/** Whether a (just verified) manager password is still the owner's login password, as it is after signup. */
export async function isOwnerLoginPassword(restaurantId: number, password: string): Promise<boolean> {
  const owners = await prisma.user.findMany({ where: { restaurantId, isOwner: true }, select: { passwordHash: true } });
  for (const owner of owners) if (await verifyPassword(owner.passwordHash, password)) return true;
  return false;
}

/** Changes the manager password; manager mode ends on every other session of the restaurant. */
export async function changeManagerPassword(
  restaurantId: number,
  currentPassword: string,
  newPassword: string,
  attempt: { sessionId: number; ipAddress: string | null },
) {
  if (!(await verifyManagerPassword(restaurantId, currentPassword, attempt))) {
    throw new AccountError(401, "Mevcut şifre yanlış", "current_password");
  }
  await prisma.restaurant.update({
    where: { id: restaurantId },
    data: { managerPasswordHash: await hashPassword(newPassword) },
  });
  await endManagerModeElsewhere(restaurantId, attempt.sessionId);
}

// ---------------------------------------------------------------------------
// The API's shapes (snake_case, as the spec's clients expect)
// ---------------------------------------------------------------------------

export function userDto(user: Omit<SessionUser, "isActive">) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    role: user.role,
    is_owner: user.isOwner,
  };
}

export function restaurantDto(r: SessionRestaurant) {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    slug: r.slug,
    phone: r.phone,
    email: r.email,
    address: r.address,
    subscription_plan: r.subscriptionPlan,
    subscription_status: r.subscriptionStatus,
    billing_cycle: r.billingCycle,
    requested_plan: r.requestedPlanId,
    trial_end_date: r.trialEndsAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}
