import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect } from "react-router";
import { PlanSelect } from "../plan-select";
import type { Route } from "./+types/detail";
import { FormError } from "~/components/forms";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { MAX_STATUS_NOTE, MEMBER_NOT_FOUND, PLAN_CHANGED_BY_ADMIN, planLabel, statusLabel } from "~/modules/admin/member-rules";
import { MemberIdSchema, MemberStatusFormSchema } from "~/modules/admin/member-schemas";
import { changeMemberPlan, changeMemberStatus, memberDetail } from "~/modules/admin/members.server";
import { BILLING_STATE_LABELS } from "~/modules/billing/billing-rules";
import { formatLongDate } from "~/utils/dates";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { formatMoney } from "~/utils/money";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { MemberActions } from "./member-actions";
import { MemberAudit } from "./member-audit";
import { dateOrDash, when } from "./member-dates";
import "~/styles/admin-dash.css";

function memberId(raw: string | undefined) {
  const parsed = MemberIdSchema.safeParse(raw);
  if (!parsed.success) throw data({ message: MEMBER_NOT_FOUND }, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const id = memberId(params.id);
  const [member, { flash, headers }] = await Promise.all([orRefuse(memberDetail(id)), takeFlash(request)]);
  return data(
    {
      member,
      flash,
      confirmCancel: url.searchParams.get("confirm") === "cancel" && member.subscription_status !== "cancelled",
      // One key per page shown: a double submit of its form acts once.
      statusKey: randomUUID(),
      changeKey: randomUUID(),
      maxNote: MAX_STATUS_NOTE,
    },
    { headers },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminAuthContext);
  const id = memberId(params.id);
  return pageAction(await request.formData(), MemberStatusFormSchema, async (form) => {
    if (form.intent === "change-plan") {
      const { restaurant } = await changeMemberPlan(admin.id, id, form.plan, form.change_key);
      throw redirect(`/admin/members/${id}`, { headers: await flashHeaders(PLAN_CHANGED_BY_ADMIN(restaurant.name, form.plan)) });
    }
    const result = await changeMemberStatus(admin.id, id, { action: form.action, note: form.note, key: form.status_key });
    throw redirect(`/admin/members/${id}`, { headers: await flashHeaders(result.message) });
  });
}

export default function AdminMemberDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { member: m, flash, confirmCancel, statusKey, changeKey, maxNote } = loaderData;
  const errors = formErrorsOf(actionData);
  const status = m.subscription_status;
  return (
    <main className="admin-main">
      <p>
        <Link to="/admin/members">← Üyelere dön</Link>
      </p>
      <h1>{m.restaurant_name}</h1>
      {flash ? (
        <p className="notice notice--success" role="status" data-testid="flash">
          {flash}
        </p>
      ) : null}
      <FormError errors={errors} />

      <ul className="admin-stats" aria-label="Rakamlar">
        <li data-testid="figure-tables">
          Masalar <span className="admin-stat__value">{m.figures.tables}</span>
        </li>
        <li data-testid="figure-orders">
          Siparişler <span className="admin-stat__value">{m.figures.orders}</span>
          <span className="muted">{m.figures.paid_orders} ödendi</span>
        </li>
        <li data-testid="figure-revenue">
          Ciro (ödenen siparişler) <span className="admin-stat__value">{formatMoney(m.figures.revenue)}</span>
        </li>
        <li data-testid="figure-staff">
          Aktif hesaplar <span className="admin-stat__value">{m.figures.staff}</span>
        </li>
        <li data-testid="figure-last-login">
          Son giriş <span className="admin-stat__value admin-stat__value--small">{m.last_login ? when(m.last_login) : "—"}</span>
        </li>
      </ul>

      <div className="admin-dash__grid">
        <section className="card stack" aria-labelledby="member-title">
          <h2 id="member-title">Üye bilgileri</h2>
          <dl className="admin-dl">
            <dt>Sahibi</dt>
            <dd>{m.owner_name ?? "—"}</dd>
            <dt>E-posta</dt>
            <dd>{m.email ?? "—"}</dd>
            <dt>Telefon</dt>
            <dd>{m.phone ?? "—"}</dd>
            <dt>Adres</dt>
            <dd>{m.address ?? "—"}</dd>
            <dt>Kayıt</dt>
            <dd>{formatLongDate(m.created_at)}</dd>
          </dl>
        </section>

        <section className="card stack" aria-labelledby="subscription-title">
          <h2 id="subscription-title">Abonelik</h2>
          <dl className="admin-dl">
            <dt>Plan</dt>
            <dd data-testid="member-plan">{planLabel(m.subscription_plan)}</dd>
            <dt>Durum</dt>
            <dd>
              <span className={`admin-status admin-status--${status}`} data-testid="member-status">
                {statusLabel(status)}
              </span>
            </dd>
            <dt>Faturalama</dt>
            <dd>{BILLING_STATE_LABELS[m.billing_state]}</dd>
            {m.trial_end_date ? (
              <>
                <dt>Deneme bitişi</dt>
                <dd>{formatLongDate(m.trial_end_date)}</dd>
              </>
            ) : null}
            <dt>Dönem sonu</dt>
            <dd>{dateOrDash(m.current_period_end)}</dd>
            <dt>Ödenmemiş faturalar</dt>
            <dd>
              {m.figures.unpaid_invoices} ({formatMoney(m.figures.unpaid_amount)})
            </dd>
          </dl>
          {m.suspension.by_admin ? (
            <p className="notice notice--error">Yönetici tarafından askıya alındı: {when(m.suspension.by_admin)}.</p>
          ) : null}
          {m.suspension.for_payment ? (
            <p className="notice notice--warning">
              Ödenmemiş fatura nedeniyle askıda: {when(m.suspension.for_payment)}. Ödeme alındığında açılır.
            </p>
          ) : null}
          {m.cancelled_at ? <p className="notice notice--error">İptal edildi: {when(m.cancelled_at)}.</p> : null}
          {m.status_note ? <p>Açıklama: {m.status_note}</p> : null}
          {status === "active" ? (
            <Form method="post" className="admin-dash__plan-form">
              <input type="hidden" name="intent" value="change-plan" />
              <input type="hidden" name="change_key" value={changeKey} />
              <label htmlFor="member-plan-select">Yeni plan</label>
              <PlanSelect id="member-plan-select" current={m.subscription_plan} />
              <button type="submit" className="button">
                Değiştir
              </button>
            </Form>
          ) : null}
        </section>
      </div>

      <MemberActions member={m} confirmCancel={confirmCancel} statusKey={statusKey} maxNote={maxNote} />

      <MemberAudit audit={m.audit} />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.member.restaurant_name ?? "Üye"} — Sofra Platform` }];
