import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/pricing";
import { PlanCard, type BillingPeriod } from "~/components/plan-card";
import { PRICES_INCLUDE_KDV } from "~/modules/billing/billing-rules";
import { YEARLY_FREE_MONTHS } from "~/modules/billing/catalog";
import { listPlans } from "~/modules/billing/plans.server";
import { DEFAULT_LANDING_CONTENT, PRICING_FAQ } from "~/modules/cms/landing-content";
import type { loader as layoutLoader } from "./layout";

export async function loader({ url }: Route.LoaderArgs) {
  const period: BillingPeriod = url.searchParams.get("billing") === "yearly" ? "yearly" : "monthly";
  return { plans: await listPlans(), period };
}

export const meta: Route.MetaFunction = () => [
  { title: "Fiyatlar — Sofra" },
  { name: "description", content: "Sofra planları ve fiyatları: aylık veya yıllık ödeme, 14 gün ücretsiz deneme, kredi kartı gerekmez." },
];

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { plans, period } = loaderData;
  const content = useRouteLoaderData<typeof layoutLoader>("routes/site/layout")?.content ?? DEFAULT_LANDING_CONTENT;
  return (
    <main className="section">
      <div className="container">
        <h1 className="section__title">{content.pricingTitle}</h1>
        <p className="section__lead">{content.pricingSubtitle}</p>
        <nav className="billing-toggle" aria-label="Ödeme dönemi">
          <Link to="?billing=monthly" aria-current={period === "monthly"} preventScrollReset replace>
            Aylık
          </Link>
          <Link to="?billing=yearly" aria-current={period === "yearly"} preventScrollReset replace>
            Yıllık <span className="tag">{YEARLY_FREE_MONTHS} ay bedava</span>
          </Link>
        </nav>
        <div className="plan-grid">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} headingLevel={2} />
          ))}
        </div>
        {/* Decision 062: the prices are what the invoice totals, KDV included. */}
        <p className="muted" data-testid="kdv-note">
          {PRICES_INCLUDE_KDV} Faturada KDV ayrı satırda gösterilir.
        </p>

        <section className="section faq" aria-labelledby="faq-title">
          <h2 id="faq-title">Sık sorulan sorular</h2>
          {PRICING_FAQ.map((entry) => (
            <details key={entry.question}>
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </section>
      </div>
    </main>
  );
}
