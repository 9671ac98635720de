import type { ReactNode } from "react";
import { Link } from "react-router";
import { TABLE_STATUS_LABELS, tableLabel } from "~/modules/tables/labels";
import type { TableDto } from "~/modules/tables/tables.server";
import { formatMoney } from "~/utils/money";
import { useUnsentOnDevice } from "./unsent-on-device";
import "./table-grid.css";

export const UNSENT_LABEL = "Gönderilmemiş";
/** A line of the table's order is ready at the kitchen and not yet served. */
export const READY_LABEL = "Hazır";

/**
 * One table of the floor grid: number, status and who is there; the whole tile is
 * a link. "Gönderilmemiş" marks a table with an unsent cart (a draft on the
 * server, or an order or cart kept on this device).
 */
export function TableTile({
  table,
  to,
  footer,
  children,
  onContextMenu,
  onPointerDown,
  onPointerUp,
  onClickCapture,
}: {
  table: TableDto;
  to: string;
  /** The tile's action, read as the last part of its name. */
  footer?: string;
  children?: ReactNode;
  onContextMenu?: (event: React.MouseEvent) => void;
  onPointerDown?: (event: React.PointerEvent) => void;
  onPointerUp?: (event: React.PointerEvent) => void;
  onClickCapture?: (event: React.MouseEvent) => void;
}) {
  const label = TABLE_STATUS_LABELS[table.status as keyof typeof TABLE_STATUS_LABELS] ?? table.status;
  const unsent = useUnsentOnDevice(table.number) || table.draft === true;
  // A display name from table management shows first; the number stays (orders and payments name it).
  const name = tableLabel(table);
  const number = name === `Masa ${table.number}` ? null : `(Masa ${table.number})`;
  const party = table.status === "occupied" ? `${table.waiter_name ?? "—"} · ${table.customer_count} kişi` : null;
  // What the open bill comes to (issue 22): the grids show what each occupied table owes.
  const owed = table.owed !== undefined ? formatMoney(table.owed) : null;
  // A reservation due within the hour (the server's list and the poll carry it).
  const reserved = table.reservation ? `Rez. ${table.reservation.time} ${table.reservation.name}` : null;
  // The link's name is the tile's visible text in order, with commas (label in name, WCAG 2.5.3):
  // a voice user says what they see. The spaces between the lines keep the words apart for the
  // accessibility checks; the column layout ignores them.
  const ready = table.ready === true;
  const parts = [
    number ? `${name} ${number}` : name,
    label,
    ready ? READY_LABEL : null,
    unsent ? UNSENT_LABEL : null,
    party,
    owed,
    reserved,
    footer ?? null,
  ];
  return (
    <div
      className={`table-tile table-tile--${table.status}`}
      onContextMenu={onContextMenu}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerLeave={onPointerUp}
      onClickCapture={onClickCapture}
    >
      <Link to={to} className="table-tile__link" aria-label={parts.filter(Boolean).join(", ")}>
        <span className="table-tile__number">{name}</span> {number ? <span className="table-tile__meta">{number}</span> : null}{" "}
        <span className="table-tile__status">{label}</span> {ready ? <span className="table-tile__ready">{READY_LABEL}</span> : null}{" "}
        {unsent ? <span className="table-tile__unsent">{UNSENT_LABEL}</span> : null}{" "}
        {party ? <span className="table-tile__meta">{party}</span> : null} {owed ? <span className="table-tile__owed">{owed}</span> : null}{" "}
        {reserved ? (
          <span className="table-tile__meta" data-testid="table-reservation">
            {reserved}
          </span>
        ) : null}{" "}
        {footer ? <span className="table-tile__footer">{footer}</span> : null}
      </Link>
      {children}
    </div>
  );
}
