import type { Route } from "./+types/notification-read";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { inboxAudienceOf, markRead, unreadCount } from "~/modules/notifications/inbox.server";
import { NotificationIdSchema } from "~/modules/notifications/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readParam, requireMethod } from "~/utils/http.server";

/**
 * POST /api/notifications/{id}/read (every role): marks it read (again: keeps the first time) and
 * answers it with the inbox's new `unread_count`. Another restaurant's id is 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const audience = inboxAudienceOf(auth);
    const notification = await markRead(auth.restaurant.id, audience, readParam(NotificationIdSchema, params.id));
    return { ...notification, unread_count: await unreadCount(auth.restaurant.id, audience) };
  });
}

export const loader = () => methodNotAllowed("POST");
