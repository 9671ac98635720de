import type { Route } from "./+types/kitchen-ready";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { readyLinesOf } from "~/modules/kitchen/tickets.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/kitchen/ready (whoever works the floor; decision 079): the lines the session's own user
 * sent that a station has made ready and nobody has served yet — the staff panel's "Hazır" list.
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { restaurant, user } = context.get(apiAuthContext);
    return readyLinesOf(restaurant.id, user.id);
  });
}

export const action = () => methodNotAllowed("GET");
