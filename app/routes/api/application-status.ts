import type { Route } from "./+types/application-status";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { applicationStatus } from "~/modules/billing/applications.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/application/status: has_application and the latest application. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    return applicationStatus(auth.restaurant.id);
  });
}

export const action = () => methodNotAllowed("GET");
