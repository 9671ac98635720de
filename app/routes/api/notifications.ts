import type { Route } from "./+types/notifications";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { inboxAudienceOf, listInbox, unreadCount } from "~/modules/notifications/inbox.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/notifications (every role): `{ notifications, unread_count }`, this restaurant's inbox
 * newest first (id, title, message, type, is_read, read_at, created_at).
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    const audience = inboxAudienceOf(auth);
    const [notifications, unread] = await Promise.all([listInbox(auth.restaurant.id, audience), unreadCount(auth.restaurant.id, audience)]);
    return { notifications, unread_count: unread };
  });
}

export const action = () => methodNotAllowed("GET");
