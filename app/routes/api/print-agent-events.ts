import type { Route } from "./+types/print-agent-events";
import { printDeviceContext } from "~/modules/kitchen/print-device-guard.server";
import { acceptsEvent, PRINT_AGENT_SUBJECT, printDeviceExists } from "~/modules/kitchen/print-devices.server";
import { parseLastEventId } from "~/modules/live/cursor";
import { openEventStream } from "~/modules/live/streams.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/print-devices/me/events (the device token): the live stream of GET /api/events
 * (decision 078) for the print agent, with its station's ticket events only (`ticket.created`,
 * `ticket.updated`), the documents sent to this device (`document.requested`, decision 089) and
 * the control events (`ready`, `reset`). `Last-Event-ID` (or
 * `?last_event_id=`) replays; the stream ends within a minute of the device's deletion. Decision 080.
 */
export function loader({ request, context, url }: Route.LoaderArgs) {
  const device = context.get(printDeviceContext);
  return openEventStream({
    restaurantId: device.restaurantId,
    // Not a session's stream: `alive` checks the device instead.
    sessionId: 0,
    subject: PRINT_AGENT_SUBJECT,
    lastEventId: parseLastEventId(request.headers.get("last-event-id") ?? url.searchParams.get("last_event_id")),
    signal: request.signal,
    head: request.method === "HEAD",
    accept: (event) => acceptsEvent(device, event),
    alive: () => printDeviceExists(device.id),
  });
}

export const action = () => methodNotAllowed("GET");
