import type { Route } from "./+types/table-bill";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { tableBill } from "~/modules/payments/bill.server";
import { tableNumberParam } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readParam } from "~/utils/http.server";

/**
 * GET /api/tables/{number}/bill (whoever takes orders): the table's open bill: `lines` (each
 * `order_item_id`, `name`, `quantity`, `paid_quantity`, `unit_price`, `amount`, with note, options
 * and KDV rate), `subtotal`, `service_charge` (settings), `tax` per rate, `total`, `paid`,
 * `remaining` and `payments`. A table the restaurant does not have: 404.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => tableBill(context.get(apiAuthContext).restaurant.id, readParam(tableNumberParam, params.number)));
}

export const action = () => methodNotAllowed("GET");
