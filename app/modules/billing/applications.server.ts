// Premium membership applications: made by a restaurant whose trial ended,
// reviewed by the platform admin.
import type { RestaurantAuth } from "~/modules/auth/sessions.server";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import type { ApplicationInput } from "./application-schema";
import { CLOSED_NO_APPLICATION } from "./billing-rules";
import { APPLICATION_SENT } from "./premium-gate";
import { trialStatus } from "./trial.server";

export interface ApplicationDto {
  id: number;
  status: string;
  requested_plan: string;
  approved_plan: string | null;
  restaurant_name: string;
  applied_at: string;
  reviewed_at: string | null;
  admin_notes: string | null;
}

function applicationDto(a: {
  id: number;
  status: string;
  requestedPlan: string;
  approvedPlan: string | null;
  restaurantName: string;
  appliedAt: Date;
  reviewedAt: Date | null;
  adminNotes: string | null;
}): ApplicationDto {
  return {
    id: a.id,
    status: a.status,
    requested_plan: a.requestedPlan,
    approved_plan: a.approvedPlan,
    restaurant_name: a.restaurantName,
    applied_at: a.appliedAt.toISOString(),
    reviewed_at: a.reviewedAt?.toISOString() ?? null,
    admin_notes: a.adminNotes,
  };
}

/** The restaurant's latest application, if any. */
export async function applicationStatus(restaurantId: number) {
  const latest = await prisma.premiumApplication.findFirst({
    where: { restaurantId },
    orderBy: [{ appliedAt: "desc" }, { id: "desc" }],
  });
  return { has_application: latest !== null, application: latest ? applicationDto(latest) : null };
}

/** Only an open restaurant that needs a plan applies, and only one application is under review at a time. */
export async function submitApplication(auth: RestaurantAuth, input: ApplicationInput) {
  if (!trialStatus(auth.restaurant).upgrade_required) {
    throw new DomainError(409, "Deneme süreniz ya da aboneliğiniz devam ediyor; başvuruya gerek yok.");
  }
  return prisma.$transaction(async (tx) => {
    // Serialise applications of one restaurant so two submits cannot both pass the check.
    await lockRestaurant(tx, auth.restaurant.id);
    // Read under the lock: a suspension or cancellation that came first is seen (issue 20).
    const { subscriptionStatus } = await tx.restaurant.findUniqueOrThrow({
      where: { id: auth.restaurant.id },
      select: { subscriptionStatus: true },
    });
    if (subscriptionStatus !== "active") throw new DomainError(403, CLOSED_NO_APPLICATION(subscriptionStatus));
    const pending = await tx.premiumApplication.count({ where: { restaurantId: auth.restaurant.id, status: "pending" } });
    if (pending > 0) throw new DomainError(409, "İncelenmekte olan bir başvurunuz zaten var.");
    const created = await tx.premiumApplication.create({
      data: {
        restaurantId: auth.restaurant.id,
        restaurantName: input.restaurant_name,
        businessType: input.business_type,
        businessDescription: input.business_description ?? null,
        requestedPlan: input.requested_plan,
        monthlyCustomerCount: input.monthly_customer_count ?? null,
        tableCount: input.table_count ?? null,
        staffCount: input.staff_count ?? null,
        ownerName: `${auth.user.firstName} ${auth.user.lastName}`,
        ownerEmail: auth.user.email,
        ownerPhone: auth.user.phone,
      },
    });
    return { success: true, message: APPLICATION_SENT, application: applicationDto(created) };
  });
}
