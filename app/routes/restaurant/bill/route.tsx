import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { PremiumGate } from "~/components/app/premium-gate";
import { useLiveRevalidate } from "~/components/app/use-live-events";
import { GeneralErrorBoundary } from "~/components/error-page";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { premiumGate } from "~/modules/billing/gate.server";
import { BillFormSchema, type BillFormIntent, type BillFormValue } from "~/modules/payments/bill-form-schemas";
import { tableBill } from "~/modules/payments/bill.server";
import { acceptedMealCards } from "~/modules/payments/payments.server";
import { payTable, tablePaymentOf } from "~/modules/payments/split.server";
import { ACCOUNT_REQUIRED } from "~/modules/payments/schemas";
import { AccountError, accountsForPayment } from "~/modules/accounts/accounts.server";
import { approverOf, managerApproves } from "~/modules/orders/approval.server";
import { clientAddressContext } from "~/utils/request-context";
import { numberedTableLabel } from "~/modules/tables/labels";
import { newClientOrderId } from "~/utils/client-order-id";
import { DomainError } from "~/utils/domain-error";
import { takeFlash } from "~/utils/flash.server";
import { positiveIntOrNull } from "~/utils/numbers";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { revalidateAfterConflict, submittedValue, type PageReply } from "~/utils/page-reply";
import { BillSummary, RemainingBanner } from "./bill-summary";
import { noticeOf, PaidNoticeView } from "./paid-notice";
import { ItemsWay } from "./items-way";
import type { Posted } from "./pay-fields";
import { AllWay, AmountWay, SharesWay } from "./pay-forms";
import "./bill.css";

// The "Hesap" screen (issue 22, decision 086): a table's bill split and paid in parts: chosen
// lines, equal shares, a typed amount or all that remains, each in any method. Plain forms that
// post here; the action pays through payTable (under the table's lock, exactly once per pay key)
// and redirects back with the result in the flash, the same way open and the share count kept.
const PATH = "/app/bill";
const WAYS: BillFormIntent[] = ["items", "shares", "amount", "all"];
const LIVE_EVENTS = ["order.created", "order.updated", "order.paid", "table.updated"];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const number = positiveIntOrNull(url.searchParams.get("table"));
  if (!number) throw data({ message: "Masa bulunamadı." }, { status: 404 });
  const paidId = positiveIntOrNull(url.searchParams.get("paid"));
  const [bill, mealCards, accounts, gate, flash, result] = await Promise.all([
    orRefuse(tableBill(auth.restaurant.id, number)),
    acceptedMealCards(auth.restaurant.id),
    accountsForPayment(auth.restaurant.id),
    premiumGate(auth, "payment_processing"),
    takeFlash(request),
    paidId ? tablePaymentOf(auth.restaurant.id, paidId) : null,
  ]);
  const paid = result ? noticeOf({ ...result, replayed: url.searchParams.has("again") }) : null;
  const way = url.searchParams.get("way");
  // The share count the last payment used, else the table's guests, else two.
  const count = positiveIntOrNull(url.searchParams.get("count")) ?? (bill.customer_count >= 2 ? bill.customer_count : 2);
  return data(
    {
      bill,
      mealCards,
      accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
      gate,
      way: WAYS.find((w) => w === way) ?? null,
      count: Math.min(Math.max(count, 2), 50),
      paid,
      // Another screen's message that was waiting (its page was left before it showed).
      message: flash.flash,
      timeZone: auth.restaurant.timezone,
      // A fresh key per form and render: a double tap (or a repeated post) pays once.
      keys: { items: newClientOrderId(), shares: newClientOrderId(), amount: newClientOrderId(), all: newClientOrderId() },
    },
    { headers: flash.headers },
  );
}

/** A refusal that names its field (`extra.errors`, as the API answers it) is shown at that field. */
function atField(error: unknown): never {
  // Hesaba yaz refused (the limit, a closed account): said at the account's field.
  if (error instanceof AccountError)
    throw Object.assign(new DomainError(error.status, error.message, error.extra), { field: "account_id" });
  const errors = error instanceof DomainError ? error.extra?.errors : undefined;
  if (error instanceof DomainError && errors && typeof errors === "object") {
    const [name] = Object.keys(errors);
    // payTable names the shares as the API's body does; the form's field is the count.
    throw Object.assign(new DomainError(error.status, error.message, error.extra, error.headers), {
      field: name === "shares" ? "count" : name,
    });
  }
  throw error;
}

