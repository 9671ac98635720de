// The platform admins' audit log: every change an admin makes to a member is written in the same
// transaction as the change, so the log and the data cannot disagree (decision 047).
import type { Prisma } from "~/generated/prisma/client";
import { prisma, type Tx } from "~/utils/db.server";
import { MEMBER_AUDIT_ROWS } from "./audit-labels";

export type AuditAction =
  "plan_change" | "suspend" | "reactivate" | "cancel" | "invoice_paid" | "application_approved" | "application_rejected";

export interface AuditEntry {
  adminId: number;
  action: AuditAction;
  restaurantId: number;
  details: Prisma.InputJsonObject;
  /** The form's or request's key: unique per restaurant, so a repeat cannot log (or act) twice. */
  requestKey?: string | null;
}

export async function writeAudit(tx: Tx, entry: AuditEntry) {
  return tx.adminAuditLog.create({
    data: {
      adminId: entry.adminId,
      action: entry.action,
      restaurantId: entry.restaurantId,
      details: entry.details,
      requestKey: entry.requestKey ?? null,
    },
  });
}

/** The row a form or request key already wrote, if any (read under the restaurant's lock). */
export function auditByKey(tx: Tx, restaurantId: number, requestKey: string) {
  return tx.adminAuditLog.findUnique({ where: { restaurantId_requestKey: { restaurantId, requestKey } } });
}

/** A member's latest audit rows, newest first, with the admin's name (null when the admin was removed). */
export async function memberAudit(restaurantId: number, take = MEMBER_AUDIT_ROWS) {
  const rows = await prisma.adminAuditLog.findMany({
    where: { restaurantId },
    orderBy: { id: "desc" },
    take,
    include: { admin: { select: { name: true, email: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    admin: r.admin ? { name: r.admin.name, email: r.admin.email } : null,
    details: (r.details ?? {}) as Record<string, unknown>,
    created_at: r.createdAt.toISOString(),
  }));
}
