import type { Route } from "./+types/reservation";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { DELETED } from "~/modules/reservations/rules";
import { deleteReservation, getReservation, updateReservation } from "~/modules/reservations/reservations.server";
import { ReservationIdSchema, UpdateReservationSchema } from "~/modules/reservations/schemas";
import { handleApi } from "~/utils/api.server";
import { readJson, readParam, requireMethod } from "~/utils/http.server";

/** GET /api/reservations/{id} (manager mode). */
export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    return getReservation(auth.restaurant, readParam(ReservationIdSchema, params.id));
  });
}

/**
 * PUT /api/reservations/{id}: changes the fields sent (any status, as the edit form); `version`
 * refuses a stale edit with 409; the create rules hold (table, past time, clash).
 * DELETE /api/reservations/{id}: deletes it; again is fine (200), another restaurant's id is 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "reservations");
    const id = readParam(ReservationIdSchema, params.id);
    if (request.method.toUpperCase() === "DELETE") {
      await deleteReservation(auth.restaurant.id, id);
      return { message: DELETED };
    }
    return updateReservation(auth.restaurant, id, await readJson(request, UpdateReservationSchema));
  });
}
