import { handleApi } from "~/utils/api.server";
import { apiError, methodNotAllowed } from "~/utils/http.server";

export const ADMIN_PASSWORD_NEVER_SENT =
  "Yönetici şifresi güvenlik nedeniyle hiçbir zaman gönderilmez. Doğrulamak için POST /api/auth/verify-admin-password kullanın.";

/**
 * GET /api/auth/admin-password. The spec's client fetched the manager password
 * and compared it in the browser; Sofra never sends it (docs/decisions/004), so
 * this answers 410 Gone for a logged-in user (401 otherwise, from the API layout).
 */
export function loader() {
  return handleApi(async () => {
    throw apiError(410, ADMIN_PASSWORD_NEVER_SENT);
  });
}

export const action = () => methodNotAllowed("GET");
