import { listPlans } from "~/modules/billing/plans.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/public/plans */
export function loader() {
  return handleApi(() => listPlans());
}

export const action = () => methodNotAllowed("GET");
