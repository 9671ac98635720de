// GET /app/admin/figures: the manager panel's day figures and history as JSON (manager mode, checked
// by the manager layout's middleware like any manager page). The panel loads them again on the live
// events that change them: one small answer, without the tables (they follow the floor's events)
// and without the layouts' loaders a revalidation of the page would run.
import type { Route } from "./+types/figures";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { panelFigures } from "./figures.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  return Response.json(await panelFigures(restaurant.id, restaurant.timezone));
}
