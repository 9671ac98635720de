import type { Route } from "./+types/admin-logout";
import { readAdminToken, revokeAdminSession } from "~/modules/admin/sessions.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, requireMethod } from "~/utils/http.server";

/** POST /api/admin/logout: ends the token's admin session. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    await revokeAdminSession(await readAdminToken(request));
    return { message: "Çıkış yapıldı." };
  });
}

export const loader = () => methodNotAllowed("POST");
