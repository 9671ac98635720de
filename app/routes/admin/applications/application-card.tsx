import { Form } from "react-router";
import { FormError, SelectField, useIsSubmitting } from "~/components/forms";
import { PLAN_LABELS } from "~/modules/billing/billing-rules";
import { APPLICATION_STATUS_LABELS, BUSINESS_TYPE_LABELS, REVIEW_FAILED } from "~/modules/billing/review-rules";
import { DEFAULT_TIME_ZONE } from "~/utils/dates";
import { fieldErrorsOf, formErrorsOf, submittedValue } from "~/utils/page-reply";
import type { AdminApplicationDto } from "~/modules/billing/application-review.server";

/** An application as the loader hands it to its card: with the key of a pending one's decision form. */
export type CardApplication = AdminApplicationDto & { decisionKey: string | null };

const dateTime = new Intl.DateTimeFormat("tr-TR", { timeZone: DEFAULT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
const formatDate = (iso: string) => dateTime.format(new Date(iso));
const count = (n: number | null) => (n === null ? "—" : n.toLocaleString("tr-TR"));

export function ApplicationCard({
  application: a,
  plans,
  maxNotes,
  actionData,
}: {
  application: CardApplication;
  plans: { value: string; label: string }[];
  maxNotes: number;
  actionData: unknown;
}) {
  // A refused review shows on its own card (the post carried the card's id).
  const mine = submittedValue(actionData, "application_id") === String(a.id) ? actionData : undefined;
  const errors = formErrorsOf(mine);
  const busy = useIsSubmitting();
  const titleId = `application-${a.id}-title`;
  return (
    <article className="card review-card" id={`application-${a.id}`} aria-labelledby={titleId} data-testid="application-card">
      <div className="review-card__head">
        <h2 id={titleId}>{a.restaurant_name}</h2>
        <span className={`status-badge status-badge--${a.status}`}>{APPLICATION_STATUS_LABELS[a.status] ?? a.status}</span>
      </div>
      <dl>
        <dt>İşletme türü</dt>
        <dd>{BUSINESS_TYPE_LABELS[a.business_type] ?? a.business_type}</dd>
        <dt>Sahibi</dt>
        <dd>{a.owner_name}</dd>
        <dt>E-posta</dt>
        <dd>
          <a href={`mailto:${a.owner_email}`}>{a.owner_email}</a>
        </dd>
        <dt>Telefon</dt>
        <dd>{a.owner_phone ?? "—"}</dd>
        <dt>İstenen plan</dt>
        <dd>{PLAN_LABELS[a.requested_plan] ?? a.requested_plan}</dd>
        {a.approved_plan ? (
          <>
            <dt>Onaylanan plan</dt>
            <dd>{PLAN_LABELS[a.approved_plan] ?? a.approved_plan}</dd>
          </>
        ) : null}
        <dt>Masa / personel</dt>
        <dd>
          {count(a.table_count)} / {count(a.staff_count)}
        </dd>
        <dt>Aylık müşteri</dt>
        <dd>{count(a.monthly_customer_count)}</dd>
        <dt>Başvuru tarihi</dt>
        <dd>{formatDate(a.applied_at)}</dd>
        {a.reviewed_at ? (
          <>
            <dt>İnceleme</dt>
            <dd>
              {formatDate(a.reviewed_at)}
              {a.reviewed_by ? ` · ${a.reviewed_by}` : ""}
            </dd>
          </>
        ) : null}
      </dl>
      {a.business_description ? <p className="review-card__text">{a.business_description}</p> : null}
      {a.admin_notes ? (
        <p className="review-card__text">
          <strong>Admin notu: </strong>
          {a.admin_notes}
        </p>
      ) : null}
      {a.status === "pending" && a.decisionKey ? (
        <details open={errors !== undefined}>
          <summary>İncele</summary>
          <Form method="post" className="form" preventScrollReset>
            <input type="hidden" name="application_id" value={a.id} />
            <input type="hidden" name="decision_key" value={submittedValue(mine, "decision_key") ?? a.decisionKey} />
            <FormError errors={errors ? [REVIEW_FAILED, ...errors] : undefined} />
            <SelectField
              label="Onaylanacak plan"
              selectProps={{
                name: "approved_plan",
                id: `approved-plan-${a.id}`,
                defaultValue: submittedValue(mine, "approved_plan") ?? a.requested_plan,
              }}
              options={plans}
              errors={fieldErrorsOf(mine, "approved_plan")}
            />
            <div className="field">
              <label htmlFor={`admin-notes-${a.id}`}>Admin notu (isteğe bağlı)</label>
              <textarea
                id={`admin-notes-${a.id}`}
                name="admin_notes"
                rows={3}
                maxLength={maxNotes}
                defaultValue={submittedValue(mine, "admin_notes") ?? ""}
              />
            </div>
            <div className="button-row">
              <button type="submit" name="status" value="approved" className="button button--primary" disabled={busy}>
                Onayla
              </button>
              <button type="submit" name="status" value="rejected" className="button button--danger" disabled={busy}>
                Reddet
              </button>
            </div>
          </Form>
        </details>
      ) : null}
    </article>
  );
}
