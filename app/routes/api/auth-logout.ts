import type { Route } from "./+types/auth-logout";
import { readSessionToken, revokeSession } from "~/modules/auth/sessions.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, requireMethod } from "~/utils/http.server";

/** POST /api/auth/logout: revokes the token's session. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    await revokeSession(await readSessionToken(request));
    return { message: "Çıkış yapıldı." };
  });
}

export const loader = () => methodNotAllowed("POST");
