// A manager's approval for taking sent items away (iptal) or making them free
// (ikram): the session is in manager mode, or the manager password is typed on
// the spot (checked and throttled like every manager password guess, per session).
import { verifyManagerPassword } from "~/modules/auth/accounts.server";
import type { OrderApproval } from "~/generated/prisma/enums";
import type { RestaurantAuth } from "~/modules/auth/sessions.server";
import { DomainError } from "~/utils/domain-error";
import { WRONG_APPROVAL_PASSWORD, type TakeAwayReason } from "./rules";
import type { TakeAwayInput } from "./schemas";

export interface Approval {
  by: OrderApproval;
  reason?: TakeAwayReason;
  note?: string;
}

export interface Approver {
  restaurantId: number;
  sessionId: number;
  managerMode: boolean;
  ipAddress: string | null;
}

export const approverOf = (auth: RestaurantAuth, ipAddress: string | null): Approver => ({
  restaurantId: auth.restaurant.id,
  sessionId: auth.sessionId,
  managerMode: auth.mode === "manager",
  ipAddress,
});

/**
 * Whether a manager approves (a house account charged past its limit, decision 087): the session is
 * in manager mode, or the manager password typed now is right (a wrong one: 403, never ignored).
 */
export async function managerApproves(approver: Approver, password: string | null | undefined): Promise<boolean> {
  if (approver.managerMode) return true;
  if (!password) return false;
  const ok = await verifyManagerPassword(approver.restaurantId, password, { sessionId: approver.sessionId, ipAddress: approver.ipAddress });
  if (!ok) throw new DomainError(403, WRONG_APPROVAL_PASSWORD);
  return true;
}

/**
 * The approval an edit carries, or null when it carries none (fine as long as it
 * takes nothing away). A password that is given is checked even if the edit turns
 * out not to need it: a wrong one is refused (403) rather than ignored.
 */
export async function approveTakeAway(approver: Approver, input: TakeAwayInput): Promise<Approval | null> {
  const { reason, note } = input;
  if (approver.managerMode) return { by: "manager_mode", reason, note };
  if (!input.manager_password) return null;
  const ok = await verifyManagerPassword(approver.restaurantId, input.manager_password, {
    sessionId: approver.sessionId,
    ipAddress: approver.ipAddress,
  });
  if (!ok) throw new DomainError(403, WRONG_APPROVAL_PASSWORD);
  return { by: "manager_password", reason, note };
}
