import type { Route } from "./+types/menu-option-groups";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { CreateOptionGroupSchema } from "~/modules/menu/option-schemas";
import { createOptionGroup, listOptionGroups } from "~/modules/menu/options.server";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/menu/option-groups (whoever takes orders: the order screen offers them): the
 * restaurant's option groups in the owner's order, each with its target (category_id or
 * menu_item_id), version and options (id, name, price_delta) (decision 082).
 */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => listOptionGroups(context.get(apiAuthContext).restaurant.id));
}

/**
 * POST /api/menu/option-groups (manager mode; the role table decides): 201 with the new group, at
 * the end. A `client_id` (or Idempotency-Key header) already seen answers 200 with the first one and
 * `Idempotent-Replay: true`.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "menu_management");
    const body = await readJsonObject(request);
    const { client_id, ...input } = validate(CreateOptionGroupSchema, withIdempotencyKey(request, body, "client_id"));
    const { group, replayed } = await createOptionGroup(auth.restaurant.id, input, client_id ?? null);
    return Response.json(group, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
