import type { Route } from "./+types/trial-check-feature";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { FEATURES, isFeature } from "~/modules/billing/features";
import { getTrialStatus } from "~/modules/billing/trial.server";
import { handleApi } from "~/utils/api.server";
import { apiError, methodNotAllowed } from "~/utils/http.server";

/** GET /api/trial/check-feature/{feature} */
export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    if (!isFeature(params.feature)) {
      throw apiError(404, `Bilinmeyen özellik: ${params.feature.slice(0, 64)}. Geçerli olanlar: ${FEATURES.join(", ")}.`);
    }
    const status = await getTrialStatus(auth.restaurant.id);
    return { feature: params.feature, can_access: status.can_access_feature[params.feature] };
  });
}

export const action = () => methodNotAllowed("GET");
