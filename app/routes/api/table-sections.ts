import type { Route } from "./+types/table-sections";
import { apiAuthContext, requireApiManager } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { createSection, listSections } from "~/modules/tables/management.server";
import { SectionSchema } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { readJson, requireMethod } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";

/** GET /api/table-sections: the restaurant's sections, in their order, with how many tables each has. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => listSections(context.get(apiAuthContext).restaurant.id));
}

/**
 * POST /api/table-sections (manager): name, description, color (default blue). 201 with the
 * section; with a client_id (or Idempotency-Key) already used, 200 with the first one.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireApiManager(auth);
    requireFeature(auth.restaurant, "table_management");
    const input = await readJson(request, SectionSchema);
    const { value, replayed } = await createSection(auth.restaurant.id, {
      ...input,
      client_id: input.client_id ?? idempotencyKeyOf(request),
    });
    return Response.json(value, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
