import type { Route } from "./+types/orders-table";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { listOpenOrders } from "~/modules/orders/orders.server";
import { OrderStatusQuery } from "~/modules/orders/schemas";
import { tableNumberParam } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readParam, readQuery } from "~/utils/http.server";

/** GET /api/orders/table/{n}?status=active|payable: the table's unpaid orders (for editing or for payment). */
export function loader({ params, url, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    const number = readParam(tableNumberParam, params.number);
    readQuery(url, OrderStatusQuery);
    return listOpenOrders(auth.restaurant.id, number);
  });
}

export const action = () => methodNotAllowed("GET");
