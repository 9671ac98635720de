// Platform-admin sessions: rows of the same sessions table as restaurant logins (only the token's
// SHA-256 stored), told apart by platformAdminId, with their own cookie and a shorter life. A
// restaurant token never opens the admin zone and an admin token is no restaurant session: each
// lookup joins only its own kind of account.
import type { Cookie } from "react-router";
import { createSignedCookie } from "~/utils/signed-cookie.server";
import type { PlatformAdminRole } from "~/generated/prisma/enums";
import { prisma } from "~/utils/db.server";
import { cookiesAreSecure, getEnv } from "~/utils/env.server";
import { hashToken, MALFORMED_AUTHORIZATION, type HeaderSource } from "~/modules/auth/sessions.server";
import { randomBytes } from "node:crypto";

/** An admin session ends after this long without a request (and at most ADMIN_SESSION_MAX_MS after login). */
export const ADMIN_IDLE_MS = 2 * 60 * 60 * 1000;
const ADMIN_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt and the sliding expiry are written at most this often. */
const TOUCH_INTERVAL_MS = 60 * 1000;

let cookie: Cookie | undefined;
function adminCookie() {
  cookie ??= createSignedCookie("__sofra_admin", {
    httpOnly: true,
    // Strict: no other site can make the browser send it, not even with a top-level link.
    sameSite: "strict",
    path: "/",
    secure: cookiesAreSecure(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: ADMIN_SESSION_MAX_MS / 1000,
  });
  return cookie;
}

export const commitAdminCookie = (token: string) => adminCookie().serialize(token);
export const clearAdminCookie = () => adminCookie().serialize("", { maxAge: 0, expires: new Date(0) });

/** The bearer token if present (MALFORMED_AUTHORIZATION if it is not a bearer token), else the admin cookie's. */
export async function readAdminToken(request: HeaderSource): Promise<string | null> {
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1]! : MALFORMED_AUTHORIZATION;
  }
  const value = await adminCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value ? value : null;
}

export interface AdminIdentity {
  id: number;
  email: string;
  name: string;
  role: PlatformAdminRole;
}

export interface AdminAuth {
  sessionId: number;
  admin: AdminIdentity;
}

export type AdminLookup = { status: "none" } | { status: "malformed" } | { status: "invalid" } | { status: "ok"; auth: AdminAuth };

export async function createAdminSession(adminId: number, meta: { ipAddress: string | null; userAgent: string | null }, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  await prisma.session.create({
    data: {
      tokenHash: hashToken(token),
      platformAdminId: adminId,
      expiresAt: new Date(now.getTime() + ADMIN_IDLE_MS),
      ipAddress: meta.ipAddress?.slice(0, 45) ?? null,
      userAgent: meta.userAgent?.slice(0, 255) ?? null,
    },
  });
  return token;
}

export async function findAdminSession(token: string | null, now = new Date()): Promise<AdminLookup> {
  if (token === null) return { status: "none" };
  if (token === MALFORMED_AUTHORIZATION) return { status: "malformed" };
  const session = await prisma.session.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      expiresAt: true,
      lastSeenAt: true,
      createdAt: true,
      platformAdmin: { select: { id: true, email: true, name: true, role: true } },
    },
  });
  if (!session?.platformAdmin) return { status: "invalid" };
  if (session.expiresAt <= now || now.getTime() - session.createdAt.getTime() > ADMIN_SESSION_MAX_MS) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return { status: "invalid" };
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await prisma.session.updateMany({
      where: { id: session.id },
      data: { lastSeenAt: now, expiresAt: new Date(now.getTime() + ADMIN_IDLE_MS) },
    });
  }
  return { status: "ok", auth: { sessionId: session.id, admin: session.platformAdmin } };
}

/** Logout: the token's row goes, so a copied token stops working at once. */
export async function revokeAdminSession(token: string | null) {
  if (!token || token === MALFORMED_AUTHORIZATION) return;
  await prisma.session.deleteMany({ where: { tokenHash: hashToken(token), platformAdminId: { not: null } } });
}

/** Every session of one admin (a super admin revoking a lost laptop's, or the admin's own "log out everywhere"). */
export async function revokeAllAdminSessions(adminId: number) {
  const { count } = await prisma.session.deleteMany({ where: { platformAdminId: adminId } });
  return count;
}
