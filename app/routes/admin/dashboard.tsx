import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect } from "react-router";
import { PlanSelect } from "./plan-select";
import type { Route } from "./+types/dashboard";
import { FormError } from "~/components/forms";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { ALL_PLANS, PLAN_CHANGED_BY_ADMIN, planLabel, statusLabel } from "~/modules/admin/member-rules";
import { DashboardFormSchema } from "~/modules/admin/member-schemas";
import { changeMemberPlan } from "~/modules/admin/members.server";
import { adminMetrics } from "~/modules/admin/metrics.server";
import { cssVars } from "~/utils/css-vars";
import { formatLongDate } from "~/utils/dates";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { formatMoney } from "~/utils/money";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import "~/styles/admin-dash.css";

const PATH = "/admin/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const [metrics, { flash, headers }] = await Promise.all([adminMetrics(), takeFlash(request)]);
  return data(
    {
      metrics,
      // A key per row shown: a double submit of one row's plan change changes the plan once.
      keys: Object.fromEntries(metrics.recent_signups.map((r) => [r.id, randomUUID()])) as Record<number, string>,
      flash,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminAuthContext);
  return pageAction(await request.formData(), DashboardFormSchema, async (form) => {
    const { restaurant } = await changeMemberPlan(admin.id, form.restaurant_id, form.plan, form.change_key);
    throw redirect(`${PATH}#signup-${restaurant.id}`, { headers: await flashHeaders(PLAN_CHANGED_BY_ADMIN(restaurant.name, form.plan)) });
  });
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { metrics, keys, flash } = loaderData;
  const errors = formErrorsOf(actionData);
  const failedRow = Number(submittedValue(actionData, "restaurant_id"));
  const failedName = metrics.recent_signups.find((r) => r.id === failedRow)?.name;
  const planTotal = Math.max(1, metrics.total_restaurants);
  return (
    <main className="admin-main">
      <h1>Platform Paneli</h1>
      {flash ? (
        <p className="notice notice--success" role="status" data-testid="flash">
          {flash}
        </p>
      ) : null}
      <FormError errors={errors ? [failedName ? `${failedName}: plan değiştirilemedi.` : "Plan değiştirilemedi.", ...errors] : undefined} />

      <ul className="admin-stats" aria-label="Özet">
        <li data-testid="metric-total">
          Toplam restoran <span className="admin-stat__value">{metrics.total_restaurants}</span>
        </li>
        <li data-testid="metric-active">
          Aktif restoran <span className="admin-stat__value">{metrics.active_restaurants}</span>
        </li>
        <li data-testid="metric-revenue">
          Toplam gelir <span className="admin-stat__value">{formatMoney(metrics.total_revenue)}</span>
        </li>
        <li data-testid="metric-monthly">
          Bu ayın geliri <span className="admin-stat__value">{formatMoney(metrics.monthly_revenue)}</span>
        </li>
      </ul>
      <p className="muted admin-dash__hint">Gelir: ödenmiş abonelik faturaları (bu ay: Türkiye saatiyle ayın 1’inden bu yana ödenenler).</p>

      <div className="admin-dash__grid">
        <section className="card stack" aria-labelledby="plans-title">
          <h2 id="plans-title">Plan dağılımı</h2>
          <ul className="admin-dash__plans">
            {ALL_PLANS.map((plan) => {
              const count = metrics.plan_distribution[plan];
              return (
                <li key={plan} data-testid={`plan-${plan}`}>
                  <span className="admin-dash__plan-name">{planLabel(plan)}</span>
                  <span className="admin-dash__bar" aria-hidden="true">
                    <span style={cssVars({ "--fill": `${Math.round((count / planTotal) * 100)}%` })} />
                  </span>
                  <strong>{count}</strong>
                </li>
              );
            })}
          </ul>
        </section>

        <section className="card stack" aria-labelledby="links-title">
          <h2 id="links-title">Bölümler</h2>
          <nav className="admin-links" aria-labelledby="links-title">
            <Link to="/admin/applications">Premium başvuruları</Link>
            <Link to="/admin/members">Üyeler</Link>
            <Link to="/admin/notifications">Bildirimler</Link>
            <Link to="/admin/cms">İçerik yönetimi</Link>
          </nav>
        </section>
      </div>

      <section className="stack admin-dash__section" aria-labelledby="signups-title">
        <h2 id="signups-title">Son kayıtlar</h2>
        {metrics.recent_signups.length === 0 ? (
          <p className="muted">Henüz kayıtlı restoran yok.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--stack">
              <thead>
                <tr>
                  <th scope="col">Restoran</th>
                  <th scope="col">Sahibi</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Durum</th>
                  <th scope="col">Kayıt</th>
                  <th scope="col">Plan değiştir</th>
                  <th scope="col">
                    <span className="visually-hidden">Detay</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {metrics.recent_signups.map((r) => (
                  <tr key={r.id} id={`signup-${r.id}`} data-testid={`signup-${r.id}`}>
                    <td data-label="Restoran">{r.name}</td>
                    <td data-label="Sahibi">
                      {r.owner ? (
                        <>
                          {r.owner.name}
                          <br />
                          <span className="muted">{r.owner.email}</span>
                        </>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td data-testid="plan" data-label="Plan">
                      {planLabel(r.subscription_plan)}
                    </td>
                    <td data-label="Durum">
                      <span className={`admin-status admin-status--${r.subscription_status}`}>{statusLabel(r.subscription_status)}</span>
                    </td>
                    <td data-label="Kayıt">{formatLongDate(r.created_at)}</td>
                    <td data-label="Plan değiştir">
                      <Form method="post" className="admin-dash__plan-form" preventScrollReset>
                        <input type="hidden" name="intent" value="change-plan" />
                        <input type="hidden" name="restaurant_id" value={r.id} />
                        <input type="hidden" name="change_key" value={keys[r.id]} />
                        <label className="visually-hidden" htmlFor={`plan-${r.id}`}>
                          {r.name} için yeni plan
                        </label>
                        <PlanSelect id={`plan-${r.id}`} current={r.subscription_plan} />
                        <button type="submit" className="button">
                          Değiştir
                        </button>
                      </Form>
                    </td>
                    <td>
                      <Link to={`/admin/members/${r.id}`} aria-label={`Detay: ${r.name}`}>
                        Detay
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p>
          <Link to="/admin/members">Tüm üyeler →</Link>
        </p>
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Platform Paneli — Sofra" }];
