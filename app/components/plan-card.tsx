import { Link } from "react-router";
import { monthlyOfYearly, YEARLY_FREE_MONTHS } from "~/modules/billing/catalog";
import type { PlanDto } from "~/modules/billing/plans.server";
import { formatMoney } from "~/utils/money";

export type BillingPeriod = "monthly" | "yearly";

/** A plan's card; its heading sits one level under the page's section heading (h3 on the landing page, h2 on /pricing). */
export function PlanCard({ plan, period, headingLevel = 3 }: { plan: PlanDto; period: BillingPeriod; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const monthly = period === "yearly" ? monthlyOfYearly(plan.price_yearly) : plan.price_monthly;
  return (
    <article className={`card plan-card${plan.recommended ? " plan-card--recommended" : ""}`} aria-label={`${plan.name} planı`}>
      {plan.recommended ? <span className="plan-card__badge">Önerilen</span> : null}
      <Heading className="plan-card__name">{plan.name}</Heading>
      <p className="plan-card__price">
        {formatMoney(monthly)}
        <small> / ay</small>
      </p>
      <p className="muted small">KDV dahil</p>
      {period === "yearly" ? (
        <p className="muted">
          Yıllık {formatMoney(plan.price_yearly)} <span className="tag">{YEARLY_FREE_MONTHS} ay bedava</span>
        </p>
      ) : null}
      <ul className="checklist">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <Link
        className={`button button--block${plan.recommended ? " button--primary" : ""}`}
        // The chosen billing period goes along: signup shows and records that price.
        to={`/signup?plan=${encodeURIComponent(plan.id)}${period === "yearly" ? "&billing=yearly" : ""}`}
      >
        {plan.name} ile Başla
      </Link>
    </article>
  );
}
