// The house accounts' list and the form that opens one (decision 087). Plain forms: they work
// without JavaScript; with it they post the same way, without a reload.
import { Form, Link } from "react-router";
import { FormError, useIsSubmitting } from "~/components/forms";
import { MAX_ACCOUNT_NAME, MAX_ACCOUNT_NOTE, MAX_ACCOUNT_PHONE, type AccountDto } from "~/modules/accounts/accounts";
import { formatMoney, sumMoney } from "~/utils/money";

const statementLink = (id: number) => `/app/accounts?hesap=${id}`;

/** Owes more than its limit (a manager approved it, or the limit was lowered since). */
export const overLimit = (a: AccountDto) => a.balance > a.credit_limit;

export function AccountSummary({ accounts }: { accounts: AccountDto[] }) {
  const open = accounts.filter((a) => !a.closed_at);
  return (
    <section aria-label="Cari hesap özeti" className="stat-grid">
      <div className="card stat">
        <div className="stat__label">Açık hesap</div>
        <div className="stat__value">{open.length}</div>
      </div>
      <div className="card stat">
        <div className="stat__label">Toplam alacak</div>
        <div className="stat__value" data-testid="accounts-total">
          {formatMoney(sumMoney(open.map((a) => a.balance)))}
        </div>
      </div>
    </section>
  );
}

export function AccountList({ accounts }: { accounts: AccountDto[] }) {
  const open = accounts.filter((a) => !a.closed_at);
  const closed = accounts.filter((a) => a.closed_at);
  return (
    <>
      {open.length === 0 ? (
        <p className="card muted m-0">Henüz cari hesap yok. Düzenli bir müşteri ya da şirket için aşağıdan hesap açın.</p>
      ) : (
        <ul className="list-plain stack account-list" aria-label="Açık cari hesaplar">
          {open.map((a) => (
            <li key={a.id} className="card account-row">
              <div className="account-row__main">
                <Link to={statementLink(a.id)} className="account-row__name">
                  {a.name}
                </Link>
                {a.phone ? <span className="muted small">{a.phone}</span> : null}
              </div>
              <div className="account-row__figures">
                <strong className={overLimit(a) ? "account-owes account-owes--over" : "account-owes"}>{formatMoney(a.balance)}</strong>
                <span className="muted small">limit {formatMoney(a.credit_limit)}</span>
                {overLimit(a) ? <span className="badge account-badge--over">Limit aşıldı</span> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {closed.length > 0 ? (
        <section aria-labelledby="closed-accounts" className="stack stack--tight">
          <h2 id="closed-accounts" className="subsection-title m-0">
            Kapatılmış hesaplar
          </h2>
          <ul className="list-plain cluster">
            {closed.map((a) => (
              <li key={a.id}>
                <Link to={statementLink(a.id)}>{a.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The fields of an account, for opening one and for editing it. */
export function AccountFields({ idPrefix, account, values }: { idPrefix: string; account?: AccountDto; values?: Record<string, string> }) {
  const value = (name: string, stored: string | number | null | undefined) => values?.[name] ?? (stored == null ? "" : String(stored));
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-name`}>Hesap adı</label>
        <input id={`${idPrefix}-name`} name="name" required maxLength={MAX_ACCOUNT_NAME} defaultValue={value("name", account?.name)} />
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${idPrefix}-phone`}>Telefon</label>
          <input
            id={`${idPrefix}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            maxLength={MAX_ACCOUNT_PHONE}
            defaultValue={value("phone", account?.phone)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-limit`}>Kredi limiti (₺)</label>
          <input
            id={`${idPrefix}-limit`}
            name="credit_limit"
            inputMode="decimal"
            aria-describedby={`${idPrefix}-limit-hint`}
            defaultValue={value("credit_limit", account ? account.credit_limit.toFixed(2).replace(".", ",") : null)}
          />
          <span id={`${idPrefix}-limit-hint`} className="field__hint">
            Bu tutara kadar yönetici onayı olmadan hesaba yazılır; 0 ise her yazma onay ister.
          </span>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-note`}>Not</label>
        <input id={`${idPrefix}-note`} name="note" maxLength={MAX_ACCOUNT_NOTE} defaultValue={value("note", account?.note)} />
      </div>
    </>
  );
}

/** Opens an account at a balance of 0; the rendered key makes a double submit open one. */
export function OpenAccountForm({ createKey, errors, values }: { createKey: string; errors?: string[]; values?: Record<string, string> }) {
  const busy = useIsSubmitting("open");
  return (
    <section className="card stack" aria-labelledby="open-account-title">
      <h2 id="open-account-title" className="section-title m-0">
        Yeni cari hesap
      </h2>
      <Form method="post" className="form" key={createKey}>
        <input type="hidden" name="intent" value="open" />
        <input type="hidden" name="create_key" value={createKey} />
        <FormError errors={errors} />
        <AccountFields idPrefix="open" values={values} />
        <button type="submit" className="button button--primary" disabled={busy}>
          Hesap aç
        </button>
      </Form>
    </section>
  );
}
