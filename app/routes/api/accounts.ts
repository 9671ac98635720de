import type { Route } from "./+types/accounts";
import { openAccount, listAccounts } from "~/modules/accounts/accounts.server";
import { AccountListQuerySchema, CreateAccountSchema } from "~/modules/accounts/schemas";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, readQuery, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/accounts (whoever takes payments: the "hesaba yaz" picker reads it): the restaurant's
 * open house accounts by name, each with its balance and credit limit; `?include_closed=1` adds
 * the closed ones after them (decision 087).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { include_closed } = readQuery(new URL(request.url), AccountListQuerySchema);
    return listAccounts(context.get(apiAuthContext).restaurant.id, { includeClosed: include_closed });
  });
}

/**
 * POST /api/accounts `{name, phone?, credit_limit?, note?, client_id?}` (manager mode; the role
 * table decides): 201 with the account, at a balance of 0. A `client_id` (or Idempotency-Key
 * header) already seen answers 200 with the first one and `Idempotent-Replay: true`; a name
 * another open account has is 409.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "payment_processing");
    const body = await readJsonObject(request);
    const { client_id, ...input } = validate(CreateAccountSchema, withIdempotencyKey(request, body, "client_id"));
    const { account, replayed } = await openAccount(auth.restaurant.id, input, client_id ?? null);
    return Response.json(account, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
