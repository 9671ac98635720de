import type { Route } from "./+types/admin-customer-status";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { memberIdParam } from "~/modules/admin/member-api.server";
import { MemberStatusApiSchema } from "~/modules/admin/member-schemas";
import { changeMemberStatus } from "~/modules/admin/members.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

const ACTIONS = { suspended: "suspend", active: "reactivate", cancelled: "cancel" } as const;

/**
 * POST /api/admin/customers/{id}/status {status: active|suspended|cancelled, note?, status_key?}
 * (platform admin; decision 047). `suspended` suspends, `active` reactivates, `cancelled` cancels.
 * A `status_key` (or Idempotency-Key header) already used answers the first result with
 * `Idempotent-Replay: true`; a transition that does not apply (already suspended, a suspension
 * for an unpaid invoice only) is 409; an unknown member 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const { admin } = context.get(adminAuthContext);
    const id = memberIdParam(params.id);
    const body = await readJsonObject(request);
    const input = validate(MemberStatusApiSchema, withIdempotencyKey(request, body, "status_key"));
    const result = await changeMemberStatus(admin.id, id, { action: ACTIONS[input.status], note: input.note, key: input.status_key });
    return Response.json(
      { message: result.message, id, subscription_status: result.subscription_status },
      { headers: result.replayed ? { "Idempotent-Replay": "true" } : {} },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
