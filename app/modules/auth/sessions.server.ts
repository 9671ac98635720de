// Database sessions. The browser holds a random token in an httpOnly cookie;
// API clients send the same kind of token as `Authorization: Bearer`. Only the
// token's SHA-256 is stored, so a leaked sessions table opens no accounts.
import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import type { SessionMode } from "~/generated/prisma/enums";
import { prisma } from "~/utils/db.server";
import { getEnv, useSecureCookies } from "~/utils/env.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** lastSeenAt and the sliding expiry are written at most this often. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie("__sofra_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: useSecureCookies(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: getEnv().SESSION_TTL_DAYS * 24 * 60 * 60,
  });
  return cookie;
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

/** The bearer token if present (MALFORMED_AUTHORIZATION if the header is not a bearer token), else the cookie's. */
export async function readSessionToken(request: Request): Promise<string | null> {
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
  ipAddress?: string | null;
  userAgent?: string | null;
}

export async function createSession(input: CreateSessionInput): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await prisma.session.create({
    data: {
      tokenHash: hashToken(token),
      userId: input.userId,
      restaurantId: input.restaurantId,
      platformAdminId: input.platformAdminId,
      expiresAt: new Date(Date.now() + getEnv().SESSION_TTL_DAYS * DAY_MS),
      ipAddress: input.ipAddress?.slice(0, 45) ?? null,
      userAgent: input.userAgent?.slice(0, 255) ?? null,
    },
  });
  return token;
}

const restaurantSelect = {
  id: true,
  name: true,
  type: true,
  slug: true,
  phone: true,
  email: true,
  address: true,
  timezone: true,
  subscriptionPlan: true,
  subscriptionStatus: true,
  billingCycle: true,
  requestedPlanId: true,
  trialEndsAt: true,
  currentPeriodEnd: true,
  createdAt: true,
} as const;

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

async function loadUserSession(tokenHash: string) {
  return prisma.session.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      mode: true,
      expiresAt: true,
      lastSeenAt: true,
      user: { select: userSelect },
      restaurant: { select: restaurantSelect },
    },
  });
}

type LoadedSession = NonNullable<Awaited<ReturnType<typeof loadUserSession>>>;
export type SessionUser = NonNullable<LoadedSession["user"]>;
export type SessionRestaurant = NonNullable<LoadedSession["restaurant"]>;

/** A restaurant user's live session. */
export interface RestaurantAuth {
  sessionId: number;
  mode: SessionMode | null;
  user: SessionUser;
  restaurant: SessionRestaurant;
}

export type AuthLookup =
  | { status: "none" }
  | { status: "malformed" }
  | { status: "invalid" }
  | { status: "ok"; auth: RestaurantAuth };

export async function findRestaurantSession(token: string | null, now = new Date()): Promise<AuthLookup> {
  if (token === null) return { status: "none" };
  if (token === MALFORMED_AUTHORIZATION) return { status: "malformed" };
  const session = await loadUserSession(hashToken(token));
  if (!session || !session.user || !session.restaurant || !session.user.isActive) return { status: "invalid" };
  if (session.expiresAt.getTime() <= now.getTime()) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return { status: "invalid" };
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await prisma.session.update({
      where: { id: session.id },
      data: { lastSeenAt: now, expiresAt: new Date(now.getTime() + getEnv().SESSION_TTL_DAYS * DAY_MS) },
    });
  }
  return {
    status: "ok",
    auth: { sessionId: session.id, mode: session.mode, user: session.user, restaurant: session.restaurant },
  };
}

export async function revokeSession(token: string | null) {
  if (!token) return;
  await prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } });
}

export async function setSessionMode(sessionId: number, mode: SessionMode) {
  await prisma.session.update({ where: { id: sessionId }, data: { mode } });
}
