import type { Route } from "./+types/tables";
import { requireApiAuth } from "~/modules/auth/guards.server";
import { listTables } from "~/modules/tables/tables.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/tables: the waiters' 3-second poll. */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = await requireApiAuth(request);
    return listTables(auth.restaurant.id);
  });
}

export const action = () => methodNotAllowed("GET");
