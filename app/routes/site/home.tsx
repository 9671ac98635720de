import { Icon } from "~/components/icons/icon";
import { isIconName } from "~/components/icons/names";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { PlanCard } from "~/components/plan-card";
import { listPlans } from "~/modules/billing/plans.server";
import { DEFAULT_LANDING_CONTENT } from "~/modules/cms/landing-content";
import type { loader as layoutLoader } from "./layout";

export async function loader() {
  return { plans: await listPlans() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof layoutLoader>("routes/site/layout");
  const content = site?.content ?? DEFAULT_LANDING_CONTENT;
  const heroImage = site?.heroImage ?? null;
  return (
    <main>
      <section className="hero">
        <div className="container">
          <span className="hero__badge">{content.heroBadge}</span>
          <h1>{content.heroTitle}</h1>
          <p>{content.heroSubtitle}</p>
          <div className="button-row cluster--center">
            <Link className="button button--primary" to="/signup">
              {content.heroButton}
            </Link>
            <a className="button" href="#pricing">
              Fiyatları Gör
            </a>
          </div>
          {heroImage ? (
            // The largest thing on the page: loaded at once, its box reserved by width and height.
            <img
              className="hero__image"
              src={heroImage.url}
              alt={heroImage.alt}
              width={heroImage.width}
              height={heroImage.height}
              fetchPriority="high"
              data-testid="hero-image"
            />
          ) : null}
        </div>
      </section>

      <section id="features" className="section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title" className="section__title">
            {content.featuresTitle}
          </h2>
          <p className="section__lead">{content.featuresSubtitle}</p>
          <div className="feature-grid">
            {content.features.map((f) => (
              <article key={f.title} className="card">
                <div className="feature__icon" aria-hidden="true">
                  {isIconName(f.icon) ? <Icon name={f.icon} size={28} /> : null}
                </div>
                <h3>{f.title}</h3>
                <p className="muted">{f.description}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="pricing" className="section" aria-labelledby="pricing-title">
        <div className="container">
          <h2 id="pricing-title" className="section__title">
            {content.pricingTitle}
          </h2>
          <p className="section__lead">{content.pricingSubtitle}</p>
          <div className="plan-grid">
            {loaderData.plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} period="monthly" />
            ))}
          </div>
          <p className="section__lead mt-4">
            <Link to="/pricing">Yıllık fiyatlar ve sık sorulan sorular →</Link>
          </p>
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="cta">
            <h2>{content.ctaTitle}</h2>
            <p>{content.ctaSubtitle}</p>
            <Link className="button" to="/signup">
              {content.ctaButton}
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
