import type { Route } from "./+types/billing-payment-methods";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { listPaymentMethods } from "~/modules/billing/billing.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed } from "~/utils/http.server";

/** GET /api/billing/payment-methods (manager mode): saved cards, and the bank account invoices are paid to. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    return listPaymentMethods(auth.restaurant.id);
  });
}

export const action = () => methodNotAllowed("GET");
