import type { Route } from "./+types/table-move";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { MergeTableSchema, MoveTableSchema } from "~/modules/orders/move-schemas";
import { moveTable } from "~/modules/orders/moves.server";
import { tableNumberParam } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/tables/{number}/move `{to_table_number, key}`: the table's open orders, tickets and bill
 * go to an empty table (an occupied one: 409, merge is the way). POST /api/tables/{number}/merge
 * `{into_table_number, key}`: they join that table's open bill. Whoever takes orders (the role
 * table); a retry with the same key (or Idempotency-Key header) answers the first move with
 * `Idempotent-Replay: true` (decision 084).
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const from = readParam(tableNumberParam, params.number);
    const body = withIdempotencyKey(request, await readJsonObject(request), "key");
    const merge = new URL(request.url).pathname.endsWith("/merge");
    const { to, key } = merge
      ? (({ into_table_number, key }) => ({ to: into_table_number, key }))(validate(MergeTableSchema, body))
      : (({ to_table_number, key }) => ({ to: to_table_number, key }))(validate(MoveTableSchema, body));
    const result = await moveTable(actorOf(auth), from, to, merge ? "merge" : "move", key ?? null);
    return Response.json(result, { headers: result.replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}

export const loader = () => methodNotAllowed("POST");
