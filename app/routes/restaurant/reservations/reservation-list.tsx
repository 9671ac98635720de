import { Form, Link, useLocation } from "react-router";
import { EmptyList } from "~/components/app/empty-list";
import { useIsSubmitting } from "~/components/forms";
import {
  RESERVATION_STATUS_LABELS,
  RESERVATION_STATUSES,
  TRANSITION_LABELS,
  TRANSITIONS,
  type ReservationStatus,
} from "~/modules/reservations/rules";
import { withParams } from "~/utils/url";
import type { ReservationView } from "~/modules/reservations/reservations.server";

export interface FilterData {
  status?: ReservationStatus;
  date?: string;
  past: boolean;
}

const dayFormat = new Intl.DateTimeFormat("tr-TR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11-24" → "24 Kasım 2026 Salı": a calendar day, so no time zone is involved. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return dayFormat.format(new Date(Date.UTC(y!, m! - 1, d!)));
}

export function StatusBadge({ status }: { status: ReservationStatus }) {
  return <span className={`badge reservation-status reservation-status--${status}`}>{RESERVATION_STATUS_LABELS[status]}</span>;
}

export function Stats({
  stats,
}: {
  stats: { total: number; today: number; pending: number; confirmed: number; completed: number; cancelled: number };
}) {
  const cards: [string, number, string][] = [
    ["Bugün", stats.today, "stat-today"],
    ["Bekleyen", stats.pending, "stat-pending"],
    ["Onaylanan", stats.confirmed, "stat-confirmed"],
    ["Toplam", stats.total, "stat-total"],
  ];
  return (
    <div className="stat-grid" aria-label="Rezervasyon özetleri">
      {cards.map(([label, value, testId]) => (
        <div key={testId} className="card stat">
          <div className="stat__label">{label}</div>
          <div className="stat__value" data-testid={testId}>
            {value}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The status filter as links and the day as a GET form: both work without JavaScript. */
export function Filters({ filter }: { filter: FilterData }) {
  const location = useLocation();
  const to = (changes: Record<string, string | null>) => withParams(location, { new: null, edit: null, delete: null, ...changes });
  return (
    <section className="card reservation-filters" aria-label="Filtre">
      <nav className="chips" aria-label="Durum">
        <Link className="chip" to={to({ status: null })} aria-current={filter.status ? undefined : "true"} preventScrollReset>
          Tümü
        </Link>
        {RESERVATION_STATUSES.map((s) => (
          <Link key={s} className="chip" to={to({ status: s })} aria-current={filter.status === s ? "true" : undefined} preventScrollReset>
            {RESERVATION_STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>
      <Form method="get" className="reservation-filters__day">
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        <div className="field">
          <label htmlFor="filter-date">Gün</label>
          <input id="filter-date" type="date" name="date" defaultValue={filter.date ?? ""} key={filter.date ?? ""} />
        </div>
        <button type="submit" className="button">
          Göster
        </button>
      </Form>
      <nav className="reservation-filters__when" aria-label="Zaman">
        <Link to={to({ date: null, past: null })} aria-current={!filter.date && !filter.past ? "true" : undefined} preventScrollReset>
          Bugün ve sonrası
        </Link>
        <Link to={to({ date: null, past: "1" })} aria-current={filter.past && !filter.date ? "true" : undefined} preventScrollReset>
          Geçmiş
        </Link>
      </nav>
    </section>
  );
}

function emptyText(filter: FilterData) {
  const which = filter.status ? `${RESERVATION_STATUS_LABELS[filter.status]} durumunda ` : "";
  if (filter.date) return `${formatDay(filter.date)} için ${which}rezervasyon yok.`;
  return filter.past ? `Geçmiş ${which}rezervasyon yok.` : `Bugün ve sonrası için ${which}rezervasyon yok.`;
}

export function ReservationCards({ reservations, filter }: { reservations: ReservationView[]; filter: FilterData }) {
  if (reservations.length === 0) {
    return <EmptyList text={emptyText(filter)} addLabel="Rezervasyon ekleyin" testId="reservations-empty" />;
  }
  return (
    <ul className="reservation-list">
      {reservations.map((r) => (
        <ReservationCard key={r.id} reservation={r} />
      ))}
    </ul>
  );
}

function ReservationCard({ reservation: r }: { reservation: ReservationView }) {
  const location = useLocation();
  return (
    <li id={`reservation-${r.id}`} className="card reservation" data-testid="reservation">
      <div className="reservation__head">
        <strong className="reservation__name">{r.customer_name}</strong>
        <StatusBadge status={r.status} />
      </div>
      <p className="reservation__when">
        <strong>{r.time}</strong> · {formatDay(r.date)}
      </p>
      <p className="reservation__meta">
        Masa {r.table_number} · {r.guest_count} kişi
      </p>
      <p className="reservation__meta muted small">
        <a href={`tel:${r.customer_phone.replace(/[^+0-9]/g, "")}`}>{r.customer_phone}</a>
        {r.customer_email ? <> · {r.customer_email}</> : null}
      </p>
      {r.notes ? <p className="reservation__notes small">{r.notes}</p> : null}
      <div className="button-row">
        {TRANSITIONS[r.status].map((to) => (
          <MoveButton key={to} reservation={r} to={to} />
        ))}
        <Link
          className="button button--small"
          to={withParams(location, { edit: String(r.id), new: null, delete: null })}
          preventScrollReset
        >
          Düzenle
        </Link>
        <Link
          className="button button--small button--ghost"
          to={withParams(location, { delete: String(r.id), new: null, edit: null })}
          preventScrollReset
          aria-label={`${r.customer_name} rezervasyonunu sil`}
        >
          Sil
        </Link>
      </div>
    </li>
  );
}

/** One tap moves the reservation on (a real form: works without JavaScript). */
function MoveButton({ reservation, to }: { reservation: ReservationView; to: ReservationStatus }) {
  const busy = useIsSubmitting("status");
  return (
    <Form method="post" preventScrollReset className="reservation__move">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={reservation.id} />
      <input type="hidden" name="status" value={to} />
      <button
        type="submit"
        className={`button button--small ${to === "cancelled" ? "button--danger" : "button--primary"}`}
        disabled={busy}
        aria-label={`${reservation.customer_name}: ${TRANSITION_LABELS[to]}`}
      >
        {TRANSITION_LABELS[to]}
      </button>
    </Form>
  );
}
