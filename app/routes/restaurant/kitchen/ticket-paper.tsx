import type { TicketDto } from "~/modules/kitchen/tickets";
import { numberedTableLabel } from "~/modules/tables/labels";
import { formatClock } from "~/utils/dates";
import "~/styles/paper.css";
import "./ticket-print.css";

/** A ticket as it prints on 80 mm paper (the print view, and the kitchen screen's automatic printing). */
export function TicketPaper({ ticket, timeZone }: { ticket: TicketDto; timeZone: string }) {
  return (
    <article className="paper">
      <p className="paper-station">{ticket.station.name}</p>
      <h1>
        {numberedTableLabel({ number: ticket.table_number, display_name: ticket.table_label })}
        {ticket.kind === "addition" ? " · EK" : ""}
      </h1>
      <p>
        {formatClock(ticket.created_at, timeZone)} · {ticket.waiter_name} · Fiş #{ticket.id}
      </p>
      <ul>
        {ticket.items.map((i) => (
          <li key={i.id} className={i.voided ? "is-voided" : undefined}>
            <strong>
              {i.quantity} × {i.name}
            </strong>
            {i.voided ? " — İPTAL" : i.complimentary ? " — İKRAM" : ""}
            {i.note ? <span className="paper-note">Not: {i.note}</span> : null}
            {i.options.map((o) => (
              <span key={o.group} className="paper-note">
                {o.group}: {o.name}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </article>
  );
}
