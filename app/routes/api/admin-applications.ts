import type { Route } from "./+types/admin-applications";
import { listApplications } from "~/modules/billing/application-review.server";
import { ApplicationListQuery } from "~/modules/billing/review-schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readQuery } from "~/utils/http.server";

/** GET /api/admin/applications?status=pending|approved|rejected (empty or none: all). */
export function loader({ url }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { status } = readQuery(url, ApplicationListQuery);
    return { applications: await listApplications(status) };
  });
}

export const action = () => methodNotAllowed("GET");
