import type { Route } from "./+types/station";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { DeleteStationSchema, StationIdParam, UpdateStationSchema } from "~/modules/kitchen/station-schemas";
import { deleteStation, updateStation } from "~/modules/kitchen/stations.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/**
 * PUT /api/stations/{id}: `name` and/or `position` (the target place, 0 = first); with `version`,
 * a station changed since gets 409.
 * DELETE /api/stations/{id}: one without categories goes; one with categories needs `move_to`
 * (another station's id, in the body or the query), else 409, and its categories move there in the
 * same transaction; the last station stays (409).
 * Manager mode (the role table); another restaurant's id: 404 (decision 077).
 */
export function action({ request, params, context, url }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    const id = readParam(StationIdParam, params.id);
    const body = await readJsonObject(request);
    if (request.method.toUpperCase() === "DELETE") {
      const query = url.searchParams.get("move_to");
      const { move_to } = validate(DeleteStationSchema, query !== null && body.move_to === undefined ? { move_to: query } : body);
      const { moved } = await deleteStation(auth.restaurant.id, id, move_to ?? null);
      return { message: "İstasyon silindi", id, moved_categories: moved };
    }
    const { version, name, position } = validate(UpdateStationSchema, body);
    return updateStation(auth.restaurant.id, id, { name, position }, version ?? null);
  });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
