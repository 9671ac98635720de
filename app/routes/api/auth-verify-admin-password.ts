import type { Route } from "./+types/auth-verify-admin-password";
import { verifyManagerPassword } from "~/modules/auth/accounts.server";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { ManagerPasswordSchema, WRONG_MANAGER_PASSWORD } from "~/modules/auth/schemas";
import { setSessionMode } from "~/modules/auth/sessions.server";
import { handleApi } from "~/utils/api.server";
import { clientAddressContext } from "~/utils/request-context";
import { apiError, methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

/** POST /api/auth/verify-admin-password: checks the manager password on the server and puts the session in manager mode. */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const { password } = await readJson(request, ManagerPasswordSchema);
    if (
      !(await verifyManagerPassword(auth.restaurant.id, password, {
        sessionId: auth.sessionId,
        ipAddress: context.get(clientAddressContext),
      }))
    )
      throw apiError(401, WRONG_MANAGER_PASSWORD);
    await setSessionMode(auth.sessionId, "manager");
    return { verified: true, mode: "manager" };
  });
}

export const loader = () => methodNotAllowed("POST");
