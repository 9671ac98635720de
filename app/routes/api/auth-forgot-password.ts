import type { Route } from "./+types/auth-forgot-password";
import { RESET_REQUESTED } from "~/modules/account/messages";
import { requestPasswordReset } from "~/modules/account/password-reset.server";
import { ForgotPasswordSchema } from "~/modules/account/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";
import { clientAddressContext } from "~/utils/request-context";

/** POST /api/auth/forgot-password {email}: 202 with one answer whether or not the address has an account (throttled: 429). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { email } = await readJson(request, ForgotPasswordSchema);
    await requestPasswordReset(email, context.get(clientAddressContext));
    return Response.json({ message: RESET_REQUESTED }, { status: 202 });
  });
}

export const loader = () => methodNotAllowed("POST");
