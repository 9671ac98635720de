import type { Route } from "./+types/auth-reset-password";
import { RESET_DONE } from "~/modules/account/messages";
import { resetPassword } from "~/modules/account/password-reset.server";
import { ResetPasswordSchema } from "~/modules/account/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

/**
 * POST /api/auth/reset-password {token, password}: the new password, every session of the account
 * ended. A used link is 409, an expired one 410, an unknown one 400.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { token, password } = await readJson(request, ResetPasswordSchema);
    await resetPassword(token, password);
    return { message: RESET_DONE };
  });
}

export const loader = () => methodNotAllowed("POST");
