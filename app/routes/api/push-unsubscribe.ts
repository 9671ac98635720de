import type { Route } from "./+types/push-unsubscribe";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { removePushSubscription } from "~/modules/push/push.server";
import { UnsubscribeSchema } from "~/modules/push/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, requireMethod } from "~/utils/http.server";

/**
 * POST /api/push/unsubscribe (manager mode): `{ endpoint }`. Forgets that browser for this
 * restaurant only; repeating it is harmless (`removed: false` the second time).
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const { endpoint } = await readJson(request, UnsubscribeSchema, { maxBytes: 8 * 1024 });
    return { removed: await removePushSubscription(auth.restaurant.id, endpoint) };
  });
}

export const loader = () => methodNotAllowed("POST");