/** Back to the bill with the payment's notice; the way just used stays open (with its share count) while something remains. */
function afterPayment(table: number, form: BillFormValue, result: { payment_id: number; table_freed: boolean; replayed?: boolean }) {
  const paid = `&paid=${result.payment_id}${result.replayed ? "&again=1" : ""}`;
  if (result.table_freed) return `${PATH}?table=${table}${paid}`;
  const count = form.part.kind === "shares" ? `&count=${form.part.count}` : "";
  return `${PATH}?table=${table}&way=${form.intent}${count}${paid}`;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const table = positiveIntOrNull(url.searchParams.get("table"));
  if (!table) throw data({ message: "Masa bulunamadı." }, { status: 404 });
  return pageAction(await request.formData(), BillFormSchema, async (form) => {
    requireFeature(auth.restaurant, "payment_processing");
    const { part, method, mealCard, tip, tendered, discountCode, payKey } = form;
    // Hesaba yaz: an account must be chosen; past its limit a manager approves (manager mode or the password typed).
    if (method === "house_account" && form.accountId === null)
      throw new DomainError(400, ACCOUNT_REQUIRED, { errors: { account_id: [ACCOUNT_REQUIRED] } });
    const account =
      method === "house_account"
        ? {
            id: form.accountId!,
            approved: await managerApproves(approverOf(auth, context.get(clientAddressContext)), form.managerPassword),
          }
        : null;
    const result = await payTable(actorOf(auth), table, { part, method, mealCard, account, tip, tendered, discountCode, payKey }).catch(
      atField,
    );
    throw redirect(afterPayment(table, form, result));
  });
}

// A refusal for lines someone else paid meanwhile (409) shows the bill as it is now.
export const shouldRevalidate = revalidateAfterConflict;

export default function Bill({ loaderData, actionData }: Route.ComponentProps) {
  const { bill, mealCards, accounts, keys, gate } = loaderData;
  const table = bill.table_number;
  const name = numberedTableLabel({ number: table, display_name: bill.table_label });
  useLiveRevalidate(LIVE_EVENTS, (e) => e.data.table_number === table || e.data.number === table);
  // The payment just taken (its id in the address: a live reload shows it again, never an older one).
  const paid = loaderData.paid;

  // Which form a refused post came from: it stays open with what was typed and its messages.
  const postedIntent = submittedValue(actionData, "intent");
  const postedOf = (intent: BillFormIntent): Posted => {
    const mine = postedIntent === intent;
    return {
      reply: mine ? (actionData as PageReply) : undefined,
      value: (field) => (mine ? submittedValue(actionData, field) : undefined),
    };
  };
  const open = (intent: BillFormIntent) => (postedIntent ?? loaderData.way) === intent;
  const ways = { bill, mealCards, accounts };

  return (
    <>
      <AppHeader heading title={`${name} · Hesap`} backTo={`/app/payments?table=${table}`} />
      <main className="app-main">
        <div className="container stack bill-page">
          {paid ? <PaidNoticeView notice={paid} /> : null}
          {loaderData.message ? (
            <p className="form-notice" role="status">
              {loaderData.message}
            </p>
          ) : null}
          {bill.lines.length === 0 ? (
            <section className="card stack text-center">
              <p className="m-0">{name} için açık hesap yok.</p>
              <p className="cluster cluster--center m-0">
                <Link className="button" to="/app/payments">
                  Ödemeler
                </Link>
                <Link className="button" to="/app/staff">
                  Masalara dön
                </Link>
              </p>
            </section>
          ) : (
            <div className="bill-layout" key={paid ? `paid-${paid.id}` : "bill"}>
              <RemainingBanner bill={bill} />
              <section className="stack bill-ways" aria-labelledby="bill-ways-title">
                <h2 id="bill-ways-title" className="section-title m-0">
                  Ödeme al
                </h2>
                <ItemsWay {...ways} payKey={keys.items} open={open("items")} posted={postedOf("items")} />
                <SharesWay
                  {...ways}
                  payKey={keys.shares}
                  open={open("shares")}
                  posted={postedOf("shares")}
                  defaultCount={loaderData.count}
                />
                <AmountWay {...ways} payKey={keys.amount} open={open("amount")} posted={postedOf("amount")} />
                <AllWay {...ways} payKey={keys.all} open={open("all")} posted={postedOf("all")} />
              </section>
              <div className="stack bill-details">
                <BillSummary bill={bill} timeZone={loaderData.timeZone} />
                <p className="cluster m-0">
                  <Link className="button button--small" to={`/app/adisyon?table=${table}`}>
                    Adisyon yazdır
                  </Link>
                  <Link className="button button--small" to={`/app/payments?table=${table}`}>
                    Ödemeler ekranı
                  </Link>
                </p>
              </div>
            </div>
          )}
        </div>
      </main>
      {gate ? <PremiumGate gate={gate} returnTo={`${PATH}?table=${table}`} /> : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Masa ${data?.bill.table_number ?? ""} · Hesap — Sofra` }];

export const ErrorBoundary = () => <GeneralErrorBoundary />;
