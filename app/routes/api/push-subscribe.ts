import type { Route } from "./+types/push-subscribe";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { assertPushEndpoint, pushConfig, savePushSubscription } from "~/modules/push/push.server";
import { PUSH_NOT_CONFIGURED } from "~/modules/push/rules";
import { SubscribeSchema } from "~/modules/push/schemas";
import { handleApi } from "~/utils/api.server";
import { apiError, methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

/**
 * POST /api/push/subscribe (manager mode, like the settings screen whose switch calls it):
 * `{ endpoint, keys: { p256dh, auth } }` as PushSubscription.toJSON() gives it. The endpoint is the
 * write's natural key: sending the same browser again updates it (200 `{ subscribed: true }`).
 * 400 for an endpoint that is not a push service's https address or keys that are not a P-256
 * point and a 16-byte secret; 503 when the server has no VAPID keys.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const input = await readJson(request, SubscribeSchema, { maxBytes: 8 * 1024 });
    assertPushEndpoint(input.endpoint);
    if (!pushConfig()) throw apiError(503, PUSH_NOT_CONFIGURED);
    await savePushSubscription({ restaurantId: auth.restaurant.id, userId: auth.user.id, sessionId: auth.sessionId }, input);
    return { subscribed: true };
  });
}

export const loader = () => methodNotAllowed("POST");
