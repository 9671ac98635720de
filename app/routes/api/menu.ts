import type { Route } from "./+types/menu";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { listMenu } from "~/modules/menu/menu.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/menu: every item with its `available` flag (order taking hides the unavailable ones). */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    return listMenu(auth.restaurant.id);
  });
}

export const action = () => methodNotAllowed("GET");
