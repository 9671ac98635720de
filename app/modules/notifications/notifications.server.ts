// The platform admin's notifications: recording a send, its history and figures, and the members
// to pick from. A send only records the notification (pending) and enqueues its delivery in
// chunks (delivery.server.ts): a thousand recipients do not hold the admin's request (decision 050).
import type { Prisma } from "~/generated/prisma/client";
import { enqueueJobs, nudgeJobWorker } from "~/modules/jobs/jobs.server";
import { prisma } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { DELIVERY_CHUNK, HISTORY_PAGE, MANAGERS_ONLY_TYPES, NO_RECIPIENTS, type MemberFilter, type NotificationType } from "./rules";

export const DELIVERY_JOB = "notification-delivery";

// A type, not an interface: job payloads are plain JSON records.
export type DeliveryPayload = {
  notificationId: number;
  restaurantIds: number[];
};

export class NotificationError extends DomainError {}

export interface SendRequest {
  title: string;
  message: string;
  type: NotificationType;
  /** Chosen members, or every member matching a filter (the form's "Tümünü seç"). */
  recipients: number[] | { filter: MemberFilter };
  sendEmail: boolean;
  sendPush: boolean;
}

export type NotificationStatus = "sent" | "pending" | "failed" | "draft";

/** The API's shape (the spec's fields) plus what the history shows. */
export interface NotificationView {
  id: number;
  title: string;
  message: string;
  type: NotificationType;
  status: NotificationStatus;
  recipient_count: number;
  sent_at: string | null;
  created_at: string;
  send_email: boolean;
  send_push: boolean;
}

const select = {
  id: true,
  title: true,
  message: true,
  type: true,
  status: true,
  recipientCount: true,
  sentAt: true,
  createdAt: true,
  sendEmail: true,
  sendPush: true,
} as const;
type Row = Prisma.NotificationGetPayload<{ select: typeof select }>;

function toView(row: Row): NotificationView {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    status: row.status,
    recipient_count: row.recipientCount,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    send_email: row.sendEmail,
    send_push: row.sendPush,
  };
}

/** Which restaurants a members' filter covers (as the members page counts them). */
export function memberWhere(filter: MemberFilter): Prisma.RestaurantWhereInput {
  switch (filter) {
    case "all":
      return {};
    case "active":
      return { subscriptionStatus: "active" };
    case "inactive":
      return { subscriptionStatus: { not: "active" } };
    case "trial":
      return { subscriptionPlan: "free_trial" };
  }
}

/** The existing restaurants among `ids`, each once, in ascending order. */
async function existingIds(ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found: number[] = [];
  // IN lists of a few thousand keep each statement small.
  for (let i = 0; i < unique.length; i += 5_000) {
    const rows = await prisma.restaurant.findMany({ where: { id: { in: unique.slice(i, i + 5_000) } }, select: { id: true } });
    found.push(...rows.map((r) => r.id));
  }
  return found.sort((a, b) => a - b);
}

