import type { Route } from "./+types/admin-notifications";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { listNotifications } from "~/modules/notifications/notifications.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/notifications: the history, newest first, as the spec's list (id, title, message,
 * type, status sent/pending/failed, recipient_count, sent_at; plus created_at, send_email, send_push).
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    context.get(adminAuthContext);
    return listNotifications();
  });
}

export const action = () => methodNotAllowed("GET");
