import type { Route } from "./+types/auth-change-admin-password";
import { changeManagerPassword } from "~/modules/auth/accounts.server";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { ChangeManagerPasswordSchema } from "~/modules/auth/schemas";
import { handleApi } from "~/utils/api.server";
import { clientAddressContext } from "~/utils/request-context";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

/** PUT /api/auth/change-admin-password (manager mode): 401 when the current password is wrong. */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const input = await readJson(request, ChangeManagerPasswordSchema);
    await changeManagerPassword(auth.restaurant.id, input.current_password, input.new_password, {
      sessionId: auth.sessionId,
      ipAddress: context.get(clientAddressContext),
    });
    return { message: "Yönetici şifresi başarıyla değiştirildi" };
  });
}

export const loader = () => methodNotAllowed("PUT");
