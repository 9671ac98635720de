import type { Route } from "./+types/account";
import { closeAccount, getAccount, updateAccount } from "~/modules/accounts/accounts.server";
import { AccountIdParam, UpdateAccountSchema } from "~/modules/accounts/schemas";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";

/** GET /api/accounts/{id} (whoever takes payments): one account, open or closed, with its balance. */
export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => getAccount(context.get(apiAuthContext).restaurant.id, readParam(AccountIdParam, params.id)));
}

/**
 * PUT /api/accounts/{id}: any of name, phone, credit_limit, note (null clears phone and note), and
 * `version` to refuse a stale edit (409); never the balance, which only movements change.
 * DELETE /api/accounts/{id}: closes it (a balance other than 0 is 409); its statement stays.
 * Manager mode (the role table); another restaurant's id: 404 (decision 087).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "payment_processing");
    const id = readParam(AccountIdParam, params.id);
    if (request.method.toUpperCase() === "DELETE") return closeAccount(auth.restaurant.id, id);
    const { version, ...input } = validate(UpdateAccountSchema, await readJsonObject(request));
    return updateAccount(auth.restaurant.id, id, input, version ?? null);
  });
}
