import type { Route } from "./+types/staff";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { CreateStaffSchema } from "~/modules/staff/schemas";
import { createStaff, listStaff } from "~/modules/staff/staff.server";
import { handleApi } from "~/utils/api.server";
import { readJson, requireMethod } from "~/utils/http.server";
import { idempotencyKeyOf } from "~/utils/idempotency.server";

// Manager mode is required by the API layout (app/modules/auth/roles.ts lists no staff rule for this path).

/** GET /api/staff: the restaurant's staff (the owner is not staff), without passwords or hashes. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => listStaff(context.get(apiAuthContext).restaurant.id));
}

/**
 * POST /api/staff: 201 with the new account. The key (`client_id` in the body or the
 * Idempotency-Key header) makes a repeat answer 200 with the same account and `Idempotent-Replay: true`.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "staff_management");
    const header = idempotencyKeyOf(request);
    const input = await readJson(request, CreateStaffSchema);
    const { staff, replayed } = await createStaff(auth.restaurant.id, input, input.client_id ?? header ?? null);
    return Response.json(staff, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
