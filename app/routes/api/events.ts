import type { Route } from "./+types/events";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { parseLastEventId } from "~/modules/live/cursor";
import { openEventStream } from "~/modules/live/streams.server";
import { methodNotAllowed } from "~/utils/http.server";
import { nodeBodyContext } from "~/utils/request-context";

/**
 * GET /api/events (every role; cookie or bearer, checked by the API layout): Server-Sent Events
 * of the session's restaurant, each with its per-restaurant `id:`, its type as `event:` and JSON
 * `data:`, filtered by what the session may see. `Last-Event-ID` (or `?last_event_id=`, for a
 * client opening a new connection) replays what was missed, or answers `event: reset` when that
 * is older than what is kept (decision 078).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const auth = context.get(apiAuthContext);
  const url = new URL(request.url);
  const lastEventId = parseLastEventId(request.headers.get("last-event-id") ?? url.searchParams.get("last_event_id"));
  return openEventStream({
    restaurantId: auth.restaurant.id,
    sessionId: auth.sessionId,
    subject: { mode: auth.mode, user: auth.user, restaurant: auth.restaurant },
    lastEventId,
    signal: request.signal,
    head: request.method === "HEAD",
    nodeBody: context.get(nodeBodyContext),
  });
}

export const action = () => methodNotAllowed("GET");
