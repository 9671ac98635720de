import { useEffect } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/print";
import { PrintButton } from "~/components/app/print-button";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { TicketIdParam } from "~/modules/kitchen/ticket-schemas";
import { findTicket } from "~/modules/kitchen/tickets.server";
import { TICKET_NOT_FOUND } from "~/modules/kitchen/tickets";
import { TicketPaper } from "./ticket-paper";
import "~/styles/paper.css";
import "./ticket-print.css";

// One ticket laid out for an 80 mm receipt printer (print CSS; decision 079). Opened from the
// kitchen screen's "Yazdır"; with `?auto=1` (a station that prints every ticket) the print dialog
// opens by itself. The print agent (scripts/print-agent.ts) prints the same content as ESC/POS.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const id = TicketIdParam.safeParse(params.id);
  const ticket = id.success ? await findTicket(restaurant.id, id.data) : null;
  if (!ticket) throw data({ message: TICKET_NOT_FOUND }, { status: 404 });
  return { ticket, timeZone: restaurant.timezone, restaurantName: restaurant.name };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Fiş ${data.ticket.id} — Sofra` : "Fiş — Sofra" }];

export default function TicketPrint({ loaderData }: Route.ComponentProps) {
  const { ticket, timeZone } = loaderData;
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("auto") === "1") window.print();
  }, []);
  return (
    <main className="paper-page">
      <div className="print-controls">
        <Link to="/app/kitchen" className="button">
          Mutfağa dön
        </Link>
        <PrintButton />
      </div>
      <TicketPaper ticket={ticket} timeZone={timeZone} />
    </main>
  );
}
