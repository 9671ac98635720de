import type { Route } from "./+types/kitchen-ticket-status";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { BumpSchema, TicketIdParam } from "~/modules/kitchen/ticket-schemas";
import { bumpTicket } from "~/modules/kitchen/tickets.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/**
 * POST /api/kitchen/tickets/{id}/status `{status, version?}` (kitchen and manager roles): moves
 * every line of the ticket still on the order to `status`. Going back (an undo) is accepted for
 * 10 minutes after the last change; a `version` other than the ticket's gets 409 unless the
 * ticket is already there (a retry). Another restaurant's ticket: 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const id = readParam(TicketIdParam, params.id);
    const { status, version } = validate(BumpSchema, await readJsonObject(request));
    return (await bumpTicket(auth.restaurant.id, id, status, version ?? null)).ticket;
  });
}

export const loader = () => methodNotAllowed("POST");
