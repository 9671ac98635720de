import type { Route } from "./+types/print-agent-tickets";
import { printDeviceContext } from "~/modules/kitchen/print-device-guard.server";
import { unprintedTickets } from "~/modules/kitchen/print-devices.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/print-devices/me/tickets (the device token): the station's tickets this device has not
 * acknowledged, oldest first, as /api/kitchen/tickets shows them, with `auto_print` (the
 * restaurant's "Siparişleri otomatik yazdır"; off, the list is empty), `time_zone`, `station` and
 * `more` (more are waiting after these). Decision 080.
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => unprintedTickets(context.get(printDeviceContext)));
}

export const action = () => methodNotAllowed("GET");
