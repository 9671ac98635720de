// A restaurant's inbox of platform notifications and of Sofra's own notices to it (low stock).
// Every function takes the restaurant from the session first and filters by it: another
// restaurant's notification is a 404, like one that does not exist. Some notices are the
// managers' only (promotions, stock: decision 065): a waiter's, cashier's or kitchen's session
// neither lists, counts nor reads them.
import { Prisma } from "~/generated/prisma/client";
import { roleAllows, type AccessSubject } from "~/modules/auth/roles";
import { prisma, sqlQuery } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { INBOX_PAGE, NOT_FOUND, type NotificationType } from "./rules";

export interface InboxItem {
  /** The notification's id (the one POST /api/notifications/{id}/read takes). */
  id: number;
  title: string;
  message: string;
  type: NotificationType;
  is_read: boolean;
  read_at: string | null;
  /** When it reached this inbox. */
  created_at: string;
}

/** Who reads the inbox: the accounts that manage the restaurant also see the managers' notices. */
export type InboxAudience = "managers" | "everyone";

/** The owner and Yönetici accounts (whatever their session's mode) read the managers' notices too. */
export const inboxAudienceOf = (subject: Omit<AccessSubject, "mode">): InboxAudience =>
  roleAllows(subject, "manager_account") ? "managers" : "everyone";

const visible = (restaurantId: number, audience: InboxAudience): Prisma.NotificationRecipientWhereInput =>
  audience === "managers" ? { restaurantId } : { restaurantId, notification: { managersOnly: false } };

export async function listInbox(restaurantId: number, audience: InboxAudience, limit = INBOX_PAGE): Promise<InboxItem[]> {
  const rows = await prisma.notificationRecipient.findMany({
    where: visible(restaurantId, audience),
    select: { notificationId: true, readAt: true, createdAt: true, notification: { select: { title: true, message: true, type: true } } },
    orderBy: { id: "desc" },
    take: limit,
  });
  return rows.map((r) => ({
    id: r.notificationId,
    title: r.notification.title,
    message: r.notification.message,
    type: r.notification.type,
    is_read: r.readAt !== null,
    read_at: r.readAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}

/** One query on the (restaurantId, readAt) index: the header asks it on every page load. */
export async function unreadCount(restaurantId: number, audience: InboxAudience): Promise<number> {
  // On the driver (decision 091): the restaurant layout's loader, on every page load. The same
  // rows as visible(): a staff member does not count the managers' notices.
  const [row] = await sqlQuery.$queryRaw<{ n: bigint | number }[]>`
    SELECT COUNT(*) AS n FROM notification_recipients r
    ${audience === "managers" ? Prisma.empty : Prisma.sql`JOIN notifications n ON n.id = r.notificationId AND n.managersOnly = FALSE`}
    WHERE r.restaurantId = ${restaurantId} AND r.readAt IS NULL`;
  return Number(row?.n ?? 0);
}

/** Marks one read; reading it again keeps the first time. 404 when it is not this restaurant's (or not this audience's). */
export async function markRead(restaurantId: number, audience: InboxAudience, notificationId: number): Promise<InboxItem> {
  await prisma.notificationRecipient.updateMany({
    where: { ...visible(restaurantId, audience), notificationId, readAt: null },
    data: { readAt: new Date() },
  });
  const row = await prisma.notificationRecipient.findFirst({
    where: { ...visible(restaurantId, audience), notificationId },
    select: { notificationId: true, readAt: true, createdAt: true, notification: { select: { title: true, message: true, type: true } } },
  });
  if (!row) throw new DomainError(404, NOT_FOUND);
  return {
    id: row.notificationId,
    title: row.notification.title,
    message: row.notification.message,
    type: row.notification.type,
    is_read: true,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Marks every unread one read; returns how many were. */
export async function markAllRead(restaurantId: number, audience: InboxAudience): Promise<number> {
  const { count } = await prisma.notificationRecipient.updateMany({
    where: { ...visible(restaurantId, audience), readAt: null },
    data: { readAt: new Date() },
  });
  return count;
}
