import type { Route } from "./+types/admin-login";
import { apiAdminLogin } from "~/modules/admin/api.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, requireMethod } from "~/utils/http.server";

/** POST /api/admin/login: a platform admin's e-mail and password for a bearer token (throttled). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    return apiAdminLogin(request, context);
  });
}

export const loader = () => methodNotAllowed("POST");
