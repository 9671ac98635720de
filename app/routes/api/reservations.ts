import type { Route } from "./+types/reservations";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { createReservation, listReservations } from "~/modules/reservations/reservations.server";
import { CreateReservationSchema, ReservationFilterSchema } from "~/modules/reservations/schemas";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, readQuery, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/reservations (manager mode): `?date=YYYY-MM-DD` that day's, else from today on;
 * `?status=` one status. By time.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const filter = readQuery(new URL(request.url), ReservationFilterSchema);
    return listReservations(auth.restaurant, filter);
  });
}

/**
 * POST /api/reservations (manager mode): 201 with the reservation. A `client_id` (or
 * Idempotency-Key header) already seen answers 200 with the first one and `Idempotent-Replay: true`.
 * 400 for a table that does not exist or a past time; 409 (with `clash`) when the table is
 * reserved within two hours.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "reservations");
    const body = await readJsonObject(request);
    const input = validate(CreateReservationSchema, withIdempotencyKey(request, body, "client_id"));
    const { reservation, replayed } = await createReservation(auth.restaurant, input, input.client_id);
    return Response.json(reservation, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
