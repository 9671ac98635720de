// The order history (iptal and ikram) as the manager reads it, on an order and in the day's summary.
import type { OrderEventDto } from "~/modules/orders/history.server";
import { TAKE_AWAY_REASON_LABELS } from "~/modules/orders/rules";
import { formatClock } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

const KIND_LABELS = { void: "İptal", complimentary: "İkram" } as const;
const APPROVAL_LABELS = { manager_mode: "yönetici modu", manager_password: "yönetici şifresi" } as const;

export function OrderHistory({ events, timeZone, showTable = false }: { events: OrderEventDto[]; timeZone: string; showTable?: boolean }) {
  if (events.length === 0) return null;
  return (
    <ul className="order-history" aria-label="Sipariş geçmişi">
      {events.map((e) => (
        <li key={e.id}>
          <strong>{KIND_LABELS[e.kind]}</strong>: {e.quantity} × {e.menu_item_name} ({formatMoney(e.amount)})
          {showTable ? ` · Masa ${e.table_number}, sipariş #${e.order_id}` : ""} — {TAKE_AWAY_REASON_LABELS[e.reason]}
          {e.note ? `: ${e.note}` : ""}
          <span className="muted">
            {" "}
            · {e.user_name}, {formatClock(e.created_at, timeZone)}, {APPROVAL_LABELS[e.approval]} onayıyla
          </span>
        </li>
      ))}
    </ul>
  );
}
