// Delivery of one chunk of a notification's recipients, run by the job worker (jobs.server.ts):
// inbox rows, e-mail to each restaurant's owner, and a "push" job per restaurant when asked.
// A job may run more than once (a retry after an e-mail failure, a worker that died after the
// work): every step is safe to repeat. Inbox rows are unique per (notification, restaurant),
// push jobs carry a unique key, and each row remembers its e-mail's fate, so a retry sends only
// the e-mails still owed.
import { appUrl, sendMail } from "~/modules/mail/mailer.server";
import { enqueueJobs } from "~/modules/jobs/jobs.server";
import { prisma } from "~/utils/db.server";
import { MAX_EMAIL_ATTEMPTS, TYPE_LABELS } from "./rules";
import type { DeliveryPayload } from "./notifications.server";

/** Push payloads travel through the push service, which caps them at about 4 KB once encrypted. */
const PUSH_BODY_MAX = 240;
/** E-mails sent side by side within one chunk. */
const MAIL_CONCURRENCY = 4;

export const PUSH_JOB = "push";

/** What the push helper's "push" handler receives (one job per restaurant). */
export type PushPayload = {
  restaurantId: number;
  title: string;
  body: string;
  url: string;
  tag: string;
};

/** Thrown when some e-mails of the chunk failed but may still go through: the job is retried with back-off. */
export class EmailsOwed extends Error {
  constructor(readonly owed: number) {
    super(`${owed} notification e-mail(s) failed; retrying`);
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function mailOf(
  n: { title: string; message: string; type: keyof typeof TYPE_LABELS; restaurantId: number | null },
  restaurantName: string,
) {
  const link = appUrl("/app/notifications");
  // Sofra's own notice about this restaurant (low stock, decision 065): the title says it all.
  const own = n.restaurantId !== null;
  const intro = own
    ? `Merhaba, ${restaurantName} için bir uyarı var:`
    : `Merhaba, ${restaurantName} için Sofra'dan yeni bir bildirim var (${TYPE_LABELS[n.type]}):`;
  const text = [
    intro,
    "",
    n.title,
    "",
    n.message,
    "",
    `Uygulamada görmek için: ${link}`,
    "",
    "Bu e-postaları Ayarlar > Bildirimler bölümünden kapatabilirsiniz.",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<h1 style="font-size:1.25rem">${escapeHtml(n.title)}</h1>`,
    `<p style="white-space:pre-line">${escapeHtml(n.message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Bildirimi uygulamada görün</a></p>`,
    `<p style="color:#666;font-size:0.875rem">Bu e-postaları Ayarlar &gt; Bildirimler bölümünden kapatabilirsiniz.</p>`,
  ].join("\n");
  return { subject: own ? n.title : `Sofra: ${n.title}`, text, html };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Delivers one chunk. Throws EmailsOwed when an e-mail failed and has attempts left (the worker
 * retries the job later); after MAX_EMAIL_ATTEMPTS a recipient's e-mail is marked failed and the
 * chunk completes. Ends by settling the notification's status when it was the last work owed.
 */
export async function deliverChunk({ notificationId, restaurantIds }: DeliveryPayload): Promise<void> {
  const n = await prisma.notification.findUnique({
    where: { id: notificationId },
    select: { id: true, title: true, message: true, type: true, sendEmail: true, sendPush: true, restaurantId: true },
  });
  if (!n) return; // Deleted since: nothing to deliver.

  const restaurants = await prisma.restaurant.findMany({
    where: { id: { in: restaurantIds } },
    select: { id: true, name: true, emailNotifications: true, users: { where: { isOwner: true }, select: { email: true }, take: 1 } },
  });
  const byId = new Map(restaurants.map((r) => [r.id, r]));

  await prisma.$transaction(async (tx) => {
    const before = await tx.notificationRecipient.count({ where: { notificationId, restaurantId: { in: restaurantIds } } });
    await tx.notificationRecipient.createMany({
      data: restaurants.map((r) => ({
        notificationId,
        restaurantId: r.id,
        // A restaurant that turned e-mail notifications off in its settings gets the inbox row only.
        emailStatus: n.sendEmail && r.emailNotifications && r.users[0] ? "pending" : "skipped",
      })),
      skipDuplicates: true,
    });
    // Restaurants deleted between the send and now get nothing: they leave the count, once (the
    // first run of this chunk is the one that found no row of it yet).
    const gone = restaurantIds.length - restaurants.length;
    if (before === 0 && gone > 0) {
      await tx.notification.update({ where: { id: notificationId }, data: { recipientCount: { decrement: gone } } });
    }
    if (n.sendPush) {
      const body = n.message.length > PUSH_BODY_MAX ? `${n.message.slice(0, PUSH_BODY_MAX - 1)}…` : n.message;
      await enqueueJobs(
        restaurants.map((r) => {
          const payload: PushPayload = { restaurantId: r.id, title: n.title, body, url: "/app/notifications", tag: `notification-${n.id}` };
          return { kind: PUSH_JOB, payload, uniqueKey: `push:notification:${n.id}:${r.id}` };
        }),
        tx,
      );
    }
  });

  const owed = await prisma.notificationRecipient.findMany({
    where: { notificationId, restaurantId: { in: restaurantIds }, emailStatus: "pending" },
    select: { id: true, restaurantId: true, emailAttempts: true },
  });
  let retry = 0;
  await eachLimited(owed, MAIL_CONCURRENCY, async (row) => {
    const r = byId.get(row.restaurantId);
    const to = r?.users[0]?.email;
    if (!r || !to) {
      await prisma.notificationRecipient.update({ where: { id: row.id }, data: { emailStatus: "skipped" } });
      return;
    }
    try {
      await sendMail({ to, ...mailOf(n, r.name) });
      await prisma.notificationRecipient.update({
        where: { id: row.id },
        data: { emailStatus: "sent", emailSentAt: new Date(), emailAttempts: { increment: 1 } },
      });
    } catch (error) {
      const attempts = row.emailAttempts + 1;
      const givenUp = attempts >= MAX_EMAIL_ATTEMPTS;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`notification ${notificationId}: e-mail to restaurant ${row.restaurantId} failed (attempt ${attempts}): ${reason}`);
      await prisma.notificationRecipient.update({
        where: { id: row.id },
        data: { emailAttempts: attempts, ...(givenUp ? { emailStatus: "failed" } : {}) },
      });
      if (!givenUp) retry++;
    }
  });

  await settleNotification(notificationId);
  if (retry > 0) throw new EmailsOwed(retry);
}

/**
 * The job was given up (the worker's last try failed, say the database was away each time): the
 * chunk's e-mails still owed count as failed, so the notification is settled rather than left
 * pending for ever. Inbox rows already written stay.
 */
export async function giveUpChunk({ notificationId, restaurantIds }: DeliveryPayload): Promise<void> {
  await prisma.notificationRecipient.updateMany({
    where: { notificationId, restaurantId: { in: restaurantIds }, emailStatus: "pending" },
    data: { emailStatus: "failed" },
  });
  await settleNotification(notificationId);
}

/**
 * Marks the notification sent (or failed) once every recipient has its inbox row and no e-mail is
 * still owed. Each chunk calls it after its own work; the last one to finish sees everything done
 * (each check reads after the chunk's writes are committed), and the conditional update lets it
 * happen once. Failed means e-mail was asked for and not one could be delivered (the mail channel
 * is down); some e-mails failing leaves it sent, with the failures counted in the history.
 */
export async function settleNotification(notificationId: number): Promise<void> {
  const n = await prisma.notification.findUnique({
    where: { id: notificationId },
    select: { status: true, recipientCount: true, sendEmail: true },
  });
  if (!n || n.status !== "pending") return;
  const rows = await prisma.notificationRecipient.groupBy({
    by: ["emailStatus"],
    where: { notificationId },
    _count: { _all: true },
  });
  const count = (s: string) => rows.find((r) => r.emailStatus === s)?._count._all ?? 0;
  const delivered = rows.reduce((sum, r) => sum + r._count._all, 0);
  if (delivered < n.recipientCount || count("pending") > 0) return;
  const failed = n.sendEmail && count("failed") > 0 && count("sent") === 0;
  await prisma.notification.updateMany({
    where: { id: notificationId, status: "pending" },
    data: { status: failed ? "failed" : "sent", sentAt: new Date() },
  });
}
