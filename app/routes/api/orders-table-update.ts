import type { Route } from "./+types/orders-table-update";
import { actorOf } from "~/modules/auth/actor";
import { approveTakeAway, approverOf } from "~/modules/orders/approval.server";
import { clientAddressContext } from "~/utils/request-context";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { updateTableOrder } from "~/modules/orders/orders.server";
import { UpdateOrderSchema } from "~/modules/orders/schemas";
import { tableNumberParam } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, readParam, requireMethod } from "~/utils/http.server";

/**
 * PUT /api/orders/table/{n}/update: replaces the items of the table's open order.
 * With an edit_key already applied, 200 with the order as it is and
 * `Idempotent-Replay: true`; with a base_version that is no longer the order's, 409.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "order_taking");
    const number = readParam(tableNumberParam, params.number);
    const input = await readJson(request, UpdateOrderSchema);
    // Taking sent items away or ikram: manager mode or the manager password typed now (else 403).
    const approval = await approveTakeAway(approverOf(auth, context.get(clientAddressContext)), input);
    const { order, replayed } = await updateTableOrder(actorOf(auth), number, input, undefined, approval);
    return Response.json(order, { headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}

export const loader = () => methodNotAllowed("PUT");
