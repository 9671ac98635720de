// The platform admin's side of premium applications (decision 048): the list by status and the
// decision. Approval moves the restaurant onto the plan in the same transaction, under the
// restaurant's row lock, which submitApplication and every billing write take as well: of two
// decisions at once, the second waits, then finds the application decided (409).
import type { PremiumApplication } from "~/generated/prisma/client";
import { writeAudit } from "~/modules/audit/audit.server";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { activateApprovedPlan, type InvoiceDto } from "./billing.server";
import { PLAN_LABELS } from "./billing-rules";
import { PAID_PLAN_IDS, type PaidPlanId } from "./catalog";
import { ALREADY_DECIDED, APPLICATION_NOT_FOUND, REVIEW_LIST_LIMIT, type ApplicationFilter } from "./review-rules";
import type { ReviewInput } from "./review-schemas";

/** Spec §3 Application, plus who decided and the plan approved. */
export interface AdminApplicationDto {
  id: number;
  restaurant_id: number;
  restaurant_name: string;
  business_type: string;
  owner_name: string;
  owner_email: string;
  owner_phone: string | null;
  requested_plan: string;
  approved_plan: string | null;
  business_description: string | null;
  table_count: number | null;
  staff_count: number | null;
  monthly_customer_count: number | null;
  applied_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  admin_notes: string | null;
  status: string;
}

type Row = PremiumApplication & { reviewedBy: { name: string } | null };

function adminApplicationDto(a: Row): AdminApplicationDto {
  return {
    id: a.id,
    restaurant_id: a.restaurantId,
    restaurant_name: a.restaurantName,
    business_type: a.businessType,
    owner_name: a.ownerName,
    owner_email: a.ownerEmail,
    owner_phone: a.ownerPhone,
    requested_plan: a.requestedPlan,
    approved_plan: a.approvedPlan,
    business_description: a.businessDescription,
    table_count: a.tableCount,
    staff_count: a.staffCount,
    monthly_customer_count: a.monthlyCustomerCount,
    applied_at: a.appliedAt.toISOString(),
    reviewed_at: a.reviewedAt?.toISOString() ?? null,
    reviewed_by: a.reviewedBy?.name ?? null,
    admin_notes: a.adminNotes,
    status: a.status,
  };
}

const withReviewer = { reviewedBy: { select: { name: true } } } as const;

/** Newest first; pending ones are the queue, so those come oldest first (first come, first served). */
export async function listApplications(filter: ApplicationFilter, limit = REVIEW_LIST_LIMIT): Promise<AdminApplicationDto[]> {
  const rows = await prisma.premiumApplication.findMany({
    where: filter === "all" ? {} : { status: filter },
    orderBy: filter === "pending" ? [{ appliedAt: "asc" }, { id: "asc" }] : [{ appliedAt: "desc" }, { id: "desc" }],
    take: limit,
    include: withReviewer,
  });
  return rows.map(adminApplicationDto);
}

/** How many there are of each status, for the filter links. */
export async function applicationCounts(): Promise<Record<ApplicationFilter, number>> {
  const groups = await prisma.premiumApplication.groupBy({ by: ["status"], _count: { _all: true } });
  const of = (status: string) => groups.find((g) => g.status === status)?._count._all ?? 0;
  const counts = { pending: of("pending"), approved: of("approved"), rejected: of("rejected") };
  return { ...counts, all: counts.pending + counts.approved + counts.rejected };
}

export interface DecisionResult {
  application: AdminApplicationDto;
  /** The invoice of the period the approval started (null: rejected, or already on that plan). */
  invoice: InvoiceDto | null;
  /** The same decision sent again with its key: the first one's answer, nothing written. */
  replayed: boolean;
}

/**
 * Decides a pending application. Approval activates `approved_plan` (the requested plan when
 * none is given) with a period and its invoice; rejection records only the decision. A decided
 * application is 409, except the same request again with the same key, which answers the first.
 */
export async function decideApplication(
  applicationId: number,
  adminId: number,
  input: Pick<ReviewInput, "status" | "approved_plan" | "admin_notes">,
  decisionKey?: string,
  nowArg?: Date,
): Promise<DecisionResult> {
  const found = await prisma.premiumApplication.findUnique({ where: { id: applicationId }, select: { restaurantId: true } });
  if (!found) throw new DomainError(404, APPLICATION_NOT_FOUND);
  return prisma.$transaction(async (tx) => {
    // The restaurant first, as every billing write does; the application is read under it.
    if (!(await lockRestaurant(tx, found.restaurantId))) throw new DomainError(404, APPLICATION_NOT_FOUND);
    // The clock is read once the lock is held, so a plan change that went first is this period's.
    const now = nowArg ?? new Date();
    const application = await tx.premiumApplication.findUnique({ where: { id: applicationId }, include: withReviewer });
    if (!application) throw new DomainError(404, APPLICATION_NOT_FOUND);
    if (application.status !== "pending") {
      if (decisionKey && application.decisionKey === decisionKey) {
        return { application: adminApplicationDto(application), invoice: null, replayed: true };
      }
      throw new DomainError(409, ALREADY_DECIDED(application.status), { status: application.status });
    }
    let invoice: InvoiceDto | null = null;
    let approvedPlan: PaidPlanId | null = null;
    if (input.status === "approved") {
      approvedPlan = input.approved_plan ?? requestedPaidPlan(application.requestedPlan);
      // ':' is outside the keys clients may send, so this key cannot meet an owner's plan-change key.
      ({ invoice } = await activateApprovedPlan(tx, found.restaurantId, approvedPlan, `application:${application.id}`, now));
    }
    const decided = await tx.premiumApplication.update({
      where: { id: applicationId },
      data: {
        status: input.status,
        approvedPlan,
        adminNotes: input.admin_notes ?? null,
        reviewedById: adminId,
        reviewedAt: now,
        decisionKey: decisionKey ?? null,
      },
      include: withReviewer,
    });
    await writeAudit(tx, {
      adminId,
      action: input.status === "approved" ? "application_approved" : "application_rejected",
      restaurantId: found.restaurantId,
      details: {
        application_id: application.id,
        ...(approvedPlan ? { plan: approvedPlan } : {}),
        ...(invoice ? { invoice_number: invoice.number } : {}),
        ...(input.admin_notes ? { note: input.admin_notes } : {}),
      },
    });
    return { application: adminApplicationDto(decided), invoice, replayed: false };
  });
}

/** Applications ask for a paid plan (the schema allows no other); an old row asking for the trial gets Pro. */
function requestedPaidPlan(plan: string): PaidPlanId {
  return (PAID_PLAN_IDS as readonly string[]).includes(plan) ? (plan as PaidPlanId) : "pro";
}

export const planLabel = (plan: string) => PLAN_LABELS[plan] ?? plan;
