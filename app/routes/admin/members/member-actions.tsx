import { Form, Link } from "react-router";
import type { MemberDetail } from "~/modules/admin/members.server";

function NoteField({ id, maxNote }: { id: string; maxNote: number }) {
  return (
    <div className="field">
      <label htmlFor={id}>Açıklama (isteğe bağlı, restorana gösterilir)</label>
      <textarea id={id} name="note" maxLength={maxNote} rows={2} />
    </div>
  );
}

/** Suspend, reactivate or cancel the membership (cancelling asks first, as a page of its own: ?confirm=cancel). */
export function MemberActions({
  member: m,
  confirmCancel,
  statusKey,
  maxNote,
}: {
  member: MemberDetail;
  confirmCancel: boolean;
  statusKey: string;
  maxNote: number;
}) {
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
  );
}
