import { AUDIT_ACTION_LABELS } from "~/modules/audit/audit-labels";
import { planLabel, statusLabel } from "~/modules/admin/member-rules";
import type { MemberDetail } from "~/modules/admin/members.server";
import { formatMoney } from "~/utils/money";
import { when } from "./member-dates";

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

/** The platform admins' actions on this member, newest first. */
export function MemberAudit({ audit }: { audit: MemberDetail["audit"] }) {
  return (
    <section className="stack admin-dash__section" aria-labelledby="audit-title">
      <h2 id="audit-title">İşlem geçmişi</h2>
      {audit.length === 0 ? (
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
              {audit.map((a) => (
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
  );
}
