import type { Route } from "./+types/admin-customer-plan";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { memberIdParam } from "~/modules/admin/member-api.server";
import { PLAN_CHANGED_BY_ADMIN } from "~/modules/admin/member-rules";
import { MemberPlanApiSchema } from "~/modules/admin/member-schemas";
import { changeMemberPlan } from "~/modules/admin/members.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/admin/customers/{id}/plan {plan: basic|pro|enterprise, change_key?} (platform admin):
 * the dashboard's plan selector. Billing's plan change (decision 046): the plan applies at once and
 * its invoice is written; the same plan, usage over the plan's limits, an overdue invoice or a
 * member that is not active is 409. A key already used answers the first invoice.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { admin } = context.get(adminAuthContext);
    const id = memberIdParam(params.id);
    const body = await readJsonObject(request);
    const input = validate(MemberPlanApiSchema, withIdempotencyKey(request, body, "change_key"));
    const { restaurant, invoice, replayed } = await changeMemberPlan(admin.id, id, input.plan, input.change_key);
    return Response.json(
      { message: PLAN_CHANGED_BY_ADMIN(restaurant.name, restaurant.plan), id, subscription_plan: restaurant.plan, invoice },
      { headers: replayed ? { "Idempotent-Replay": "true" } : {} },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
