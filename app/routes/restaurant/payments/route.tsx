import { useEffect } from "react";
import { useKeptActionData } from "~/components/connection-error";
import { data, redirect, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { FormError } from "~/components/forms";
import { withParams } from "~/utils/url";
import { PremiumGate } from "~/components/app/premium-gate";
import { useHydrated } from "~/components/app/use-hydrated";
import { useLiveRevalidate } from "~/components/app/use-live-events";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { CODE_MESSAGES } from "~/modules/discounts/rules";
import { premiumGate } from "~/modules/billing/gate.server";
import { openOrdersAt } from "~/modules/orders/orders.server";
import { orderHistory } from "~/modules/orders/history.server";
import { acceptedMealCards, MAX_RECEIPT_ORDERS, paymentReceipt, payOrders, setFiscalReference } from "~/modules/payments/payments.server";
import { FiscalFormSchema, PaymentFormSchema } from "~/modules/payments/schemas";
import { listTables, tableHeading } from "~/modules/tables/tables.server";
import { numberedTableLabel } from "~/modules/tables/labels";
import { DomainError } from "~/utils/domain-error";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import { positiveIntOrNull } from "~/utils/numbers";
import { ConfirmPayment } from "./confirm-dialog";
import { checkTendered, paymentConfirmation } from "./payment-confirmation.server";
import { PartialFailure, ReceiptNotice } from "./payment-notices";
import { TableOrders } from "./table-orders";
import { TablePicker } from "./table-picker";
import "~/styles/payments.css";

const LIVE_PAYMENT_EVENTS = ["order.created", "order.updated", "order.paid", "table.updated"];

/** "12,13" → [12, 13]: the orders a payment result URL names. */
const idList = (value: string | null) =>
  (value ?? "")
    .split(",")
    .slice(0, MAX_RECEIPT_ORDERS)
    .map(positiveIntOrNull)
    .filter((id): id is number => id !== null);

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  // The spec's result URL (?success=payment&amount&method&table) names the paid table: show the grid then.
  const table = url.searchParams.has("success") ? null : positiveIntOrNull(url.searchParams.get("table"));
  // A table's bill needs that one table (its heading, and its id for its orders); the grid is for
  // the table picker only.
  const [found, gate] = await Promise.all([
    table === null ? null : tableHeading(auth.restaurant.id, table),
    premiumGate(auth, "payment_processing"),
  ]);
  const bill = found === null ? null : table;
  const [tables, orders, mealCards] = await Promise.all([
    found === null ? listTables(auth.restaurant.id) : [],
    found === null ? [] : openOrdersAt(auth.restaurant.id, found.id),
    found === null ? [] : acceptedMealCards(auth.restaurant.id),
  ]);
  const history = await orderHistory(
    auth.restaurant.id,
    orders.map((o) => o.id),
  );
  const select = url.searchParams.get("select");
  const p = url.searchParams;
  return {
    tables,
    table: bill,
    heading: found?.heading ?? null,
    orders,
    /** A pay button each, beside Nakit and Kart (decision 083). */
    mealCards,
    history,
    selectAll: select !== "none",
    timeZone: auth.restaurant.timezone,
    backTo: auth.mode === "manager" ? "/app/admin" : "/app/staff",
    gate,
    success: p.get("success") === "payment" ? await paymentReceipt(auth.restaurant.id, idList(p.get("orders"))) : null,
    failed: p.get("error") === "payment",
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const base = url.pathname.replace(/\.data$/, "");
  const formData = await request.formData();
  // The receipt's "Mali belge" form: the fiscal document issued for the bill (issue 22).
  if (formData.get("intent") === "fiscal") {
    return pageAction(formData, FiscalFormSchema, async ({ orderIds, ref }) => {
      await setFiscalReference(auth.restaurant.id, orderIds, ref);
      throw redirect(`${base}?success=payment&orders=${orderIds.join(",")}`);
    });
  }
  return pageAction(
    formData,
    PaymentFormSchema,
    async ({ table, method, mealCard, orderIds, confirmed, payKey, discountCode, tip, tendered }) => {
      requireFeature(auth.restaurant, "payment_processing");
      // A code is one payment's (decision 035): with several orders ticked, which one it reduces is not said.
      if (discountCode && orderIds.length > 1) throw new DomainError(400, CODE_MESSAGES.oneOrder);
      // First the confirmation: method, amount (from the database) and count.
      if (!confirmed)
        return { confirm: await paymentConfirmation(auth.restaurant.id, { table, method, mealCard, orderIds, discountCode }) };
      // One sum of cash for several orders: checked against them all before any is paid (a single
      // order's payment checks it itself, in its transaction).
      if (tendered !== null && orderIds.length > 1)
        await checkTendered(auth.restaurant.id, { table, method, mealCard, orderIds, discountCode }, tendered, tip);
      let outcome;
      try {
        outcome = await payOrders(actorOf(auth), orderIds, method, payKey, discountCode, mealCard, { tip, tendered });
      } catch (error) {
        // The spec's ÖDEME HATASI for what the domain did not foresee (the error is logged).
        console.error(error);
        throw redirect(`${base}?error=payment&table=${table}`);
      }
      // Nothing paid and one reason (another restaurant's order: 404): that refusal, as the API gives it.
      const [first] = outcome.failed;
      if (first && outcome.paid.length === 0 && outcome.failed.every((f) => f.status === first.status && f.detail === first.detail)) {
        throw new DomainError(first.status, first.detail);
      }
      if (outcome.failed.length > 0) {
        return data({ partial: { failed: outcome.failed, paidCount: outcome.paid.length } }, { status: 409 });
      }
      // The result names the paid orders; the loader reads the figures from the database.
      throw redirect(`${base}?success=payment&orders=${outcome.paid.map((p) => p.order_id).join(",")}`);
    },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Ödemeler — Sofra" }];

export default function Payments({ loaderData, actionData: answer }: Route.ComponentProps) {
  // The confirmation dialog is the first post's answer: a confirm that cannot reach the server keeps it open.
  const actionData = useKeptActionData(answer);
  const { table, tables, gate, backTo } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // The grid, or this table's bill, follows the live events (a bill only its own table's: a reload resets the ticks).
  // Not while the confirmation is open: it stands for what the cashier chose, and the payment itself
  // answers an order paid meanwhile ("Bazı ödemeler işlenirken hata oluştu").
  const confirming = Boolean(actionData && "confirm" in actionData);
  useLiveRevalidate(
    LIVE_PAYMENT_EVENTS,
    (e) => !confirming && (table === null || e.data.table_number === table || e.data.number === table),
  );

  // After the result has been shown, clean the URL so a reload does not repeat it.
  useEffect(() => {
    if (hydrated && (loaderData.success || loaderData.failed)) {
      const timer = setTimeout(
        () =>
          navigate(withParams(location, { success: null, orders: null, error: null, table: null }), {
            replace: true,
            preventScrollReset: true,
          }),
        4000,
      );
      return () => clearTimeout(timer);
    }
  }, [hydrated, loaderData.success, loaderData.failed, location, navigate]);

  return (
    <>
      <AppHeader
        heading={table !== null}
        title={table ? `${numberedTableLabel(loaderData.heading ?? { number: table })} · Hesap` : "Ödemeler"}
        backTo={table ? location.pathname : backTo}
      />
      <main className="app-main">
        <div className="container stack">
          {loaderData.success ? <ReceiptNotice receipt={loaderData.success} /> : null}
          {loaderData.failed ? (
            <p className="notice notice--error" role="alert">
              <strong>ÖDEME HATASI</strong>
              Ödeme işlenirken hata oluştu
            </p>
          ) : null}
          <FormError errors={formErrorsOf(actionData)} />
          {actionData && "partial" in actionData ? <PartialFailure failed={actionData.partial.failed} /> : null}
          {table ? (
            <TableOrders data={loaderData} typedCode={typedCodeOf(actionData)} />
          ) : (
            <TablePicker tables={tables} base={location.pathname} />
          )}
        </div>
      </main>
      {actionData && "confirm" in actionData && table ? <ConfirmPayment confirm={actionData.confirm} table={table} /> : null}
      {gate ? <PremiumGate gate={gate} returnTo={`${location.pathname}${location.search}`} /> : null}
    </>
  );
}

/** The code the last post carried (a refused one stays in the field to be corrected). */
function typedCodeOf(actionData: Route.ComponentProps["actionData"]): string | undefined {
  if (actionData && "confirm" in actionData) return actionData.confirm.discount?.code;
  return submittedValue(actionData, "discount_code");
}
