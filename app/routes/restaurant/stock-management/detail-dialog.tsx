import { Link } from "react-router";
import { Modal } from "~/components/app/modal";
import { MOVEMENT_REASON_LABELS } from "~/modules/stock/rules";
import type { StockItemView, StockMovementView } from "~/modules/stock/stock.server";
import { formatQuantity, LevelBadge } from "./stock-list";

/** An item's level and its movements (newest first), with the way to its edit dialog. */
export function DetailDialog({
  item,
  movements,
  closeTo,
  editTo,
  timeZone,
}: {
  item: StockItemView;
  movements: StockMovementView[];
  closeTo: string;
  editTo: string;
  timeZone: string;
}) {
  const when = new Intl.DateTimeFormat("tr-TR", { dateStyle: "short", timeStyle: "short", timeZone });
  return (
    <Modal title={item.name} closeTo={closeTo}>
      <p className="mt-0">
        <LevelBadge level={item.level} /> <strong>{formatQuantity(item.current_stock, item.unit)}</strong>{" "}
        <span className="muted">
          · en az {formatQuantity(item.min_stock)} · en çok {formatQuantity(item.max_stock)}
        </span>
      </p>
      <h3 className="subsection-title">Stok hareketleri</h3>
      {movements.length === 0 ? (
        <p className="muted">Henüz stok hareketi yok.</p>
      ) : (
        <ol className="stock-movements" data-testid="stock-movements">
          {movements.map((m) => (
            <li key={m.id}>
              <span className={`stock-movements__change ${m.change < 0 ? "is-out" : "is-in"}`}>
                {m.change > 0 ? "+" : ""}
                {formatQuantity(m.change, item.unit)}
              </span>
              <span>
                {MOVEMENT_REASON_LABELS[m.reason]} → {formatQuantity(m.level, item.unit)}
                {m.note ? <span className="muted"> · {m.note}</span> : null}
                <br />
                <span className="muted small">
                  {when.format(new Date(m.created_at))} · {m.user_name}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="button-row">
        <Link className="button" to={editTo} preventScrollReset>
          Düzenle
        </Link>
        <Link className="button" to={closeTo} replace preventScrollReset>
          Kapat
        </Link>
      </div>
    </Modal>
  );
}
