import type { Route } from "./+types/kitchen-tickets";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { TicketQuery } from "~/modules/kitchen/ticket-schemas";
import { listTickets } from "~/modules/kitchen/tickets.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readQuery } from "~/utils/http.server";

/**
 * GET /api/kitchen/tickets?station=&status= (kitchen and manager roles; decision 079): the
 * restaurant's tickets oldest first, each with id, order_id, table_number, table_label, station,
 * status, created_at, kind (new | addition), alert_at, bumped_at, version and items (id, name, quantity, note, options,
 * status, voided, complimentary, version). `status`: a state, `open` (the default: not served),
 * `recent` (open, and served within the 10-minute undo window) or `all`; `station`: a station id (another restaurant's finds nothing).
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { station, status } = readQuery(url, TicketQuery);
    return listTickets(context.get(apiAuthContext).restaurant.id, { stationId: station ?? null, status });
  });
}

export const action = () => methodNotAllowed("GET");
