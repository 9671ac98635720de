// Owners prove their address (decision 055): signup queues a mail with a single-use link valid
// 24 hours; the app shows a banner until the link is opened, with a throttled "send again".
import type { Tx } from "~/utils/db.server";
import { prisma } from "~/utils/db.server";
import { hitCounter, releaseCounter, ThrottledError } from "~/modules/auth/throttle.server";
import { enqueueJob } from "~/modules/jobs/jobs.server";
import { appUrl, sendMail } from "~/modules/mail/mailer.server";
import { VERIFY_THROTTLED } from "./messages";
import { consumeToken, issueToken, VERIFY_TOKEN_TTL_MS } from "./tokens.server";

export const VERIFY_MAIL_JOB = "email-verify-mail";
export const VERIFY_WINDOW_MS = 60 * 60 * 1000;
/** "Send again" per account and hour. */
export const VERIFY_RESENDS_PER_HOUR = 3;

/** Queues the verification mail in the caller's transaction (signup): no account, no mail; no mail, no account. */
export async function queueVerificationMail(db: Tx | typeof prisma, userId: number) {
  await enqueueJob(VERIFY_MAIL_JOB, { userId }, { db });
}

/** The banner's "send again": throttled per account; nothing to do once verified. */
export async function resendVerificationMail(userId: number) {
  const key = `user:${userId}`;
  const hit = await hitCounter("email_verify", key, VERIFY_WINDOW_MS);
  if (hit.count > VERIFY_RESENDS_PER_HOUR) {
    await releaseCounter("email_verify", key);
    throw new ThrottledError(hit.retryAfterSeconds, VERIFY_THROTTLED(Math.max(1, Math.ceil(hit.retryAfterSeconds / 60))));
  }
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  if (!user || user.emailVerifiedAt) return;
  await queueVerificationMail(prisma, userId);
}

/** The job: a fresh link, unless the address was verified meanwhile. */
export async function sendVerificationMail(payload: { userId: number }, now = new Date()) {
  const user = await prisma.user.findUnique({
    where: { id: payload.userId },
    select: { id: true, email: true, firstName: true, isActive: true, emailVerifiedAt: true },
  });
  if (!user || !user.isActive || user.emailVerifiedAt) return;
  const token = await issueToken(prisma, user.id, "email_verify", VERIFY_TOKEN_TTL_MS, now);
  await sendMail({
    to: user.email,
    subject: "Sofra e-posta adresinizi doğrulayın",
    text: [
      `Merhaba ${user.firstName},`,
      "",
      "Sofra hesabınızın e-posta adresini doğrulamak için bu bağlantıyı açın:",
      "",
      appUrl(`/verify-email?token=${token}`),
      "",
      "Bağlantı 24 saat geçerlidir. Günlük rapor e-postaları yalnızca doğrulanmış adrese gönderilir.",
      "Bu hesabı siz açmadıysanız bu e-postayı yok sayın.",
    ].join("\n"),
  });
}

export type VerifyOutcome = "verified" | "already" | "expired" | "invalid";

/**
 * Opening the link verifies (a GET: the mail's link must work without a form). A second open, or
 * a mail scanner's before the owner's, finds the address verified and says so rather than failing.
 */
export async function verifyEmail(token: unknown, now = new Date()): Promise<VerifyOutcome> {
  const state = await prisma.$transaction(async (tx) => {
    const used = await consumeToken(tx, "email_verify", token, now);
    if (used.status === "valid") {
      await tx.user.updateMany({ where: { id: used.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    }
    return used;
  });
  if (state.status === "valid") return "verified";
  if (state.userId !== null) {
    const user = await prisma.user.findUnique({ where: { id: state.userId }, select: { emailVerifiedAt: true } });
    if (user?.emailVerifiedAt) return "already";
  }
  if (state.status === "expired" || state.status === "used") return "expired";
  return "invalid";
}
