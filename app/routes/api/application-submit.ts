import type { Route } from "./+types/application-submit";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { ApplicationSchema } from "~/modules/billing/application-schema";
import { submitApplication } from "~/modules/billing/applications.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

/** POST /api/application/submit: a premium membership application, when the trial has ended. */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const input = await readJson(request, ApplicationSchema);
    return Response.json(await submitApplication(auth, input), { status: 201 });
  });
}

export const loader = () => methodNotAllowed("POST");
