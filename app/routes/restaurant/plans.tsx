import { data, Form, Link } from "react-router";
import type { Route } from "./+types/plans";
import { AppHeader } from "~/components/app/app-header";
import { confirmationOf, PlanChangeConfirmation } from "~/components/app/plan-change-confirmation";
import { RouteErrorBoundary } from "~/components/error-page";
import { useIsSubmitting } from "~/components/forms";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { planChangeAction } from "~/modules/billing/billing-page.server";
import { PLAN_CHANGE_FAILED, PLAN_LABELS, PRICES_INCLUDE_KDV } from "~/modules/billing/billing-rules";
import { plansForRestaurant } from "~/modules/billing/billing.server";
import { YEARLY_FREE_MONTHS } from "~/modules/billing/catalog";
import { formatMoney } from "~/utils/money";
import { formErrorsOf } from "~/utils/page-reply";
import "~/styles/billing.css";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const overview = await plansForRestaurant(restaurant.id);
  const asked = url.searchParams.get("cycle");
  const cycle = asked === "yearly" || asked === "monthly" ? asked : overview.current.billing_cycle;
  return data({ ...overview, cycle, timeZone: restaurant.timezone });
}

/**
 * The plan chosen here is the billing tab's plan change (same rules, same invoice): the first
 * post shows the confirmation, its "Onayla" changes the plan. The trial banner's and the premium
 * gate's upgrade buttons post here too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return planChangeAction(await request.formData(), context.get(restaurantAuthContext));
}

export const meta: Route.MetaFunction = () => [{ title: "Planlar — Sofra" }];

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, current, usage, suggested, cycle, timeZone } = loaderData;
  const busy = useIsSubmitting("change-plan");
  const errors = formErrorsOf(actionData);
  const confirmation = confirmationOf(actionData);
  const onTrial = current.plan === "free_trial";
  return (
    <>
      <AppHeader heading title="Planlar" backTo="/app/settings?tab=billing" />
      <main className="app-main">
        <div className="container stack">
          <p className="muted">
            Şu an {PLAN_LABELS[current.plan]} planındasınız: {usage.tables} masa, {usage.staff} personel, {usage.menu_items} menü ürünü.
            {suggested ? ` Kullanımınıza uyan en küçük plan: ${PLAN_LABELS[suggested]}.` : null}
          </p>
          <nav className="chips" aria-label="Ödeme dönemi">
            <Link className="chip" to="?cycle=monthly" aria-current={cycle === "monthly" ? "true" : undefined} replace>
              Aylık
            </Link>
            <Link className="chip" to="?cycle=yearly" aria-current={cycle === "yearly" ? "true" : undefined} replace>
              Yıllık ({YEARLY_FREE_MONTHS} ay bedava)
            </Link>
          </nav>
          {errors ? (
            <p className="form-error" role="alert">
              {PLAN_CHANGE_FAILED} {errors.join(" ")}
            </p>
          ) : null}
          {confirmation ? (
            <PlanChangeConfirmation
              confirmation={confirmation}
              action="/app/plans"
              cancelTo={confirmation.return_to ?? `/app/plans?cycle=${confirmation.billing_cycle}`}
              timeZone={timeZone}
            />
          ) : null}
          <div className="plans">
            {plans.map((p) => {
              const isCurrent = p.id === current.plan && cycle === current.billing_cycle;
              const price = cycle === "yearly" ? p.price_yearly : p.price_monthly;
              return (
                <article
                  key={p.id}
                  className={`card stack plan${p.id === suggested ? " plan--suggested" : ""}`}
                  aria-label={`${p.name} planı`}
                >
                  <div className="billing__head">
                    <h2>{p.name}</h2>
                    {p.id === suggested ? <span className="badge">Size uygun</span> : null}
                    {p.id === current.plan ? <span className="badge billing-state--active">Mevcut plan</span> : null}
                  </div>
                  <p className="plan__price">
                    {formatMoney(price)}
                    <small> / {cycle === "yearly" ? "yıl" : "ay"}</small>
                  </p>
                  <p className="muted small">KDV dahil</p>
                  <ul className="checklist">
                    {p.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  {p.fits ? null : <p className="notice notice--warning small">Bu plana geçmek için önce {p.remove} kaldırın.</p>}
                  <Form method="post" action="/app/plans">
                    <input type="hidden" name="intent" value="change-plan" />
                    <input type="hidden" name="subscription_plan" value={p.id} />
                    <input type="hidden" name="billing_cycle" value={cycle} />
                    <button
                      type="submit"
                      className={`button button--block${p.id === suggested ? " button--primary" : ""}`}
                      disabled={busy || isCurrent || !p.fits}
                    >
                      {isCurrent ? "Mevcut planınız" : `${p.name} planına geç (${cycle === "yearly" ? "yıllık" : "aylık"})`}
                    </button>
                  </Form>
                </article>
              );
            })}
          </div>
          <p className="muted small">
            {PRICES_INCLUDE_KDV} {onTrial ? "Seçtiğiniz plan deneme süresinin yerine hemen başlar. " : "Yeni plan hemen geçerli olur. "}
            Fatura 7 gün içinde havale/EFT ile ödenir; ödenmiş bir dönemin kalan günleri yeni faturadan düşülür.
          </p>
        </div>
      </main>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
