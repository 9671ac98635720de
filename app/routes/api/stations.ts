import type { Route } from "./+types/stations";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { CreateStationSchema } from "~/modules/kitchen/station-schemas";
import { createStation, listStations } from "~/modules/kitchen/stations.server";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/stations (kitchen and manager roles): the restaurant's kitchen stations in the
 * manager's order, each with id, name, position, category_count and version (decision 077).
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => listStations(context.get(apiAuthContext).restaurant.id));
}

/**
 * POST /api/stations (manager mode; the role table decides): 201 with the new station, at the end.
 * A `client_id` (or Idempotency-Key header) already seen answers 200 with the first one and
 * `Idempotent-Replay: true`.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const body = await readJsonObject(request);
    const { client_id, name } = validate(CreateStationSchema, withIdempotencyKey(request, body, "client_id"));
    const { station, replayed } = await createStation(auth.restaurant.id, name, client_id ?? null);
    return Response.json(station, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
