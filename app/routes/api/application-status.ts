import type { Route } from "./+types/application-status";
import { requireApiAuth } from "~/modules/auth/guards.server";
import { applicationStatus } from "~/modules/billing/applications.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/application/status: has_application and the latest application. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = await requireApiAuth(request);
    return applicationStatus(auth.restaurant.id);
  });
}

export const action = () => methodNotAllowed("GET");
