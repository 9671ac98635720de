import type { Route } from "./+types/account-movement";
import type { MovementResult } from "~/modules/accounts/accounts";
import { adjust, receivePayment } from "~/modules/accounts/accounts.server";
import { AccountIdParam, AdjustmentSchema, PaymentSchema } from "~/modules/accounts/schemas";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/accounts/{id}/payments `{amount, method: cash|card, note?, key?}` (whoever takes
 * payments): money received against the account; more than it owes is 409.
 * POST /api/accounts/{id}/adjustments `{amount (signed), note, key?}` (manager mode): a correction.
 * 201 with `{movement, account}`; a retry with the same key (or Idempotency-Key header) answers
 * 200 with the first movement and `Idempotent-Replay: true`, recording nothing (decision 087).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "payment_processing");
    const id = readParam(AccountIdParam, params.id);
    const body = withIdempotencyKey(request, await readJsonObject(request), "key");
    const result: MovementResult = new URL(request.url).pathname.endsWith("/adjustments")
      ? await adjust(actorOf(auth), id, validate(AdjustmentSchema, body))
      : await receivePayment(actorOf(auth), id, validate(PaymentSchema, body));
    return Response.json(result, { status: result.replayed ? 200 : 201, headers: result.replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}

export const loader = () => methodNotAllowed("POST");
