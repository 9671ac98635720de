import { Form, Link } from "react-router";
import { useIsSubmitting } from "~/components/forms";
import type { PlanChangeConfirmationData } from "~/modules/billing/billing-page.server";
import { CYCLE_LABELS, PRICES_INCLUDE_KDV } from "~/modules/billing/billing-rules";
import { formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/** The confirmation the plan-change form's first post answered, if this action data is one. */
export function confirmationOf(actionData: unknown): PlanChangeConfirmationData | null {
  return actionData && typeof actionData === "object" && "confirmation" in actionData
    ? (actionData as { confirmation: PlanChangeConfirmationData }).confirmation
    : null;
}

const cycleWord = (cycle: string) => (CYCLE_LABELS[cycle] ?? cycle).toLocaleLowerCase("tr-TR");

/**
 * The step between an upgrade button and the invoice (issue 20, decision 063): what the change
 * bills and when it is due; only "Onayla" changes the plan. A form post, so it works without
 * JavaScript; `action` is the page that answered it.
 */
export function PlanChangeConfirmation({
  confirmation: c,
  action,
  cancelTo,
  timeZone,
}: {
  confirmation: PlanChangeConfirmationData;
  action: string;
  cancelTo: string;
  timeZone?: string;
}) {
  const busy = useIsSubmitting("change-plan");
  return (
    <section className="card stack plan-confirm" aria-labelledby="plan-confirm-title" data-testid="plan-confirmation">
      <h2 id="plan-confirm-title">Plan değişikliğini onaylayın</h2>
      {c.ends_trial ? (
        <p className="notice notice--warning" role="alert">
          Deneme süreniz sona erecek: {c.plan_name} planı onayladığınız anda başlar.
        </p>
      ) : null}
      <dl className="plan-confirm__figures">
        <dt>Plan</dt>
        <dd>
          {c.plan_name} · {CYCLE_LABELS[c.billing_cycle]}
        </dd>
        {c.credit > 0 ? (
          <>
            <dt>Plan fiyatı (KDV dahil)</dt>
            <dd>{formatMoney(c.price)}</dd>
            <dt>Kullanılmayan günlerin alacağı</dt>
            <dd>−{formatMoney(c.credit)}</dd>
          </>
        ) : null}
        <dt>Tutar (KDV hariç)</dt>
        <dd>{formatMoney(c.net_amount)}</dd>
        <dt>KDV (%{c.tax_rate})</dt>
        <dd>{formatMoney(c.tax_amount)}</dd>
        <dt>Ödenecek tutar (KDV dahil)</dt>
        <dd>
          <strong data-testid="plan-confirmation-total">{formatMoney(c.total)}</strong>
        </dd>
        <dt>Son ödeme tarihi</dt>
        <dd>{formatLongDate(c.due_at, timeZone)}</dd>
      </dl>
      <p className="muted small">
        {PRICES_INCLUDE_KDV} Fatura havale/EFT ile ödenir; dönem {formatLongDate(c.period_end, timeZone)} tarihinde yenilenir.
      </p>
      <Form method="post" action={action} className="button-row">
        <input type="hidden" name="intent" value="change-plan" />
        <input type="hidden" name="subscription_plan" value={c.plan} />
        <input type="hidden" name="billing_cycle" value={c.billing_cycle} />
        <input type="hidden" name="change_key" value={c.change_key} />
        {c.return_to ? <input type="hidden" name="return_to" value={c.return_to} /> : null}
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Değiştiriliyor…" : `Onayla: ${c.plan_name} planına geç (${cycleWord(c.billing_cycle)})`}
        </button>
        <Link className="button button--ghost" to={cancelTo}>
          Vazgeç
        </Link>
      </Form>
    </section>
  );
}
