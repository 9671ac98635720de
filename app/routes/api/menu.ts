import type { Route } from "./+types/menu";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { createMenuItem, listMenu } from "~/modules/menu/menu.server";
import { CreateMenuItemSchema, MenuListQuerySchema } from "~/modules/menu/schemas";
import { handleApi } from "~/utils/api.server";
import { readJson, readQuery, requireMethod } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";

/**
 * GET /api/menu: the items that may be ordered, each with its `available` flag (order taking hides
 * the unavailable ones). Items of a hidden category are left out: order taking, its offline copy and
 * any spec client offer this list to guests. `?include_hidden=true` (manager mode, else 403) lists
 * every item, for managing the menu (decision 068 addendum).
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return handleApi(async () => {
    const auth = context.get(apiAuthContext);
    const includeHidden = readQuery(url, MenuListQuerySchema).include_hidden === "true";
    if (includeHidden) requireApiManager(auth);
    return listMenu(auth.restaurant.id, { visibleOnly: !includeHidden });
  });
}

/**
 * POST /api/menu (manager mode): 201 with the new item and its `version`. A repeat
 * with the same `client_id` (or Idempotency-Key header) answers 200 with the first
 * item and `Idempotent-Replay: true`. Over the plan's limit: 403 naming plan and limit.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "menu_management");
    const header = idempotencyKeyOf(request);
    const { client_id, ...fields } = await readJson(request, CreateMenuItemSchema);
    const { item, replayed } = await createMenuItem(auth.restaurant.id, fields, client_id ?? header ?? null);
    return Response.json(item, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
