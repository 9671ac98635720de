import type { Route } from "./+types/day-close";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { closeDay, closedDay, dayPreview, recentCloses } from "~/modules/day-close/day-close.server";
import { businessDateField, CloseDaySchema } from "~/modules/day-close/schemas";
import { handleApi } from "~/utils/api.server";
import { readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/day-close: the business day so far (figures, open tables, whether it is closed) and the
 * last closes; `?date=YYYY-MM-DD` a closed day as it was closed (404 when not closed).
 * POST /api/day-close `{date?, counted_cash, note?, carry_over?, key?}`: closes the business day
 * (decision 088; `date` today's or, after the day changed, yesterday's): 409 while a table owes
 * (unless `carry_over` with a note) or when it is already closed; a retry with the key (or
 * Idempotency-Key) answers the first close. Manager mode (the role table's default).
 */
export function loader({ url, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { restaurant } = context.get(apiAuthContext);
    const date = url.searchParams.get("date");
    if (date !== null) return Response.json(await closedDay(restaurant.id, readParam(businessDateField, date)));
    const [preview, closes] = await Promise.all([dayPreview(restaurant.id), recentCloses(restaurant.id)]);
    return Response.json({ ...preview, closes });
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    const body = validate(CloseDaySchema, withIdempotencyKey(request, await readJsonObject(request), "key"));
    const close = await closeDay(actorOf(auth), {
      countedCash: body.counted_cash,
      date: body.date ?? null,
      carryOver: body.carry_over ?? false,
      note: body.note ?? null,
      key: body.key ?? null,
    });
    return Response.json(close, { status: close.replayed ? 200 : 201, headers: close.replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}
