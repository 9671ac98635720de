import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { GeneralErrorBoundary } from "~/components/error-page";
import { FormError } from "~/components/forms";
import { ACCOUNT_NOT_FOUND, type AccountDto } from "~/modules/accounts/accounts";
import {
  adjust,
  closeAccount,
  listAccounts,
  openAccount,
  receivePayment,
  statement,
  updateAccount,
} from "~/modules/accounts/accounts.server";
import { AccountsPageSchema, StatementQuerySchema } from "~/modules/accounts/schemas";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { newClientOrderId } from "~/utils/client-order-id";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { formatMoney } from "~/utils/money";
import { positiveIntOrNull } from "~/utils/numbers";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { formErrorsOf, revalidateAfterConflict, submittedValue } from "~/utils/page-reply";
import { firstIssueMessage } from "~/utils/validation";
import { AccountList, AccountSummary, OpenAccountForm, overLimit } from "./account-list";
import { AdjustmentForm, CloseForm, DetailsForm, PaymentForm } from "./account-forms";
import { Statement } from "./statement";
import "./accounts.css";

// House accounts, cari hesap / veresiye (issue 22, decision 087), in manager mode: the list with
// balances and limits, opening an account, and one account (`?hesap=ID`) with its statement and
// its forms. Plain forms, each with an intent and the key the page rendered (a double submit
// records once); they work without JavaScript, and with it post without a reload.
const PATH = "/app/accounts";
const here = (id: number) => `${PATH}?hesap=${id}`;

// A save refused as stale (409) shows, and posts the version of, what is stored now.
export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const asked = url.searchParams.get("hesap");
  const id = positiveIntOrNull(asked);
  if (asked !== null && id === null) throw data({ message: ACCOUNT_NOT_FOUND }, { status: 404 });
  const period = StatementQuerySchema.safeParse({
    from: url.searchParams.get("from") ?? undefined,
    to: url.searchParams.get("to") ?? undefined,
  });
  const [accounts, ledger, flash] = await Promise.all([
    id ? null : listAccounts(restaurant.id, { includeClosed: true }),
    id ? orRefuse(statement(restaurant.id, id, period.success ? period.data : {}, restaurant.timezone)) : null,
    takeFlash(request),
  ]);
  return data(
    {
      accounts,
      statement: ledger,
      periodErrors: period.success ? undefined : [firstIssueMessage(period.error)],
      timeZone: restaurant.timezone,
      flash: flash.flash,
      // The forms' idempotency keys: a double submit opens one account, records one movement.
      keys: { open: newClientOrderId(), payment: newClientOrderId(), adjust: newClientOrderId() },
    },
    { headers: flash.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const { restaurant } = auth;
  return pageAction(await request.formData(), AccountsPageSchema, async (form) => {
    requireFeature(restaurant, "payment_processing");
    const done = async (to: string, message: string) => redirect(to, { headers: await flashHeaders(message) });
    switch (form.intent) {
      case "open": {
        const { intent: _, create_key, ...input } = form;
        const { account } = await openAccount(restaurant.id, input, create_key ?? null);
        throw await done(here(account.id), `“${account.name}” cari hesabı açıldı.`);
      }
      case "update": {
        const { intent: _, id, version, ...input } = form;
        await updateAccount(restaurant.id, id, input, version);
        throw await done(here(id), "Hesap bilgileri kaydedildi.");
      }
      case "payment": {
        const { intent: _, id, ...input } = form;
        const { movement, account } = await receivePayment(actorOf(auth), id, input);
        throw await done(here(id), `${formatMoney(-movement.amount)} tahsil edildi. Yeni bakiye: ${formatMoney(account.balance)}.`);
      }
      case "adjust": {
        const { intent: _, id, ...input } = form;
        const { account } = await adjust(actorOf(auth), id, input);
        throw await done(here(id), `Düzeltme kaydedildi. Yeni bakiye: ${formatMoney(account.balance)}.`);
      }
      case "close": {
        const account = await closeAccount(restaurant.id, form.id);
        throw await done(PATH, `“${account.name}” hesabı kapatıldı.`);
      }
    }
  });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.statement ? `${data.statement.account.name} — Cari hesaplar — Sofra` : "Cari hesaplar — Sofra" },
];

const INTENTS = ["open", "update", "payment", "adjust", "close"] as const;

