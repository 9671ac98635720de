import type { Route } from "./+types/staff-member";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { STAFF_DELETED } from "~/modules/staff/rules";
import { StaffIdParam, UpdateStaffSchema } from "~/modules/staff/schemas";
import { deleteStaff, updateStaff } from "~/modules/staff/staff.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJson, readParam, requireMethod } from "~/utils/http.server";

// Manager mode is required by the API layout (app/modules/auth/roles.ts lists no staff rule for this path).

/**
 * PUT /api/staff/{id}: the spec's fields (the e-mail cannot change; an empty or missing password
 * keeps the old one; `version` from the list makes a stale edit 409).
 * DELETE /api/staff/{id}: the account is closed and signed out; a repeat answers the same.
 * Another restaurant's account, or the owner's, is 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "staff_management");
    const id = readParam(StaffIdParam, params.id);
    const actor = { restaurantId: auth.restaurant.id, userId: auth.user.id, sessionId: auth.sessionId };
    if (request.method.toUpperCase() === "DELETE") {
      await deleteStaff(actor, id);
      return { message: STAFF_DELETED };
    }
    return updateStaff(actor, id, await readJson(request, UpdateStaffSchema));
  });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
