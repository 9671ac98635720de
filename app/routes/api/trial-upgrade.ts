import { z } from "zod";
import type { Route } from "./+types/trial-upgrade";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { SELF_SERVICE_UPGRADE_PLANS } from "~/modules/billing/catalog";
import { upgradeFromTrial } from "~/modules/billing/trial.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";
import { enumField } from "~/utils/validation";

const UpgradeSchema = z.object({
  plan: enumField("Plan", SELF_SERVICE_UPGRADE_PLANS),
  billing_cycle: enumField("Ödeme dönemi", ["monthly", "yearly"], { defaultValue: "monthly" }),
});

/** POST /api/trial/upgrade (manager mode): from the trial to basic or pro; the first invoice is pending (decision 040). */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const changeKey = idempotencyKeyOf(request);
    const { plan, billing_cycle } = await readJson(request, UpgradeSchema);
    // The billing tab's plan change (same rules and invoice), only from the trial.
    const trial_status = await upgradeFromTrial(auth.restaurant.id, plan, billing_cycle, undefined, changeKey);
    return { message: "Abonelik başarıyla yükseltildi!", subscription_plan: plan, trial_status };
  });
}

export const loader = () => methodNotAllowed("POST");
