// The move page's forms (decision 084): a target table for a move or a merge, and the lines of an
// order with how many of each go to another table. Plain forms: they work without JavaScript.
import type { OrderDto } from "~/modules/orders/orders.server";
import type { MoveHistoryDto } from "~/modules/orders/moves.server";
import { numberedTableLabel } from "~/modules/tables/labels";
import { formatClock } from "~/utils/dates";

interface TableChoice {
  number: number;
  label: string | null;
}

const tableName = (t: TableChoice) => numberedTableLabel({ number: t.number, display_name: t.label });

function TableSelect({ id, name, tables, label }: { id: string; name: string; tables: TableChoice[]; label: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} required defaultValue="">
        <option value="" disabled>
          Masa seçin
        </option>
        {tables.map((t) => (
          <option key={t.number} value={t.number}>
            {tableName(t)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TableChoiceForm(props: {
  intent: "move" | "merge";
  title: string;
  hint: string;
  field: string;
  tables: TableChoice[];
  moveKey: string;
  button: string;
}) {
  const { intent, title, hint, field, tables, moveKey, button } = props;
  return (
    <section className="card stack" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`} className="m-0">
        {title}
      </h2>
      <p className="muted m-0">{hint}</p>
      {tables.length === 0 ? (
        <p className="m-0">{intent === "move" ? "Boş masa yok." : "Açık hesabı olan başka masa yok."}</p>
      ) : (
        <form method="post" className="move-row">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="key" value={moveKey} />
          <TableSelect id={`${intent}-to`} name={field} tables={tables} label="Hedef masa" />
          <button type="submit" className="button button--primary">
            {button}
          </button>
        </form>
      )}
    </section>
  );
}

/** One order's lines, each with how many of it go; the target table; one button. */
export function MoveLinesForm({ order, tables, moveKey }: { order: OrderDto; tables: TableChoice[]; moveKey: string }) {
  const title = `order-${order.id}-title`;
  return (
    <section className="card stack" aria-labelledby={title}>
      <h2 id={title} className="m-0">
        Ürün taşı · Sipariş #{order.id}
      </h2>
      <form method="post" className="stack">
        <input type="hidden" name="intent" value="move-items" />
        <input type="hidden" name="order_id" value={order.id} />
        <input type="hidden" name="key" value={`${moveKey.slice(0, 50)}-${order.id}`} />
        <ul className="list-plain stack">
          {order.items.map((i) => (
            <li key={i.id} className="move-line">
              <label htmlFor={`qty-${i.id}`}>
                {i.quantity} × {i.menu_item_name}
                {i.options.length > 0 ? <span className="muted"> ({i.options.map((o) => o.name).join(" · ")})</span> : null}
                {i.note ? <span className="muted"> “{i.note}”</span> : null}
                {i.complimentary ? <span className="muted"> · ikram</span> : null}
                <span className="visually-hidden">: taşınacak adet</span>
              </label>
              <input id={`qty-${i.id}`} name={`qty-${i.id}`} type="number" inputMode="numeric" min={0} max={i.quantity} defaultValue={0} />
            </li>
          ))}
        </ul>
        <div className="move-row">
          <TableSelect id={`lines-${order.id}-to`} name="to_table_number" tables={tables} label="Hedef masa" />
          <button type="submit" className="button">
            Seçilenleri taşı
          </button>
        </div>
      </form>
    </section>
  );
}

const KIND_LABELS = { move: "Taşındı", merge: "Birleştirildi", move_items: "Ürün taşındı" } as const;

export function MoveHistory({ history }: { history: MoveHistoryDto[] }) {
  if (history.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="moves-title">
      <h2 id="moves-title" className="m-0">
        Taşıma geçmişi
      </h2>
      <ul className="order-history">
        {history.map((m) => (
          <li key={m.id}>
            <strong>{KIND_LABELS[m.kind]}</strong>: Masa {m.from_table_number} → Masa {m.to_table_number}
            {m.summary ? ` (${m.summary})` : ""}
            <span className="muted">
              {" "}
              · {m.user_name}, {formatClock(m.created_at)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
