import type { Route } from "./+types/admin-customer";
import { memberIdParam } from "~/modules/admin/member-api.server";
import { memberDetail } from "~/modules/admin/members.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/admin/customers/{id} (platform admin): the member with its figures and audit log; 404 when unknown. */
export function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => memberDetail(memberIdParam(params.id)));
}

export const action = () => methodNotAllowed("GET");
