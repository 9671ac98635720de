import type { DeliveryFigures, NotificationView } from "~/modules/notifications/notifications.server";
import { STATUS_LABELS, TYPE_LABELS } from "~/modules/notifications/rules";

type Item = NotificationView & DeliveryFigures;

const dateTime = new Intl.DateTimeFormat("tr-TR", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Istanbul" });

export function History({ items }: { items: Item[] }) {
  return (
    <section aria-labelledby="history-title" className="admin-notify__history">
      <h2 id="history-title">Gönderim geçmişi</h2>
      {items.length === 0 ? (
        <p className="muted">Henüz bildirim gönderilmedi.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <thead>
              <tr>
                <th scope="col">Başlık</th>
                <th scope="col">Tür</th>
                <th scope="col">Durum</th>
                <th scope="col">Alıcı</th>
                <th scope="col">Okunan</th>
                <th scope="col">Kanallar</th>
                <th scope="col">Gönderim</th>
              </tr>
            </thead>
            <tbody>
              {items.map((n) => (
                <tr key={n.id} id={`notification-${n.id}`} data-testid="history-row">
                  <td data-label="Başlık">{n.title}</td>
                  <td data-label="Tür">{TYPE_LABELS[n.type]}</td>
                  <td data-label="Durum">
                    <span className={`admin-notify__status admin-notify__status--${n.status}`} data-status={n.status}>
                      {STATUS_LABELS[n.status]}
                    </span>
                  </td>
                  <td data-label="Alıcı">{n.status === "pending" ? `${n.delivered} / ${n.recipient_count}` : n.recipient_count}</td>
                  <td data-label="Okunan">{n.read}</td>
                  <td data-label="Kanallar">
                    {["Uygulama", n.send_email ? "E-posta" : null, n.send_push ? "Push" : null].filter(Boolean).join(", ")}
                    {n.emailFailed > 0 ? <span className="admin-notify__failed"> ({n.emailFailed} e-posta iletilemedi)</span> : null}
                  </td>
                  <td data-label="Gönderim">
                    <time dateTime={n.sent_at ?? n.created_at}>{dateTime.format(new Date(n.sent_at ?? n.created_at))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
