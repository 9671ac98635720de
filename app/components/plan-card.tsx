import { Link } from "react-router";
import { YEARLY_FREE_MONTHS } from "~/modules/billing/catalog";
import type { PlanDto } from "~/modules/billing/plans.server";
import { formatWholeMoney } from "~/utils/money";

export type BillingPeriod = "monthly" | "yearly";

export function PlanCard({ plan, period }: { plan: PlanDto; period: BillingPeriod }) {
  const monthly = period === "yearly" ? Math.round(plan.price_yearly / 12) : plan.price_monthly;
  return (
    <article className={`card plan-card${plan.recommended ? " plan-card--recommended" : ""}`} aria-label={`${plan.name} planı`}>
      {plan.recommended ? <span className="plan-card__badge">Önerilen</span> : null}
      <h3>{plan.name}</h3>
      <p className="plan-card__price">
        {formatWholeMoney(monthly)}
        <small> / ay</small>
      </p>
      {period === "yearly" ? (
        <p className="muted">
          Yıllık {formatWholeMoney(plan.price_yearly)} <span className="tag">{YEARLY_FREE_MONTHS} ay bedava</span>
        </p>
      ) : null}
      <ul className="checklist">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <Link
        className={`button button--block${plan.recommended ? " button--primary" : ""}`}
        to={`/signup?plan=${encodeURIComponent(plan.id)}`}
      >
        {plan.name} ile Başla
      </Link>
    </article>
  );
}
