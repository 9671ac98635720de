import type { Route } from "./+types/print-agent-me";
import { printDeviceContext } from "~/modules/kitchen/print-device-guard.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/print-devices/me (the device token): which device and station the token is. */
export function loader({ context }: Route.LoaderArgs) {
  const device = context.get(printDeviceContext);
  return Response.json({ id: device.id, name: device.name, station: { id: device.stationId, name: device.stationName } });
}

export const action = () => methodNotAllowed("GET");
