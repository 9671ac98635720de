import type { Route } from "./+types/tables";
import { tablesPoll } from "~/modules/tables/poll.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/tables (in production server.mjs answers it before React Router, with the same function). */
export function loader({ request }: Route.LoaderArgs) {
  return tablesPoll(request);
}

export const action = () => methodNotAllowed("GET");
