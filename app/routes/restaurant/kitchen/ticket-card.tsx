import { useFetcher } from "react-router";
import { formErrorsOf } from "~/utils/page-reply";
import { numberedTableLabel } from "~/modules/tables/labels";
import { formatClock } from "~/utils/dates";
import {
  ageLevel,
  NEXT_STATUS,
  STATUS_LABELS,
  undoTarget,
  type KitchenStatus,
  type TicketDto,
  type TicketItemDto,
} from "~/modules/kitchen/tickets";

/** What the big button of a ticket says in each state. */
const TICKET_ACTION: Record<KitchenStatus, string> = {
  new: "Başla",
  preparing: "Hazır",
  ready: "Servis edildi",
  served: "",
};

/**
 * One bump: a form that works without JavaScript (the page posts and comes back) and, with it,
 * posts in the background; a refusal (changed on another screen, undo too late) shows beside it.
 */
function BumpForm({
  intent,
  id,
  version,
  status,
  className,
  children,
  hint,
}: {
  intent: "ticket" | "item";
  id: number;
  version: number;
  status: KitchenStatus;
  className: string;
  children: React.ReactNode;
  /** Said after the visible text to a screen reader (the visible text stays the start of the button's name). */
  hint?: string;
}) {
  const fetcher = useFetcher();
  const errors = formErrorsOf(fetcher.data);
  return (
    <fetcher.Form method="post" className="bump-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="status" value={status} />
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        {children}
        {hint ? <span className="visually-hidden">, {hint}</span> : null}
      </button>
      {errors ? (
        <p className="field-error" role="alert">
          {errors[0]}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function TicketLine({ item }: { item: TicketItemDto }) {
  const what = (
    <>
      <span className="line-qty">{item.quantity} ×</span> <span className="line-name">{item.name}</span>
      {item.note ? (
        <>
          {" "}
          <span className="line-note">{item.note}</span>
        </>
      ) : null}
      {item.options.map((o) => (
        <span key={o.group} className="line-note">
          {o.group}: {o.name}
        </span>
      ))}
    </>
  );
  if (item.voided) {
    return (
      <li className="ticket-line is-voided">
        <s>{what}</s> <strong className="line-mark">İPTAL</strong>
      </li>
    );
  }
  const next = NEXT_STATUS[item.status];
  return (
    <li className={`ticket-line is-${item.status}${item.complimentary ? " is-comped" : ""}`}>
      {next ? (
        <BumpForm
          intent="item"
          id={item.id}
          version={item.version}
          status={next}
          className="line-button"
          hint={`dokununca ${STATUS_LABELS[next]}`}
        >
          {what}
          <span className="line-status">{STATUS_LABELS[item.status]}</span>
        </BumpForm>
      ) : (
        <span className="line-button is-static">
          {what}
          <span className="line-status">{STATUS_LABELS[item.status]}</span>
        </span>
      )}
      {item.complimentary ? <strong className="line-mark">İKRAM</strong> : null}
    </li>
  );
}

export function TicketCard({
  ticket,
  now,
  timeZone,
  amberMinutes,
  redMinutes,
}: {
  ticket: TicketDto;
  now: Date;
  timeZone: string;
  amberMinutes: number;
  redMinutes: number;
}) {
  const created = new Date(ticket.created_at);
  const minutes = Math.max(0, Math.floor((now.getTime() - created.getTime()) / 60_000));
  const level = ticket.status === "served" ? "fresh" : ageLevel(created, now, amberMinutes, redMinutes);
  const next = NEXT_STATUS[ticket.status];
  const undo = undoTarget(ticket, now);
  const title = numberedTableLabel({ number: ticket.table_number, display_name: ticket.table_label });
  return (
    <article className={`ticket is-${level}${ticket.alert_at ? " is-alerted" : ""}`} aria-labelledby={`ticket-${ticket.id}`}>
      <header className="ticket-head">
        <h3 id={`ticket-${ticket.id}`}>{title}</h3>
        {ticket.kind === "addition" ? (
          <span className="ticket-ek" title="Siparişe sonradan eklenenler">
            EK
          </span>
        ) : null}
        <span className="ticket-age">{minutes} dk</span>
      </header>
      <p className="ticket-meta">
        {formatClock(ticket.created_at, timeZone)} · {ticket.waiter_name} · {ticket.station.name}
      </p>
      {ticket.alert_at ? (
        <p className="ticket-alert" role="alert">
          Değişti: iptal ya da ikram var
        </p>
      ) : null}
      <ul className="ticket-lines">
        {ticket.items.map((i) => (
          <TicketLine key={i.id} item={i} />
        ))}
      </ul>
      <div className="ticket-actions">
        {next ? (
          <BumpForm intent="ticket" id={ticket.id} version={ticket.version} status={next} className="button button--primary bump">
            {TICKET_ACTION[ticket.status]}
          </BumpForm>
        ) : null}
        {undo ? (
          <BumpForm
            intent="ticket"
            id={ticket.id}
            version={ticket.version}
            status={undo}
            className="button bump-undo"
            hint={`${title}, ${STATUS_LABELS[undo]} durumuna`}
          >
            Geri al
          </BumpForm>
        ) : null}
        <a className="button bump-print" href={`/app/kitchen/tickets/${ticket.id}/print`}>
          Yazdır
        </a>
      </div>
    </article>
  );
}