async function resolveRecipients(recipients: SendRequest["recipients"]): Promise<number[]> {
  if (Array.isArray(recipients)) return existingIds(recipients);
  const rows = await prisma.restaurant.findMany({ where: memberWhere(recipients.filter), select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((r) => r.id);
}

/**
 * Records a notification (pending) and enqueues its delivery, one job per chunk of restaurants,
 * in the same transaction: a notification is never recorded without its delivery, nor delivered
 * without its record. A repeat of the same key by the same admin (a double submit, two at once,
 * an API retry) returns the first notification (`replayed`) and sends nothing again.
 */
export async function sendNotification(
  adminId: number,
  input: SendRequest,
  sendKey: string | undefined,
): Promise<{ notification: NotificationView; replayed: boolean }> {
  const replay = async () => {
    if (!sendKey) return null;
    const row = await prisma.notification.findUnique({ where: { sentById_sendKey: { sentById: adminId, sendKey } }, select });
    return row ? { notification: toView(row), replayed: true } : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const ids = await resolveRecipients(input.recipients);
  if (ids.length === 0) throw new NotificationError(400, NO_RECIPIENTS);
  try {
    const row = await prisma.$transaction(async (tx) => {
      const created = await tx.notification.create({
        data: {
          title: input.title,
          message: input.message,
          type: input.type,
          status: "pending",
          sendEmail: input.sendEmail,
          sendPush: input.sendPush,
          recipientCount: ids.length,
          sentById: adminId,
          sendKey: sendKey ?? null,
          managersOnly: MANAGERS_ONLY_TYPES.includes(input.type),
        },
        select,
      });
      const jobs = [];
      for (let i = 0; i < ids.length; i += DELIVERY_CHUNK) {
        const payload: DeliveryPayload = { notificationId: created.id, restaurantIds: ids.slice(i, i + DELIVERY_CHUNK) };
        jobs.push({ kind: DELIVERY_JOB, payload, uniqueKey: `notification:${created.id}:${i / DELIVERY_CHUNK}` });
      }
      await enqueueJobs(jobs, tx);
      return created;
    });
    // Committed: this process's worker starts now rather than at its next poll.
    nudgeJobWorker();
    return { notification: toView(row), replayed: false };
  } catch (error) {
    // Two sends with one key at once: the unique (sentById, sendKey) let the other one in.
    if (isUniqueViolation(error, "sendKey")) {
      const first = await replay();
      if (first) return first;
    }
    throw error;
  }
}

/** The platform's sends, not Sofra's own notices to one restaurant (low stock, decision 065). */
const platformSends = { restaurantId: null } as const;

/** The history, newest first. */
export async function listNotifications(limit = HISTORY_PAGE): Promise<NotificationView[]> {
  const rows = await prisma.notification.findMany({ where: platformSends, select, orderBy: { id: "desc" }, take: limit });
  return rows.map(toView);
}

export interface NotificationStats {
  total: number;
  sent: number;
  pending: number;
  failed: number;
  /** Inbox deliveries of every notification. */
  recipients_reached: number;
  /** Of those, read by the restaurant. */
  read: number;
  /** E-mails that reached the mail server, and those given up on. */
  emails_sent: number;
  emails_failed: number;
}

export async function notificationStats(): Promise<NotificationStats> {
  const [byStatus, reached, read, byEmail] = await Promise.all([
    prisma.notification.groupBy({ by: ["status"], where: platformSends, _count: { _all: true } }),
    prisma.notificationRecipient.count({ where: { notification: platformSends } }),
    prisma.notificationRecipient.count({ where: { readAt: { not: null }, notification: platformSends } }),
    prisma.notificationRecipient.groupBy({ by: ["emailStatus"], where: { notification: platformSends }, _count: { _all: true } }),
  ]);
  const status = (s: NotificationStatus) => byStatus.find((r) => r.status === s)?._count._all ?? 0;
  const email = (s: "sent" | "failed") => byEmail.find((r) => r.emailStatus === s)?._count._all ?? 0;
  return {
    total: byStatus.reduce((n, r) => n + r._count._all, 0),
    sent: status("sent"),
    pending: status("pending"),
    failed: status("failed"),
    recipients_reached: reached,
    read,
    emails_sent: email("sent"),
    emails_failed: email("failed"),
  };
}

/** Per notification of the history: inbox rows so far, read, e-mails failed. */
export interface DeliveryFigures {
  delivered: number;
  read: number;
  emailFailed: number;
}

export async function deliveryFigures(notificationIds: number[]): Promise<Record<number, DeliveryFigures>> {
  if (notificationIds.length === 0) return {};
  const rows = await prisma.notificationRecipient.groupBy({
    by: ["notificationId", "emailStatus"],
    where: { notificationId: { in: notificationIds } },
    _count: { _all: true, readAt: true },
  });
  const out: Record<number, DeliveryFigures> = {};
  for (const r of rows) {
    const f = (out[r.notificationId] ??= { delivered: 0, read: 0, emailFailed: 0 });
    f.delivered += r._count._all;
    f.read += r._count.readAt;
    if (r.emailStatus === "failed") f.emailFailed += r._count._all;
  }
  return out;
}

export interface MemberOption {
  id: number;
  name: string;
  ownerEmail: string | null;
  plan: string;
  status: string;
}

/** Members to pick from, newest first (the ones an admin most often writes to), at most `limit` (the rest are reached with "Tümünü seç"), and how many match. */
export async function memberOptions(filter: MemberFilter, limit: number): Promise<{ members: MemberOption[]; total: number }> {
  const where = memberWhere(filter);
  const [rows, total] = await Promise.all([
    prisma.restaurant.findMany({
      where,
      select: {
        id: true,
        name: true,
        subscriptionPlan: true,
        subscriptionStatus: true,
        users: { where: { isOwner: true }, select: { email: true }, take: 1 },
      },
      orderBy: { id: "desc" },
      take: limit,
    }),
    prisma.restaurant.count({ where }),
  ]);
  return {
    members: rows.map((r) => ({
      id: r.id,
      name: r.name,
      ownerEmail: r.users[0]?.email ?? null,
      plan: r.subscriptionPlan,
      status: r.subscriptionStatus,
    })),
    total,
  };
}
