import type { Route } from "./+types/push-status";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { isPushSubscribed } from "~/modules/push/push.server";
import { UnsubscribeSchema } from "~/modules/push/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readQuery } from "~/utils/http.server";

/**
 * GET /api/push/status?endpoint=… (manager mode, like the switch that asks it): `{ subscribed }`,
 * whether the server sends this restaurant's push to that browser. A browser still holding a
 * subscription whose session ended (logout, decision 060) is told `false`, so the settings switch
 * shows off rather than a subscription the server has forgotten.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    const { endpoint } = readQuery(new URL(request.url), UnsubscribeSchema);
    return { subscribed: await isPushSubscribed(auth.restaurant.id, endpoint) };
  });
}

export const action = () => methodNotAllowed("GET");
