import type { Route } from "./+types/discounts";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { createDiscount, discountStats, listDiscounts } from "~/modules/discounts/discounts.server";
import { CreateDiscountSchema } from "~/modules/discounts/schemas";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/discounts (manager mode): `{ discounts, stats }`, the restaurant's codes newest first
 * (the spec's fields plus state, usage_percentage and version) and the screen's figures
 * (active_codes, total_uses, total_savings from the payments the codes really reduced).
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    const [discounts, stats] = await Promise.all([
      listDiscounts(auth.restaurant.id, auth.restaurant.timezone),
      discountStats(auth.restaurant.id),
    ]);
    return { discounts, stats };
  });
}

/**
 * POST /api/discounts (manager mode): 201 with the new discount. A `client_id` (or
 * Idempotency-Key header) already seen answers 200 with the first one and `Idempotent-Replay: true`.
 * A code this restaurant already has is 409.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "discounts");
    const body = await readJsonObject(request);
    const { client_id, ...input } = validate(CreateDiscountSchema, withIdempotencyKey(request, body, "client_id"));
    const { discount, replayed } = await createDiscount(auth.restaurant.id, input, client_id, auth.restaurant.timezone);
    return Response.json(discount, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
