import { Link, useLocation } from "react-router";
import { EmptyList } from "~/components/app/empty-list";
import { STOCK_CATEGORIES, STOCK_CATEGORY_LABELS, STOCK_LEVEL_LABELS, type StockLevel } from "~/modules/stock/rules";
import { formatMoney } from "~/utils/money";
import { withParams } from "~/utils/url";
import type { StockItemView } from "~/modules/stock/stock.server";

const quantity = new Intl.NumberFormat("tr-TR", { maximumFractionDigits: 2 });
export const formatQuantity = (n: number, unit?: string) => `${quantity.format(n)}${unit ? ` ${unit}` : ""}`;

export function LevelBadge({ level }: { level: StockLevel }) {
  return <span className={`badge stock-level stock-level--${level}`}>{STOCK_LEVEL_LABELS[level]}</span>;
}

/** The spec's low-stock warning: at most three items (the loader picks them). */
export function LowStockWarning({ items }: { items: StockItemView[] }) {
  if (items.length === 0) return null;
  return (
    <section className="notice notice--warning stock-warning" aria-labelledby="low-stock-title" data-testid="low-stock">
      <h2 id="low-stock-title">Düşük stok uyarısı</h2>
      <ul>
        {items.map((i) => (
          <li key={i.id}>
            <strong>{i.name}</strong>: {formatQuantity(i.current_stock, i.unit)}{" "}
            <span className="muted">(en az {formatQuantity(i.min_stock, i.unit)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function StockGroups({ items }: { items: StockItemView[] }) {
  const location = useLocation();
  if (items.length === 0) {
    return <EmptyList text="Henüz stok kaydı yok." addLabel="İlk ürünü ekleyin" />;
  }
  return (
    <>
      {STOCK_CATEGORIES.map((category) => {
        const group = items.filter((i) => i.category === category);
        if (group.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`stock-cat-${category}`} className="stock-group">
            <h2 id={`stock-cat-${category}`}>
              {STOCK_CATEGORY_LABELS[category]} <span className="muted">({group.length})</span>
            </h2>
            <ul className="stock-list">
              {group.map((item) => (
                <li key={item.id} id={`stock-${item.id}`} className="card stock-item" data-testid="stock-item">
                  <div className="stock-item__head">
                    <strong className="stock-item__name">{item.name}</strong>
                    <LevelBadge level={item.level} />
                  </div>
                  <p className="stock-item__figures">
                    <span className="stock-item__current">{formatQuantity(item.current_stock, item.unit)}</span>
                    <span className="muted">
                      {" "}
                      · en az {formatQuantity(item.min_stock)} · en çok {formatQuantity(item.max_stock)}
                    </span>
                  </p>
                  <p className="muted small m-0">
                    {formatMoney(item.cost_per_unit)} / {item.unit}
                    {item.supplier ? ` · ${item.supplier}` : ""}
                  </p>
                  <div className="button-row">
                    <Link className="button button--small" to={withParams(location, { item: String(item.id) })} preventScrollReset>
                      Hareketler
                    </Link>
                    <Link className="button button--small" to={withParams(location, { edit: String(item.id) })} preventScrollReset>
                      Düzenle
                    </Link>
                    <Link
                      className="button button--small button--ghost"
                      to={withParams(location, { delete: String(item.id) })}
                      preventScrollReset
                      aria-label={`${item.name} kaydını sil`}
                    >
                      Sil
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
