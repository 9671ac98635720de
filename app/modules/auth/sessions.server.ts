// Database sessions. The browser holds a random token in an httpOnly cookie;
// API clients send the same kind of token as `Authorization: Bearer`. Only the
// token's SHA-256 is stored, so a leaked sessions table opens no accounts.
import { createHash, randomBytes } from "node:crypto";
import type { Cookie } from "react-router";
import { createSignedCookie } from "~/utils/signed-cookie.server";
import { Prisma } from "~/generated/prisma/client";
import type { BillingCycle, BusinessType, SessionMode, StaffRole, SubscriptionPlan, SubscriptionStatus } from "~/generated/prisma/enums";
import { prisma, sqlQuery } from "~/utils/db.server";
import { getEnv, cookiesAreSecure } from "~/utils/env.server";
import { SHARED_TABLET_IDLE_MS } from "./pin-rules";
import { mayEnterManagerMode } from "./roles";
import { effectiveBillingClock } from "~/utils/billing-clock";

const DAY_MS = 24 * 60 * 60 * 1000;
/** lastSeenAt and the sliding expiry are written at most this often. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;
/** Manager mode ends after this long without a request, so a tablet left on the manager panel locks itself. */
export const MANAGER_IDLE_MS = 15 * 60 * 1000;
/** managerSeenAt is written at most this often. */
const MANAGER_TOUCH_MS = 30 * 1000;
/**
 * A session on the restaurant's shared tablet (decision 071) ends after this long without a
 * person's request, so the next person finds the PIN pad, not the last one's screens.
 */
export const PIN_IDLE_MS = SHARED_TABLET_IDLE_MS;
/** pinSeenAt is written at most this often. */
const PIN_TOUCH_MS = 15 * 1000;

/**
 * An httpOnly, SameSite=Lax cookie of the whole site, signed with SESSION_SECRET; made on first
 * use, when the environment has been read.
 */
export function signedCookie(name: string, maxAgeSeconds: () => number) {
  let made: Cookie | undefined;
  return () =>
    (made ??= createSignedCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookiesAreSecure(),
      secrets: [getEnv().SESSION_SECRET],
      maxAge: maxAgeSeconds(),
    }));
}

const sessionCookie = signedCookie("__sofra_session", () => getEnv().SESSION_TTL_DAYS * 24 * 60 * 60);

/**
 * Signed list of the users who logged in successfully on this browser: such a device keeps
 * logging in while someone else's wrong guesses from the same address are refused.
 */
const trustedDeviceCookie = signedCookie("__sofra_device", () => 365 * 24 * 60 * 60);

const DEVICE_USERS_MAX = 5;

async function deviceUserIds(request: HeaderSource): Promise<number[]> {
  const value = await trustedDeviceCookie().parse(request.headers.get("cookie"));
  return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];
}

/** The Set-Cookie header that marks this browser as trusted for the user who just logged in. */
export async function commitTrustedDevice(request: HeaderSource, userId: number): Promise<string> {
  const ids = [userId, ...(await deviceUserIds(request)).filter((id) => id !== userId)].slice(0, DEVICE_USERS_MAX);
  return trustedDeviceCookie().serialize(ids);
}

/** A device with a live session of this user, or one where the user logged in before. */
export async function isTrustedDevice(request: HeaderSource, userId: number): Promise<boolean> {
  if ((await deviceUserIds(request)).includes(userId)) return true;
  const lookup = await findRestaurantSession(await readSessionToken(request));
  return lookup.status === "ok" && lookup.auth.user.id === userId;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function commitSessionCookie(token: string): Promise<string> {
  return sessionCookie().serialize(token);
}

export async function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Marks an Authorization header that is not `Bearer <token>`. */
export const MALFORMED_AUTHORIZATION = "";

/** What reading a token needs of a request: its headers (a Fetch Request, or server.mjs's fast path). */
export interface HeaderSource {
  headers: { get(name: string): string | null };
}

/** The bearer token if present (MALFORMED_AUTHORIZATION if the header is not a bearer token), else the cookie's. */
export async function readSessionToken(request: HeaderSource): Promise<string | null> {
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1]! : MALFORMED_AUTHORIZATION;
  }
  const value = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value ? value : null;
}

interface CreateSessionInput {
  userId?: number;
  restaurantId?: number;
  platformAdminId?: number;
  /** Started on the restaurant's shared tablet: it ends after PIN_IDLE_MS without a request. */
  sharedDeviceId?: number | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export async function createSession(input: CreateSessionInput, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await prisma.session.create({
    data: {
      tokenHash: hashToken(token),
      userId: input.userId,
      restaurantId: input.restaurantId,
      platformAdminId: input.platformAdminId,
      ...(input.sharedDeviceId ? { sharedDeviceId: input.sharedDeviceId, pinSeenAt: now } : {}),
      expiresAt: new Date(now.getTime() + getEnv().SESSION_TTL_DAYS * DAY_MS),
      ipAddress: input.ipAddress?.slice(0, 45) ?? null,
      userAgent: input.userAgent?.slice(0, 255) ?? null,
    },
  });
  return token;
}

export const userSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  role: true,
  isOwner: true,
  isActive: true,
} as const;

