import type { Route } from "./+types/login";
import { apiLogin } from "~/modules/auth/api.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, requireMethod } from "~/utils/http.server";

/** POST /api/public/login and /api/auth/login: e-mail and password for a bearer token (throttled). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    return apiLogin(request, context);
  });
}

export const loader = () => methodNotAllowed("POST");
