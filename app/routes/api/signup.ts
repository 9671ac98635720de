import type { Route } from "./+types/signup";
import { apiSignup } from "~/modules/restaurants/onboarding-api.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, requireMethod } from "~/utils/http.server";

/** POST /api/public/signup and /api/auth/register (the /app register tab's API): owner, restaurant, trial, tables and sample menu; answers a bearer token. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    return apiSignup(request, context);
  });
}

export const loader = () => methodNotAllowed("POST");
