import type { Route } from "./+types/table-payments";
import { actorOf } from "~/modules/auth/actor";
import { apiAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { TablePaymentSchema } from "~/modules/payments/schemas";
import { payTable, type BillPart } from "~/modules/payments/split.server";
import { tableNumberParam } from "~/modules/tables/schemas";
import { handleApi } from "~/utils/api.server";
import { methodNotAllowed, readJsonObject, readParam, requireMethod, validate } from "~/utils/http.server";
import { withIdempotencyKey } from "~/utils/idempotency.server";
import { approverOf, managerApproves } from "~/modules/orders/approval.server";
import { clientAddressContext } from "~/utils/request-context";

/**
 * POST /api/tables/{number}/payments: pays a part of the table's bill (decision 086) in one method:
 * `items` [{order_item_id, quantity}], `shares` {count, pay} (the last share takes the rounding
 * remainder), `amount`, or none of them for all that remains; `tendered` (cash) gives `change`,
 * `tip` is recorded apart, `discount_code` applies to all or to the chosen lines. A retry with the
 * same `pay_key` (or Idempotency-Key) answers the first payment with `Idempotent-Replay: true`;
 * lines paid meanwhile or more than remains: 409; nothing is ever overpaid. The table is free when
 * nothing remains. Whoever takes payments (the role table). `method: "house_account"` with
 * `account_id` charges it to a house account (hesaba yaz, decision 087): past its credit limit 409
 * unless in manager mode or with the right `manager_password` (a wrong one 403); no tip on it.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const auth = context.get(apiAuthContext);
    requireFeature(auth.restaurant, "payment_processing");
    const number = readParam(tableNumberParam, params.number);
    const body = validate(TablePaymentSchema, withIdempotencyKey(request, await readJsonObject(request), "pay_key"));
    const part: BillPart = body.items
      ? { kind: "items", items: body.items }
      : body.shares
        ? { kind: "shares", ...body.shares }
        : body.amount !== undefined
          ? { kind: "amount", amount: body.amount }
          : { kind: "all" };
    // Hesaba yaz past the account's limit needs a manager: manager mode, or the password typed now.
    const account =
      body.method === "house_account"
        ? {
            id: body.account_id!,
            approved: await managerApproves(approverOf(auth, context.get(clientAddressContext)), body.manager_password),
          }
        : null;
    const result = await payTable(actorOf(auth), number, {
      method: body.method,
      account,
      mealCard: body.meal_card ?? null,
      part,
      tip: body.tip ?? null,
      tendered: body.tendered ?? null,
      discountCode: body.discount_code ?? null,
      payKey: body.pay_key ?? null,
    });
    return Response.json(result, { status: result.replayed ? 200 : 201, headers: result.replayed ? { "Idempotent-Replay": "true" } : {} });
  });
}

export const loader = () => methodNotAllowed("POST");
