import { Form, Link } from "react-router";
import { confirmationOf, PlanChangeConfirmation } from "~/components/app/plan-change-confirmation";
import { Field, useIsSubmitting } from "~/components/forms";
import type { BillingTabData } from "~/modules/billing/billing-page.server";
import {
  BILLING_STATE_LABELS,
  CYCLE_LABELS,
  formatIban,
  invoiceStatusLabel,
  NO_INVOICES,
  NO_PAYMENT_METHODS,
  PLAN_CHANGE_FAILED,
  PLAN_LABELS,
  PRICES_INCLUDE_KDV,
} from "~/modules/billing/billing-rules";
import { formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { fieldErrorsOf, formErrorsOf, submittedValue } from "~/utils/page-reply";
import { UsageBar } from "./usage-bar";

const PAID_PLANS = ["basic", "pro", "enterprise"] as const;
const BILLING_TAB = "/app/settings?tab=billing";

/** The Billing tab: plan and state, usage against the limits, plan change, invoices, how to pay. */
export function BillingTab({ billing, timeZone, actionData }: { billing: BillingTabData; timeZone: string; actionData: unknown }) {
  const { usage, invoices, paymentMethods, bank } = billing;
  const r = usage.restaurant;
  const date = (iso: string) => formatLongDate(iso, timeZone);
  const busy = useIsSubmitting("change-plan");
  const errors = formErrorsOf(actionData);
  const confirmation = confirmationOf(actionData);
  const savingTax = useIsSubmitting("tax-details");
  const currentPaid = r.subscription_plan === "free_trial" ? "pro" : r.subscription_plan;

  return (
    <div className="stack billing">
      <section className="card stack" aria-labelledby="plan-title">
        <div className="billing__head">
          <h2 id="plan-title">Mevcut plan</h2>
          <span className={`badge billing-state billing-state--${r.billing_state}`}>{BILLING_STATE_LABELS[r.billing_state]}</span>
        </div>
        <p className="billing__plan">
          <strong>{usage.plan.name}</strong>
          {r.subscription_plan === "free_trial" ? null : <span className="muted"> · {CYCLE_LABELS[r.billing_cycle]}</span>}
        </p>
        {r.trial_end_date ? <p className="muted small">Deneme bitişi: {date(r.trial_end_date)} (Pro planının limitleriyle)</p> : null}
        {r.current_period_end && r.subscription_plan !== "free_trial" ? (
          <p className="muted small">Dönem sonu: {date(r.current_period_end)}</p>
        ) : null}
        {r.credit_balance > 0 ? (
          <p className="muted small" data-testid="credit-balance">
            Alacağınız: {formatMoney(r.credit_balance)} (önceki planın kullanılmayan günleri; sonraki faturalarınızdan düşülür)
          </p>
        ) : null}
        {r.payment_due_at && r.billing_state === "awaiting_payment" ? (
          <p className="notice notice--info">Ödenmemiş faturanızın son ödeme tarihi {date(r.payment_due_at)}.</p>
        ) : null}
        {r.billing_state === "past_due" && r.suspension_date ? (
          <p className="notice notice--warning" role="alert">
            Ödemeniz gecikti. {date(r.suspension_date)} tarihine kadar ödenmezse hesabınız askıya alınır.
          </p>
        ) : null}
        {r.billing_state === "suspended" ? (
          <p className="notice notice--error" role="alert">
            {r.suspended_by_admin
              ? "Hesabınız Sofra tarafından askıya alındı. Bilgi için bizimle iletişime geçin."
              : "Hesabınız askıya alındı. Gecikmiş faturanız ödendiğinde yeniden açılır."}
          </p>
        ) : null}
        <Link className="button" to="/app/plans">
          Planları karşılaştır
        </Link>
      </section>

      <section className="card stack" aria-labelledby="usage-title">
        <h2 id="usage-title">Kullanım</h2>
        <UsageBar
          label="Masalar"
          used={usage.plan.usage.tables}
          limit={usage.plan.limits.max_tables}
          percentage={usage.plan.usage_percentage.tables}
        />
        <UsageBar
          label="Personel"
          used={usage.plan.usage.staff}
          limit={usage.plan.limits.max_staff}
          percentage={usage.plan.usage_percentage.staff}
        />
        <UsageBar
          label="Menü ürünleri"
          used={usage.plan.usage.menu_items}
          limit={usage.plan.limits.max_menu_items}
          percentage={usage.plan.usage_percentage.menu_items}
        />
      </section>

      <section className="card stack" aria-labelledby="change-title">
        <h2 id="change-title">Plan değiştir</h2>
        <p className="muted small">
          {PRICES_INCLUDE_KDV} Onayınızdan sonra yeni plan hemen geçerli olur; faturası 7 gün içinde havale/EFT ile ödenir. Ödenmiş bir
          dönemin kullanılmayan günleri yeni faturadan düşülür.
        </p>
        {confirmation ? (
          <PlanChangeConfirmation confirmation={confirmation} action={BILLING_TAB} cancelTo={BILLING_TAB} timeZone={timeZone} />
        ) : null}
        <Form method="post" className="stack" action={BILLING_TAB} hidden={confirmation !== null}>
          <input type="hidden" name="intent" value="change-plan" />
          <input type="hidden" name="change_key" value={billing.changeKey} />
          <div className="billing__fields">
            <label className="field">
              <span className="field__label">Plan</span>
              <select name="subscription_plan" defaultValue={currentPaid}>
                {PAID_PLANS.map((p) => (
                  <option key={p} value={p}>
                    {PLAN_LABELS[p]}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Ödeme dönemi</span>
              <select name="billing_cycle" defaultValue={r.billing_cycle}>
                <option value="monthly">Aylık</option>
                <option value="yearly">Yıllık (2 ay bedava)</option>
              </select>
            </label>
          </div>
          {errors ? (
            <p className="form-error" role="alert">
              {PLAN_CHANGE_FAILED} {errors.join(" ")}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Değiştiriliyor…" : "Planı Değiştir"}
          </button>
        </Form>
      </section>

      <section className="card stack" aria-labelledby="tax-title">
        <h2 id="tax-title">Fatura bilgileri</h2>
        <p className="muted small">
          Faturalarınızda alıcı olarak görünür. Şirketler 10 haneli vergi kimlik numarasını (VKN), şahıs işletmeleri 11 haneli T.C. kimlik
          numarasını girer.
        </p>
        <Form method="post" className="stack" action={BILLING_TAB}>
          <input type="hidden" name="intent" value="tax-details" />
          <Field
            label="Vergi dairesi"
            inputProps={{
              name: "tax_office",
              id: "tax_office",
              type: "text",
              maxLength: 100,
              autoComplete: "off",
              defaultValue: submittedValue(actionData, "tax_office") ?? billing.taxDetails.tax_office ?? "",
            }}
            errors={fieldErrorsOf(actionData, "tax_office")}
          />
          <Field
            label="VKN / T.C. kimlik no"
            inputProps={{
              name: "tax_number",
              id: "tax_number",
              type: "text",
              inputMode: "numeric",
              maxLength: 14,
              autoComplete: "off",
              defaultValue: submittedValue(actionData, "tax_number") ?? billing.taxDetails.tax_number ?? "",
            }}
            errors={fieldErrorsOf(actionData, "tax_number")}
          />
          <button type="submit" className="button" disabled={savingTax}>
            {savingTax ? "Kaydediliyor…" : "Fatura bilgilerini kaydet"}
          </button>
        </Form>
      </section>

      <section className="card stack" aria-labelledby="invoices-title">
        <h2 id="invoices-title">Son faturalar</h2>
        {invoices.length === 0 ? (
          <p className="muted">{NO_INVOICES}</p>
        ) : (
          <ul className="invoices">
            {invoices.map((i) => (
              <li key={i.id} className="invoice" data-testid="invoice">
                <div className="invoice__main">
                  <strong>{i.number}</strong>
                  <span className="muted small">
                    {date(i.created_at)} · {PLAN_LABELS[i.plan]} {CYCLE_LABELS[i.billing_cycle]?.toLocaleLowerCase("tr-TR")}
                  </span>
                  {i.status === "pending" ? <span className="muted small">Son ödeme: {date(i.due_at)}</span> : null}
                </div>
                <div className="invoice__side">
                  <strong>{formatMoney(i.total_amount)}</strong>
                  <span className="muted small">KDV dahil (KDV {formatMoney(i.tax_amount)})</span>
                  <span className={`badge invoice-status invoice-status--${i.status}`}>{invoiceStatusLabel(i.status)}</span>
                  <a className="button button--small" href={i.pdf_url} target="_blank" rel="noreferrer" aria-label={`${i.number} PDF`}>
                    PDF
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card stack" aria-labelledby="methods-title">
        <h2 id="methods-title">Ödeme yöntemleri</h2>
        {paymentMethods.length === 0 ? (
          <p className="muted">{NO_PAYMENT_METHODS}</p>
        ) : (
          <ul className="invoices">
            {paymentMethods.map((m) => (
              <li key={m.id} className="invoice">
                <span>
                  {m.brand} •••• {m.last_four}
                </span>
                <span className="muted small">
                  {String(m.exp_month).padStart(2, "0")}/{m.exp_year}
                  {m.is_default ? " · Varsayılan" : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="bank" aria-labelledby="bank-title">
          <h3 id="bank-title">Havale / EFT</h3>
          <p className="muted small">Kartla ödeme henüz yok: faturalar banka havalesiyle ödenir. Açıklamaya fatura numarasını yazın.</p>
          <dl className="bank__details">
            <dt>Banka</dt>
            <dd>{bank.bank_name}</dd>
            <dt>Alıcı</dt>
            <dd>{bank.account_name}</dd>
            <dt>IBAN</dt>
            <dd className="bank__iban">{formatIban(bank.iban)}</dd>
          </dl>
        </div>
      </section>
    </div>
  );
}