interface SessionRow {
  id: number;
  mode: SessionMode | null;
  managerSeenAt: Date | null;
  sharedDeviceId: number | null;
  pinSeenAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  userId: number;
  userEmail: string;
  firstName: string;
  lastName: string;
  userPhone: string | null;
  role: StaffRole;
  isOwner: number | boolean;
  isActive: number | boolean;
  emailVerifiedAt: Date | null;
  restaurantId: number;
  name: string;
  type: BusinessType;
  slug: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  timezone: string;
  subscriptionPlan: SubscriptionPlan;
  subscriptionStatus: SubscriptionStatus;
  billingCycle: BillingCycle;
  requestedPlanId: string | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  paymentDueAt: Date | null;
  createdAt: Date;
  waitersTakePayments: number | boolean;
}

/**
 * The one definition of a live restaurant-user session, as SQL to join from:
 * the token's row, not expired, its user active and of the same restaurant.
 * (findRestaurantSession applies the same rules after reading a row, so that it
 * can tell why a session is not live.)
 */
export function liveSessionSql(tokenHash: string, now: Date) {
  return {
    from: Prisma.sql`sessions s JOIN users u ON u.id = s.userId AND u.restaurantId = s.restaurantId`,
    where: Prisma.sql`s.tokenHash = ${tokenHash} AND s.expiresAt > ${now} AND u.isActive = 1
      AND (s.sharedDeviceId IS NULL OR s.pinSeenAt > ${new Date(now.getTime() - PIN_IDLE_MS)})`,
  };
}

/** Slides the expiry forward, at most every TOUCH_INTERVAL_MS, so polling does not write. */
export async function touchSession(session: { id: number; lastSeenAt: Date }, now = new Date()) {
  if (now.getTime() - session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return;
  await prisma.session.update({
    where: { id: session.id },
    data: { lastSeenAt: now, expiresAt: new Date(now.getTime() + getEnv().SESSION_TTL_DAYS * DAY_MS) },
  });
}

/**
 * The session with its user and restaurant in one query: this runs on every request, and
 * Prisma's model API would make three. Also the bench's order floor's session check.
 */
export const sessionLookupSql = (tokenHash: string) => Prisma.sql`
    SELECT s.id, s.mode, s.managerSeenAt, s.sharedDeviceId, s.pinSeenAt, s.expiresAt, s.lastSeenAt,
      u.id AS userId, u.email AS userEmail, u.firstName, u.lastName, u.phone AS userPhone, u.role, u.isOwner, u.isActive, u.emailVerifiedAt,
      r.id AS restaurantId, r.name, r.type, r.slug, r.phone, r.email, r.address, r.timezone,
      r.subscriptionPlan, r.subscriptionStatus, r.billingCycle, r.requestedPlanId, r.trialEndsAt, r.currentPeriodEnd, r.paymentDueAt,
      r.createdAt, r.waitersTakePayments
    FROM sessions s
    JOIN users u ON u.id = s.userId
    JOIN restaurants r ON r.id = s.restaurantId AND r.id = u.restaurantId
    WHERE s.tokenHash = ${tokenHash}
    LIMIT 1`;

async function loadUserSession(tokenHash: string) {
  // Every request's first read: on the bare driver (decision 093).
  const [row] = await sqlQuery.$queryRaw<SessionRow[]>(sessionLookupSql(tokenHash));
  if (!row) return null;
  return {
    id: row.id,
    mode: row.mode,
    managerSeenAt: row.managerSeenAt,
    sharedDeviceId: row.sharedDeviceId,
    pinSeenAt: row.pinSeenAt,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
    user: {
      id: row.userId,
      email: row.userEmail,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.userPhone,
      role: row.role,
      isOwner: Boolean(row.isOwner),
      isActive: Boolean(row.isActive),
      /** The owner's banner asks for verification until this is true (decision 055). */
      emailVerified: row.emailVerifiedAt !== null,
    },
    restaurant: {
      id: row.restaurantId,
      name: row.name,
      type: row.type,
      slug: row.slug,
      phone: row.phone,
      email: row.email,
      address: row.address,
      timezone: row.timezone,
      subscriptionPlan: row.subscriptionPlan,
      subscriptionStatus: row.subscriptionStatus,
      billingCycle: row.billingCycle,
      requestedPlanId: row.requestedPlanId,
      trialEndsAt: row.trialEndsAt,
      currentPeriodEnd: row.currentPeriodEnd,
      paymentDueAt: row.paymentDueAt,
      createdAt: row.createdAt,
      waitersTakePayments: Boolean(row.waitersTakePayments),
    },
  };
}

type LoadedSession = NonNullable<Awaited<ReturnType<typeof loadUserSession>>>;
export type SessionUser = NonNullable<LoadedSession["user"]>;
export type SessionRestaurant = NonNullable<LoadedSession["restaurant"]>;

/** A restaurant user's live session. */
export interface RestaurantAuth {
  sessionId: number;
  mode: SessionMode | null;
  /** The shared tablet this session was started on (decision 071), or null. */
  sharedDeviceId: number | null;
  user: SessionUser;
  restaurant: SessionRestaurant;
}

export type AuthLookup = { status: "none" } | { status: "malformed" } | { status: "invalid" } | { status: "ok"; auth: RestaurantAuth };

/**
 * Whether a request is a person's (a tap, a page, a form) or the app's own (a poll, the service
 * worker's background copy): only a person's keeps a shared tablet's session alive.
 */
export type Activity = "person" | "background";

export function activityOf(request: HeaderSource): Activity {
  return request.headers.get("x-sofra-warm") === "1" || request.headers.get("x-sofra-background") === "1" ? "background" : "person";
}

export async function findRestaurantSession(token: string | null, now = new Date(), activity: Activity = "person"): Promise<AuthLookup> {
  if (token === null) return { status: "none" };
  if (token === MALFORMED_AUTHORIZATION) return { status: "malformed" };
  const session = await loadUserSession(hashToken(token));
  if (!session || !session.user || !session.restaurant || !session.user.isActive) return { status: "invalid" };
  if (session.expiresAt.getTime() <= now.getTime() || pinSessionIdle(session, now)) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return { status: "invalid" };
  }
  await touchSession(session, now);
  if (activity === "person") await touchPinSession(session, now);
  // An account whose role cannot be a manager (changed since it entered manager mode) is not one.
  const mode = mayEnterManagerMode(session) ? await touchManagerMode(session, now) : await leaveManagerMode(session);
  // Read only: an invoice long overdue gates at once; the writes are the billing job's (decision 040).
  const restaurant = effectiveBillingClock(session.restaurant, now);
  return {
    status: "ok",
    auth: { sessionId: session.id, mode, sharedDeviceId: session.sharedDeviceId, user: session.user, restaurant },
  };
}