/** The account's figures and state at the top of its page. */
function AccountFacts({ account }: { account: AccountDto }) {
  return (
    <section className="card stack stack--tight" aria-label="Hesap durumu">
      <p className="cluster cluster--between m-0">
        <span className="muted">Bakiye (borç)</span>
        <strong className={overLimit(account) ? "account-owes account-owes--over" : "account-owes"} data-testid="account-balance">
          {formatMoney(account.balance)}
        </strong>
      </p>
      <dl className="account-facts">
        <dt>Kredi limiti</dt>
        <dd>{formatMoney(account.credit_limit)}</dd>
        {account.phone ? (
          <>
            <dt>Telefon</dt>
            <dd>{account.phone}</dd>
          </>
        ) : null}
        {account.note ? (
          <>
            <dt>Not</dt>
            <dd>{account.note}</dd>
          </>
        ) : null}
      </dl>
      {account.closed_at ? <p className="badge account-badge--closed m-0 self-start">Kapatıldı</p> : null}
      {!account.closed_at && overLimit(account) ? <p className="badge account-badge--over m-0 self-start">Limit aşıldı</p> : null}
    </section>
  );
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, statement: ledger, timeZone } = loaderData;
  const failed = submittedValue(actionData, "intent");
  // A refused form keeps the key it posted (a refusal records nothing under it): the reload that
  // follows a 409 brings fresh keys, and a form keyed by a new one would be remounted, wiping what
  // the user is typing into it right after reading the refusal.
  const keptKey = (intent: "open" | "payment" | "adjust", field: string) =>
    (failed === intent ? submittedValue(actionData, field) : undefined) || loaderData.keys[intent];
  const keys = { open: keptKey("open", "create_key"), payment: keptKey("payment", "key"), adjust: keptKey("adjust", "key") };
  const errors = formErrorsOf(actionData);
  const errorsFor = (intent: (typeof INTENTS)[number]) => (failed === intent ? errors : undefined);
  const valuesFor = (intent: (typeof INTENTS)[number], ...names: string[]) =>
    failed === intent ? Object.fromEntries(names.map((n) => [n, submittedValue(actionData, n) ?? ""])) : undefined;
  const account = ledger?.account;
  // A refusal of a form this view does not show (a stale page, another restaurant's id) shows on top.
  const shown: readonly string[] = account ? (account.closed_at ? [] : INTENTS.filter((i) => i !== "open")) : ["open"];
  const stray = errors && !shown.includes(failed ?? "") ? errors : undefined;
  return (
    <>
      <AppHeader heading title={account ? account.name : "Cari hesaplar"} backTo={account ? PATH : "/app/admin"} />
      <main className="app-main">
        <div className="container stack">
          {loaderData.flash ? (
            <p className="form-notice" role="status">
              {loaderData.flash}
            </p>
          ) : null}
          <FormError errors={stray} />
          {account && ledger ? (
            <>
              <AccountFacts account={account} />
              {account.closed_at ? null : (
                <PaymentForm
                  account={account}
                  formKey={keys.payment}
                  errors={errorsFor("payment")}
                  values={valuesFor("payment", "amount", "method", "note")}
                />
              )}
              <Statement statement={ledger} timeZone={timeZone} periodErrors={loaderData.periodErrors} />
              {account.closed_at ? null : (
                <>
                  <AdjustmentForm
                    account={account}
                    formKey={keys.adjust}
                    errors={errorsFor("adjust")}
                    values={valuesFor("adjust", "amount", "note")}
                  />
                  <DetailsForm
                    account={account}
                    errors={errorsFor("update")}
                    values={valuesFor("update", "name", "phone", "credit_limit", "note")}
                  />
                  <CloseForm account={account} errors={errorsFor("close")} />
                </>
              )}
            </>
          ) : (
            <>
              <p className="muted m-0">
                Düzenli müşterilerin ve şirketlerin veresiye hesapları: ödeme ekranında &quot;Hesaba yaz&quot; ile hesap buraya yazılır,
                ödemeler buradan alınır.
              </p>
              <AccountSummary accounts={accounts ?? []} />
              <AccountList accounts={accounts ?? []} />
              <OpenAccountForm
                createKey={keys.open}
                errors={errorsFor("open")}
                values={valuesFor("open", "name", "phone", "credit_limit", "note")}
              />
            </>
          )}
        </div>
      </main>
    </>
  );
}

/** Refusals (403, 404) as everywhere; anything else is the load failure message. */
export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage="Cari hesaplar yüklenemedi. Lütfen sayfayı yenileyin." />;
