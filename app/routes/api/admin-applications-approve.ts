import type { Route } from "./+types/admin-applications-approve";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { decideApplication, planLabel } from "~/modules/billing/application-review.server";
import { APPROVED, REJECTED } from "~/modules/billing/review-rules";
import { ReviewSchema } from "~/modules/billing/review-schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";

/**
 * POST /api/admin/applications/approve {application_id, status: approved|rejected, approved_plan,
 * admin_notes}: decides a pending application (approval activates the plan). A decided one is 409;
 * the same request again with the same key (decision_key or the Idempotency-Key header) answers
 * the first decision with 200 (decision 048).
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { admin } = context.get(adminAuthContext);
    const headerKey = idempotencyKeyOf(request);
    const input = await readJson(request, ReviewSchema);
    const result = await decideApplication(input.application_id, admin.id, input, input.decision_key ?? headerKey);
    const { application } = result;
    return {
      success: true,
      message:
        application.status === "approved"
          ? APPROVED(application.restaurant_name, planLabel(application.approved_plan ?? ""))
          : REJECTED(application.restaurant_name),
      application,
      invoice: result.invoice,
      replayed: result.replayed,
    };
  });
}

export const loader = () => methodNotAllowed("POST");
