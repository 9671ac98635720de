import type { Route } from "./+types/orders-table-update";
import { actorOf } from "~/modules/auth/actor";
import { requireApiAuth } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { updateTableOrder } from "~/modules/orders/orders.server";
import { UpdateOrderSchema } from "~/modules/orders/schemas";
import { tableNumberParam } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, readParam, requireMethod } from "~/utils/http.server";

/** PUT /api/orders/table/{n}/update: replaces the items of the table's open order. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const auth = await requireApiAuth(request);
    requireFeature(auth.restaurant, "order_taking");
    const number = readParam(tableNumberParam, params.number);
    const input = await readJson(request, UpdateOrderSchema);
    return updateTableOrder(actorOf(auth), number, input);
  });
}

export const loader = () => methodNotAllowed("PUT");
