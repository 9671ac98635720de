import type { InventoryReport } from "~/modules/reports/detailed";
import { formatMoney } from "~/utils/money";
import { number, localDateTime, Stat } from "./report-parts";

export function InventoryView({ report, timeZone }: { report: InventoryReport; timeZone: string }) {
  const moves = report.stock_movements;
  return (
    <>
      <div className="stat-grid">
        <Stat label="Toplam ürün" value={String(report.total_items)} testId="stat-total-items" />
        <Stat label="Stok değeri" value={formatMoney(report.total_value)} testId="stat-stock-value" />
        <Stat label="Az stok" value={String(report.low_stock_count)} testId="stat-low-stock" />
        <Stat label="Stok hareketi" value={String(moves.count)} testId="stat-movements" />
      </div>

      <section className="card" aria-labelledby="low-title">
        <h2 id="low-title" className="report-subtitle">
          Az stoklu ürünler
        </h2>
        {report.low_stock_items.length === 0 ? (
          <p className="muted">Minimumun altında ürün yok.</p>
        ) : (
          <div className="table-scroll">
            <table className="report-table" data-testid="low-stock">
              <thead>
                <tr>
                  <th scope="col">Ürün</th>
                  <th scope="col" className="num">
                    Mevcut / Min.
                  </th>
                  <th scope="col">Durum</th>
                </tr>
              </thead>
              <tbody>
                {report.low_stock_items.map((i) => (
                  <tr key={i.id}>
                    <th scope="row">{i.name}</th>
                    <td className="num">
                      {number.format(i.current_stock)} / {number.format(i.min_stock)} {i.unit}
                    </td>
                    <td>
                      <span className="badge badge--danger">{i.status}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="moves-title">
        <h2 id="moves-title" className="report-subtitle">
          Dönemin stok hareketleri
        </h2>
        <p className="muted small">{moves.by_reason.map((r) => `${r.label}: ${r.count}`).join(" · ")}</p>
        {moves.recent.length === 0 ? (
          <p className="muted">Bu dönemde stok hareketi yok.</p>
        ) : (
          <ol className="move-list" data-testid="stock-movements">
            {moves.recent.map((m) => (
              <li key={m.id}>
                <span className="move-list__head">
                  <strong>{m.item}</strong>
                  <span className={m.change < 0 ? "is-out" : "is-in"}>
                    {m.change > 0 ? "+" : ""}
                    {number.format(m.change)} {m.unit}
                  </span>
                </span>
                <span className="muted small">
                  {m.reason_label} · {localDateTime(m.created_at, timeZone)} · {m.user_name}
                  {m.note ? ` · ${m.note}` : ""}
                </span>
              </li>
            ))}
          </ol>
        )}
        {moves.count > moves.recent.length ? (
          <p className="muted small">
            En yeni {moves.recent.length} hareket gösteriliyor (toplam {moves.count}).
          </p>
        ) : null}
      </section>
    </>
  );
}
