import { useRef } from "react";
import { Form, Link } from "react-router";
import { FormError, useIsSubmitting } from "~/components/forms";
import {
  MEMBER_FILTER_LABELS,
  MEMBER_FILTERS,
  NOTIFICATION_TYPES,
  SEND_FAILED,
  TYPE_LABELS,
  type MemberFilter,
} from "~/modules/notifications/rules";
import type { MemberOption } from "~/modules/notifications/notifications.server";
import { fieldErrorsOf, formErrorsOf } from "~/utils/page-reply";

const PLAN_LABELS: Record<string, string> = { free_trial: "Deneme", basic: "Basic", pro: "Pro", enterprise: "Enterprise" };
const STATUS_LABELS: Record<string, string> = { active: "Aktif", inactive: "Pasif", suspended: "Askıda", cancelled: "İptal" };

/** What the refused post sent (a page without JavaScript shows it again). */
function sentBefore(actionData: unknown): Record<string, unknown> | null {
  if (typeof actionData !== "object" || actionData === null || !("result" in actionData)) return null;
  const initial = (actionData.result as { initialValue?: unknown }).initialValue;
  return typeof initial === "object" && initial !== null ? (initial as Record<string, unknown>) : null;
}

export function SendForm({
  members,
  matching,
  filter,
  sendKey,
  limits,
  actionData,
}: {
  members: MemberOption[];
  matching: number;
  filter: MemberFilter;
  sendKey: string;
  limits: { title: number; message: number };
  actionData: unknown;
}) {
  const before = sentBefore(actionData);
  const text = (name: string) => (typeof before?.[name] === "string" ? (before[name] as string) : "");
  const ticked = (name: string, byDefault: boolean) => (before ? before[name] === "on" : byDefault);
  const chosen = new Set(
    (Array.isArray(before?.recipients) ? before.recipients : before?.recipients !== undefined ? [before.recipients] : []).map(String),
  );
  const errors = formErrorsOf(actionData);
  const sending = useIsSubmitting();
  const selectAll = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // With JavaScript the "all" box also ticks every box shown, and unticking one member leaves
  // "all" (which the server reads as "every member of the filter"); without it the box alone says so.
  const onSelectAll = (checked: boolean) => {
    list.current?.querySelectorAll<HTMLInputElement>('input[name="recipients"]').forEach((box) => (box.checked = checked));
  };
  const onMember = (checked: boolean) => {
    if (!checked && selectAll.current) selectAll.current.checked = false;
  };

  return (
    <section className="card admin-notify__send" aria-labelledby="send-title" id="send">
      <h2 id="send-title">Yeni bildirim gönder</h2>
      <Form method="post" className="form" data-testid="send-form">
        <input type="hidden" name="send_key" value={sendKey} />
        <input type="hidden" name="filter" value={filter} />
        <FormError errors={errors ? [SEND_FAILED, ...errors] : undefined} />

        <fieldset className="admin-notify__recipients">
          <legend>Alıcılar</legend>
          <nav className="admin-filters" aria-label="Üye filtresi">
            {MEMBER_FILTERS.map((f) => (
              <Link
                key={f}
                className="button button--small"
                to={`?filter=${f}#send`}
                aria-current={f === filter ? "page" : undefined}
                preventScrollReset
              >
                {MEMBER_FILTER_LABELS[f]}
              </Link>
            ))}
          </nav>
          <label className="admin-notify__check admin-notify__all">
            <input
              ref={selectAll}
              type="checkbox"
              name="select_all"
              defaultChecked={ticked("select_all", false)}
              onChange={(e) => onSelectAll(e.currentTarget.checked)}
              data-testid="select-all"
            />
            <span>
              Tümünü seç: {MEMBER_FILTER_LABELS[filter].toLocaleLowerCase("tr-TR")} filtresine uyan {matching} üye
            </span>
          </label>
          {members.length === 0 ? (
            <p className="muted">Bu filtreye uyan üye yok.</p>
          ) : (
            <ul className="admin-notify__members" ref={list} aria-label="Üyeler">
              {members.map((m) => (
                <li key={m.id}>
                  <label className="admin-notify__check">
                    <input
                      type="checkbox"
                      name="recipients"
                      value={m.id}
                      defaultChecked={chosen.has(String(m.id))}
                      onChange={(e) => onMember(e.currentTarget.checked)}
                    />
                    <span>
                      <strong>{m.name}</strong>
                      <span className="muted small">
                        {" "}
                        {m.ownerEmail ?? "e-posta yok"} · {PLAN_LABELS[m.plan] ?? m.plan} · {STATUS_LABELS[m.status] ?? m.status}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {matching > members.length ? (
            <p className="muted small">İlk {members.length} üye listelendi; hepsine göndermek için “Tümünü seç” kutusunu işaretleyin.</p>
          ) : null}
          {fieldErrorsOf(actionData, "recipients") ? (
            <p className="field__error" role="alert">
              {fieldErrorsOf(actionData, "recipients")!.join(" ")}
            </p>
          ) : null}
        </fieldset>

        <div className="field">
          <label htmlFor="notify-title">Başlık</label>
          <input id="notify-title" name="title" required maxLength={limits.title} defaultValue={text("title")} />
        </div>
        <div className="field">
          <label htmlFor="notify-message">Mesaj</label>
          <textarea id="notify-message" name="message" rows={5} required maxLength={limits.message} defaultValue={text("message")} />
        </div>
        <div className="field">
          <label htmlFor="notify-type">Tür</label>
          <select id="notify-type" name="type" defaultValue={text("type") || "info"}>
            {NOTIFICATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="admin-notify__channels">
          <legend>Kanallar</legend>
          <p className="muted small">Bildirim her zaman alıcıların uygulamadaki Bildirimler kutusuna düşer.</p>
          <label className="admin-notify__check">
            <input type="checkbox" name="send_email" defaultChecked={ticked("send_email", true)} />
            <span>E-posta gönder</span>
          </label>
          <label className="admin-notify__check">
            <input type="checkbox" name="send_push" defaultChecked={ticked("send_push", false)} />
            <span>Anlık bildirim (push) gönder</span>
          </label>
        </fieldset>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? "Gönderiliyor…" : "Bildirimi Gönder"}
          </button>
        </div>
      </Form>
    </section>
  );
}