export async function revokeSession(token: string | null) {
  if (!token) return;
  await prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } });
}

function pinSessionIdle(session: { sharedDeviceId: number | null; pinSeenAt: Date | null }, now: Date) {
  return session.sharedDeviceId !== null && now.getTime() - (session.pinSeenAt?.getTime() ?? 0) > PIN_IDLE_MS;
}

/** Records a person's request in a shared tablet's session, at most every PIN_TOUCH_MS. */
async function touchPinSession(session: { id: number; sharedDeviceId: number | null; pinSeenAt: Date | null }, now: Date) {
  if (session.sharedDeviceId === null || now.getTime() - (session.pinSeenAt?.getTime() ?? 0) <= PIN_TOUCH_MS) return;
  await prisma.session.update({ where: { id: session.id }, data: { pinSeenAt: now } });
}

async function leaveManagerMode(session: { id: number; mode: SessionMode | null }) {
  if (session.mode !== "manager") return session.mode;
  await endManagerMode(session.id);
  return null;
}

/** Ends manager mode after MANAGER_IDLE_MS without a request; otherwise records this request. */
async function touchManagerMode(session: { id: number; mode: SessionMode | null; managerSeenAt: Date | null }, now: Date) {
  if (session.mode !== "manager") return session.mode;
  const seen = session.managerSeenAt?.getTime() ?? 0;
  if (now.getTime() - seen > MANAGER_IDLE_MS) {
    await endManagerMode(session.id);
    return null;
  }
  if (now.getTime() - seen > MANAGER_TOUCH_MS) {
    await prisma.session.update({ where: { id: session.id }, data: { managerSeenAt: now } });
  }
  return session.mode;
}

export async function setSessionMode(sessionId: number, mode: SessionMode) {
  await prisma.session.update({
    where: { id: sessionId },
    data: { mode, managerSeenAt: mode === "manager" ? new Date() : null },
  });
}

/** Back to role selection (or the staff panel): the next person on a shared tablet must not inherit the manager. */
export async function endManagerMode(sessionId: number) {
  await prisma.session.updateMany({ where: { id: sessionId, mode: "manager" }, data: { mode: null, managerSeenAt: null } });
}

/**
 * A person arrived at a screen where a shared tablet changes hands (role selection, the staff
 * panel): manager mode ends. The service worker's background copy of such a screen for offline
 * use (X-Sofra-Warm) is not a person arriving and leaves it alone.
 */
export async function endManagerModeOnArrival(request: Request, session: { sessionId: number; mode: SessionMode | null }) {
  if (session.mode !== "manager" || request.headers.get("x-sofra-warm") === "1") return;
  await endManagerMode(session.sessionId);
}

/** After a manager password change, every other session of the restaurant must type the new one. */
export async function endManagerModeElsewhere(restaurantId: number, keepSessionId: number | null) {
  await prisma.session.updateMany({
    where: { restaurantId, mode: "manager", ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { mode: null, managerSeenAt: null },
  });
}
