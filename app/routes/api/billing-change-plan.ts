import type { Route } from "./+types/billing-change-plan";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { PLAN_CHANGED } from "~/modules/billing/billing-rules";
import { changePlan } from "~/modules/billing/billing.server";
import { ChangePlanSchema } from "~/modules/billing/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * PUT /api/billing/change-plan {subscription_plan, billing_cycle?} (manager mode): the new plan
 * applies at once and its invoice is written (decision 040). A `change_key` (or Idempotency-Key
 * header) already seen answers the first invoice with `Idempotent-Replay: true`; the current plan
 * again, usage over the new plan's limits or an overdue invoice is 409.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const body = await readJsonObject(request);
    const input = validate(ChangePlanSchema, withIdempotencyKey(request, body, "change_key"));
    const { invoice, restaurant, replayed } = await changePlan(auth.restaurant.id, {
      plan: input.subscription_plan,
      billingCycle: input.billing_cycle,
      changeKey: input.change_key,
    });
    return Response.json(
      {
        message: PLAN_CHANGED,
        subscription_plan: restaurant.subscriptionPlan,
        billing_cycle: restaurant.billingCycle,
        subscription_status: restaurant.subscriptionStatus,
        invoice,
      },
      { headers: replayed ? { "Idempotent-Replay": "true" } : {} },
    );
  });
}

export const loader = () => methodNotAllowed("PUT");
