import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect } from "react-router";
import { PlanSelect } from "../plan-select";
import type { Route } from "./+types/detail";
import { FormError } from "~/components/forms";
import { AUDIT_ACTION_LABELS } from "~/modules/audit/audit-labels";
import { adminAuthContext } from "~/modules/admin/guards.server";
import { MAX_STATUS_NOTE, MEMBER_NOT_FOUND, PLAN_CHANGED_BY_ADMIN, planLabel, statusLabel } from "~/modules/admin/member-rules";
import { MemberIdSchema, MemberStatusFormSchema } from "~/modules/admin/member-schemas";
import { changeMemberPlan, changeMemberStatus, memberDetail } from "~/modules/admin/members.server";
import { BILLING_STATE_LABELS } from "~/modules/billing/billing-rules";
import { formatClock, formatLongDate } from "~/utils/dates";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { formatMoney } from "~/utils/money";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
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

const dateOrDash = (value: string | null) => (value ? formatLongDate(value) : "—");
const when = (value: string) => `${formatLongDate(value)} ${formatClock(value)}`;

function auditSummary(action: string, details: Record<string, unknown>) {
  const parts: string[] = [];
  const { from, to } = details;
  if (typeof from === "string" && typeof to === "string") {
    const label = action === "plan_change" ? planLabel : statusLabel;
    parts.push(`${label(from)} → ${label(to)}`);
  }
  if (typeof details.plan === "string") parts.push(planLabel(details.plan));
  if (typeof details.invoice_number === "string") parts.push(`fatura ${details.invoice_number}`);
  if (typeof details.amount === "string") parts.push(formatMoney(Number(details.amount)));
  if (typeof details.note === "string" && details.note) parts.push(`“${details.note}”`);
  return parts.join(" · ");
}

function NoteField({ id, maxNote }: { id: string; maxNote: number }) {
  return (
    <div className="field">
      <label htmlFor={id}>Açıklama (isteğe bağlı, restorana gösterilir)</label>
      <textarea id={id} name="note" maxLength={maxNote} rows={2} />
    </div>
  );
}

export default function AdminMemberDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { member: m, flash, confirmCancel, statusKey, changeKey, maxNote } = loaderData;
  const errors = formErrorsOf(actionData);
  const status = m.subscription_status;
  const adminHold = m.suspension.by_admin !== null;
  const canSuspend = status !== "cancelled" && !adminHold;
  const canReactivate = status !== "active" && !(status === "suspended" && !adminHold);
  const hidden = (action: string) => (
    <>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="status_key" value={statusKey} />
    </>
  );
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

      <section className="card stack admin-dash__section" aria-labelledby="actions-title">
        <h2 id="actions-title">Üyelik işlemleri</h2>
        {confirmCancel ? (
          <Form method="post" className="stack admin-confirm" aria-labelledby="confirm-title">
            <h3 id="confirm-title">Üyelik iptal edilsin mi?</h3>
            <p>
              {m.restaurant_name} üyeliği iptal edilir: restoran giriş yapabilir ama hiçbir özelliği kullanamaz. Veriler 30 gün saklanır;
              üyelik yeniden etkinleştirilebilir.
            </p>
            {hidden("cancel")}
            <NoteField id="cancel-note" maxNote={maxNote} />
            <div className="button-row">
              <button type="submit" className="button button--danger">
                Evet, iptal et
              </button>
              <Link className="button" to={`/admin/members/${m.id}`}>
                Vazgeç
              </Link>
            </div>
          </Form>
        ) : (
          <div className="admin-dash__actions">
            {canSuspend ? (
              <Form method="post" className="stack">
                {hidden("suspend")}
                <NoteField id="suspend-note" maxNote={maxNote} />
                <button type="submit" className="button">
                  Askıya al
                </button>
              </Form>
            ) : null}
            {canReactivate ? (
              <Form method="post">
                {hidden("reactivate")}
                <button type="submit" className="button button--primary">
                  Yeniden etkinleştir
                </button>
              </Form>
            ) : null}
            {status === "suspended" && !adminHold ? (
              <p className="muted">Ödenmemiş fatura nedeniyle askıda: fatura ödendi olarak işaretlendiğinde kendiliğinden açılır.</p>
            ) : null}
            {status !== "cancelled" ? (
              <Link className="button button--danger" to="?confirm=cancel">
                Üyeliği iptal et
              </Link>
            ) : null}
          </div>
        )}
      </section>

      <section className="stack admin-dash__section" aria-labelledby="audit-title">
        <h2 id="audit-title">İşlem geçmişi</h2>
        {m.audit.length === 0 ? (
          <p className="muted">Bu üyede henüz yönetici işlemi yok.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="audit">
              <thead>
                <tr>
                  <th scope="col">Tarih</th>
                  <th scope="col">Yönetici</th>
                  <th scope="col">İşlem</th>
                  <th scope="col">Ayrıntı</th>
                </tr>
              </thead>
              <tbody>
                {m.audit.map((a) => (
                  <tr key={a.id}>
                    <td>{when(a.created_at)}</td>
                    <td>{a.admin?.name ?? "—"}</td>
                    <td>{AUDIT_ACTION_LABELS[a.action] ?? a.action}</td>
                    <td>{auditSummary(a.action, a.details)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.member.restaurant_name ?? "Üye"} — Sofra Platform` }];
