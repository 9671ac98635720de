import type { Route } from "./+types/trial-status";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { getTrialStatus } from "~/modules/billing/trial.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/trial/status */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    return getTrialStatus(auth.restaurant.id);
  });
}

export const action = () => methodNotAllowed("GET");
