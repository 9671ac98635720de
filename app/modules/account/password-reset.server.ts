// Forgotten passwords (decision 055). A request always does the same work (count, queue a job
// with the address), whether or not the address has an account: the answer, its status and its
// timing tell nothing. The job looks the account up and mails a single-use link valid 30 minutes.
// Using it sets the new password, ends every session of the account and every other reset link.
import { hashPassword } from "~/modules/auth/password.server";
import { hitCounter, releaseCounter, ThrottledError } from "~/modules/auth/throttle.server";
import { enqueueJob } from "~/modules/jobs/jobs.server";
import { appUrl, sendMail } from "~/modules/mail/mailer.server";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED, RESET_THROTTLED } from "./messages";
import { consumeToken, inspectToken, issueToken, RESET_TOKEN_TTL_MS, retireTokens, type TokenState } from "./tokens.server";

export const RESET_MAIL_JOB = "password-reset-mail";
export const RESET_WINDOW_MS = 60 * 60 * 1000;
/** Reset e-mails per address and hour: enough for a lost mail or two, not a mailbox flood. */
export const RESET_PER_ADDRESS = 5;
/** Reset requests per client address and hour (an office or a restaurant's Wi-Fi shares one). */
export const RESET_PER_IP = 20;

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Counts a request against one key; over the limit it is given back and refused (429). */
async function countRequest(key: string, limit: number) {
  const hit = await hitCounter("password_reset", key, RESET_WINDOW_MS);
  if (hit.count > limit) {
    await releaseCounter("password_reset", key);
    throw new ThrottledError(hit.retryAfterSeconds, RESET_THROTTLED(minutesOf(hit.retryAfterSeconds)));
  }
}

export async function requestPasswordReset(email: string, ipAddress: string | null) {
  await countRequest(`ip:${ipAddress ?? "-"}`, RESET_PER_IP);
  await countRequest(`email:${email.toLowerCase()}`, RESET_PER_ADDRESS);
  // The address only: the job, not the request, finds out whether it has an account.
  await enqueueJob(RESET_MAIL_JOB, { email: email.toLowerCase() });
}

/** The job: a link for an active account with this address; nothing (and no trace) otherwise. */
export async function sendPasswordResetMail(payload: { email: string }, now = new Date()) {
  const user = await prisma.user.findUnique({
    where: { email: payload.email },
    select: { id: true, email: true, firstName: true, isActive: true },
  });
  if (!user || !user.isActive) return;
  const token = await issueToken(prisma, user.id, "password_reset", RESET_TOKEN_TTL_MS, now);
  const link = appUrl(`/reset-password?token=${token}`);
  await sendMail({
    to: user.email,
    subject: "Sofra şifre sıfırlama",
    text: [
      `Merhaba ${user.firstName},`,
      "",
      "Sofra hesabınız için şifre sıfırlama istendi. Yeni şifrenizi belirlemek için bu bağlantıyı açın:",
      "",
      link,
      "",
      "Bağlantı 30 dakika geçerlidir ve yalnızca bir kez kullanılabilir.",
      "Bu isteği siz yapmadıysanız bu e-postayı yok sayın; şifreniz değişmez.",
    ].join("\n"),
  });
}

/** The refusal a reset link's state earns: 400 unknown, 409 used (a second use), 410 expired. */
export function resetLinkError(state: TokenState["status"]): DomainError | null {
  switch (state) {
    case "valid":
      return null;
    case "used":
      return new DomainError(409, RESET_LINK_USED);
    case "expired":
      return new DomainError(410, RESET_LINK_EXPIRED);
    default:
      return new DomainError(400, RESET_LINK_INVALID);
  }
}

/** Whether the reset page should show its form for this token (it is not used by looking). */
export async function resetLinkState(token: unknown, now = new Date()) {
  return (await inspectToken("password_reset", token, now)).status;
}

/**
 * Sets the new password with a valid link: the link used, every other reset link of the account
 * retired, every session of the account ended, all in one transaction. A reset also proves the
 * address, so an unverified owner becomes verified.
 */
export async function resetPassword(token: string, password: string, now = new Date()) {
  const before = resetLinkError((await inspectToken("password_reset", token, now)).status);
  if (before) throw before;
  const passwordHash = await hashPassword(password);
  const state = await prisma.$transaction(async (tx) => {
    const used = await consumeToken(tx, "password_reset", token, now);
    if (used.status !== "valid") return used;
    await tx.user.update({ where: { id: used.userId }, data: { passwordHash } });
    await tx.user.updateMany({ where: { id: used.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    await retireTokens(tx, used.userId, "password_reset", now);
    await tx.session.deleteMany({ where: { userId: used.userId } });
    return used;
  });
  const error = resetLinkError(state.status);
  if (error) throw error;
  return { userId: state.userId! };
}
