import type { Route } from "./+types/table-configurations";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { createConfiguration, listConfigurations } from "~/modules/tables/management.server";
import { ConfigurationSchema } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { readJson, requireMethod } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";

/** GET /api/table-configurations: every table configuration with its live table's number. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => listConfigurations(context.get(apiAuthContext).restaurant.id));
}

/**
 * POST /api/table-configurations (manager): table_identifier, display_name, capacity (default 4),
 * shape, size, section_id, position_x/y, special_features. Creates the live table the waiters see
 * (within the plan's table limit, else 403). 201; with a client_id (or Idempotency-Key) already
 * used, 200 with the first one.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "table_management");
    const input = await readJson(request, ConfigurationSchema);
    const { value, replayed } = await createConfiguration(auth.restaurant.id, {
      ...input,
      client_id: input.client_id ?? idempotencyKeyOf(request),
    });
    return Response.json(value, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
