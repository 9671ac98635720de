// One account's forms (decision 087): a payment received (tahsilat), a manager's correction
// (düzeltme), its details, and closing it. Each carries the key the page rendered, so a double
// submit records one movement; each form is keyed by it, so a new one starts empty.
import { Form } from "react-router";
import { FormError, useIsSubmitting } from "~/components/forms";
import { ACCOUNT_PAYMENT_METHOD_LABELS, ACCOUNT_PAYMENT_METHODS, MAX_MOVEMENT_NOTE, type AccountDto } from "~/modules/accounts/accounts";
import { formatMoney } from "~/utils/money";
import { AccountFields } from "./account-list";

interface FormProps {
  account: AccountDto;
  formKey: string;
  errors?: string[];
  values?: Record<string, string>;
}

export function PaymentForm({ account, formKey, errors, values }: FormProps) {
  const busy = useIsSubmitting("payment");
  return (
    <section className="card stack" aria-labelledby="payment-title">
      <h2 id="payment-title" className="section-title m-0">
        Tahsilat
      </h2>
      {account.balance <= 0 ? (
        <p className="muted m-0">Bu hesabın borcu yok.</p>
      ) : (
        <Form method="post" className="form" key={formKey}>
          <input type="hidden" name="intent" value="payment" />
          <input type="hidden" name="id" value={account.id} />
          <input type="hidden" name="key" value={formKey} />
          <FormError errors={errors} />
          <div className="form-row">
            <div className="field">
              <label htmlFor="payment-amount">Alınan tutar (₺)</label>
              <input
                id="payment-amount"
                name="amount"
                inputMode="decimal"
                required
                aria-describedby="payment-amount-hint"
                defaultValue={values?.amount ?? ""}
              />
              <span id="payment-amount-hint" className="field__hint">
                En fazla {formatMoney(account.balance)} (bakiye).
              </span>
            </div>
            <div className="field">
              <label htmlFor="payment-method">Ödeme yöntemi</label>
              <select id="payment-method" name="method" defaultValue={values?.method ?? "cash"}>
                {ACCOUNT_PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {ACCOUNT_PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="field">
            <label htmlFor="payment-note">Açıklama (isteğe bağlı)</label>
            <input id="payment-note" name="note" maxLength={MAX_MOVEMENT_NOTE} defaultValue={values?.note ?? ""} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Tahsil et
          </button>
        </Form>
      )}
    </section>
  );
}

export function AdjustmentForm({ account, formKey, errors, values }: FormProps) {
  const busy = useIsSubmitting("adjust");
  return (
    <section className="card stack" aria-labelledby="adjust-title">
      <h2 id="adjust-title" className="section-title m-0">
        Düzeltme
      </h2>
      <p className="muted m-0">Hatalı bir kaydı düzeltmek için: artı tutar borcu artırır, eksi tutar azaltır. Nedeni ekstrede görünür.</p>
      <Form method="post" className="form" key={formKey}>
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name="id" value={account.id} />
        <input type="hidden" name="key" value={formKey} />
        <FormError errors={errors} />
        <div className="field">
          <label htmlFor="adjust-amount">Tutar (₺, örn. -50 ya da 120,50)</label>
          <input id="adjust-amount" name="amount" inputMode="decimal" required defaultValue={values?.amount ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="adjust-note">Açıklama</label>
          <input id="adjust-note" name="note" required maxLength={MAX_MOVEMENT_NOTE} defaultValue={values?.note ?? ""} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Düzeltmeyi kaydet
        </button>
      </Form>
    </section>
  );
}

/** Name, phone, limit and note, with the version the page read (an edit made elsewhere since is refused). */
export function DetailsForm({ account, errors, values }: Omit<FormProps, "formKey">) {
  const busy = useIsSubmitting("update");
  return (
    <section className="card stack" aria-labelledby="details-title">
      <h2 id="details-title" className="section-title m-0">
        Hesap bilgileri
      </h2>
      <Form method="post" className="form" key={account.version}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={account.id} />
        <input type="hidden" name="version" value={account.version} />
        <FormError errors={errors} />
        <AccountFields idPrefix="edit" account={account} values={values} />
        <button type="submit" className="button" disabled={busy}>
          Bilgileri kaydet
        </button>
      </Form>
    </section>
  );
}

/** Closing is offered at a balance of 0 only; the statement stays readable. */
export function CloseForm({ account, errors }: { account: AccountDto; errors?: string[] }) {
  return (
    <section className="card stack" aria-labelledby="close-title">
      <h2 id="close-title" className="section-title m-0">
        Hesabı kapat
      </h2>
      <FormError errors={errors} />
      {account.balance === 0 ? (
        <Form method="post" className="cluster">
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="id" value={account.id} />
          <p className="muted m-0 grow">Kapatılan hesaba bir daha yazılamaz; ekstresi kalır.</p>
          <button type="submit" className="button button--danger">
            Hesabı kapat
          </button>
        </Form>
      ) : (
        <p className="muted m-0">Bakiye {formatMoney(account.balance)}: hesap ancak borcu kalmadığında kapatılabilir.</p>
      )}
    </section>
  );
}
