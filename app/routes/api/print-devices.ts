import type { Route } from "./+types/print-devices";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { CreatePrintDeviceSchema } from "~/modules/kitchen/print-device-schemas";
import { TOKEN_SHOWN_ONCE } from "~/modules/kitchen/print-devices";
import { createPrintDevice, listPrintDevices } from "~/modules/kitchen/print-devices.server";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/print-devices (manager mode; the role table decides): the restaurant's print agents,
 * each with id, name, station, created_at and last_seen_at — never a token (decision 080).
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => listPrintDevices(context.get(apiAuthContext).restaurant.id));
}

/**
 * POST /api/print-devices (manager mode) `{name, station_id, client_id?}`: 201 with the device and
 * its `token`, shown this once (only its SHA-256 is kept). A `client_id` (or Idempotency-Key)
 * already seen answers 200 with the same device, `token: null` and `Idempotent-Replay: true`.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const body = await readJsonObject(request);
    const { client_id, name, station_id } = validate(CreatePrintDeviceSchema, withIdempotencyKey(request, body, "client_id"));
    const { device, token, replayed } = await createPrintDevice(auth.restaurant.id, { name, stationId: station_id }, client_id ?? null);
    return Response.json(
      { ...device, token, token_note: TOKEN_SHOWN_ONCE },
      { status: replayed ? 200 : 201, headers: { "Cache-Control": "no-store", ...(replayed ? { "Idempotent-Replay": "true" } : {}) } },
    );
  });
}
