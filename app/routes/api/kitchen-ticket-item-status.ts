import type { Route } from "./+types/kitchen-ticket-item-status";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { BumpSchema, TicketItemIdParam } from "~/modules/kitchen/ticket-schemas";
import { bumperOf, bumpTicketItem } from "~/modules/kitchen/tickets.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/**
 * POST /api/kitchen/ticket-items/{id}/status `{status, version?}`: the kitchen (and a manager)
 * moves one line to any state (back only within 10 minutes); a waiter marks a ready line served.
 * Answers the line's ticket. Another restaurant's line: 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const id = readParam(TicketItemIdParam, params.id);
    const { status, version } = validate(BumpSchema, await readJsonObject(request));
    return (await bumpTicketItem(auth.restaurant.id, id, status, version ?? null, bumperOf(auth))).ticket;
  });
}

export const loader = () => methodNotAllowed("POST");
