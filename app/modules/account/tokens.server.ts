// Single-use links sent by e-mail. The link carries 32 random bytes; the table keeps only their
// SHA-256, so a leaked table (or the jobs table, which never sees a token) opens no account.
import { randomBytes } from "node:crypto";
import type { AuthTokenPurpose } from "~/generated/prisma/enums";
import { hashToken } from "~/modules/auth/sessions.server";
import { prisma, type Tx } from "~/utils/db.server";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** A token that looks like ours: the base64url of 32 bytes. Anything else is refused before a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function issueToken(db: Tx | typeof prisma, userId: number, purpose: AuthTokenPurpose, ttlMs: number, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  await db.authToken.create({
    data: { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now },
  });
  return token;
}

export type TokenState = { status: "valid"; userId: number } | { status: "unknown" | "expired" | "used"; userId: number | null };

/** What a link's token is now, without using it (the reset page shows its form only for a valid one). */
export async function inspectToken(purpose: AuthTokenPurpose, token: unknown, now = new Date()): Promise<TokenState> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return { status: "unknown", userId: null };
  const row = await prisma.authToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { userId: true, purpose: true, expiresAt: true, usedAt: true },
  });
  if (!row || row.purpose !== purpose) return { status: "unknown", userId: null };
  if (row.usedAt) return { status: "used", userId: row.userId };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: "expired", userId: row.userId };
  return { status: "valid", userId: row.userId };
}

/**
 * Uses a token inside the caller's transaction: one conditional update, so of two concurrent
 * uses exactly one sees a row changed. Returns the state the token was in.
 */
export async function consumeToken(tx: Tx, purpose: AuthTokenPurpose, token: unknown, now = new Date()): Promise<TokenState> {
  const state = await inspectToken(purpose, token, now);
  if (state.status !== "valid") return state;
  const used = await tx.authToken.updateMany({
    where: { tokenHash: hashToken(token as string), purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return used.count === 1 ? state : { status: "used", userId: state.userId };
}

/** Every other open token of this purpose ends (a newer link, or a password just reset). */
export async function retireTokens(tx: Tx | typeof prisma, userId: number, purpose: AuthTokenPurpose, now = new Date()) {
  await tx.authToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } });
}

/** Keeps the table small: tokens a day past their expiry matter to nobody. */
export async function purgeOldTokens(now = new Date()) {
  await prisma.authToken.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 24 * 60 * 60 * 1000) } } });
}
