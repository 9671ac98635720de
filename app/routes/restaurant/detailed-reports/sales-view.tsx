import type { SalesReport } from "~/modules/reports/detailed";
import { formatMoney } from "~/utils/money";
import { HourlyChart, RelativeBar, shownHours, ShareChart } from "./charts";
import { percent, Stat } from "./report-parts";

export function SalesView({ report }: { report: SalesReport }) {
  const top = report.top_selling_items;
  const methodsTotal = report.payment_methods.reduce((s, m) => s + m.amount, 0);
  return (
    <>
      <div className="stat-grid">
        <Stat label="Toplam ciro" value={formatMoney(report.total_revenue)} testId="stat-revenue" />
        <Stat label="Toplam sipariş" value={String(report.total_orders)} testId="stat-orders" />
        <Stat label="Ortalama sepet" value={formatMoney(report.average_order_value)} testId="stat-average" />
        <Stat label="Satılan ürün" value={String(report.total_items_sold)} testId="stat-items" />
      </div>
      <p className="muted small" data-testid="stat-discounts">
        Ciro, indirimler düşülmüş tahsilattır. Verilen indirim: <strong>{formatMoney(report.total_discounts)}</strong> (
        {report.discounted_orders} sipariş).
      </p>

      <section className="card" aria-labelledby="top-items-title">
        <h2 id="top-items-title" className="report-subtitle">
          En çok satan ürünler
        </h2>
        {top.length === 0 ? (
          <p className="muted">Bu dönemde satılan ürün yok.</p>
        ) : (
          <ol className="top-items" data-testid="top-items">
            {top.map((item, i) => (
              <li key={item.name} className="top-items__row">
                <span className="top-items__rank">{i + 1}</span>
                <span className="top-items__name">{item.name}</span>
                <span className="top-items__figures">
                  {item.quantity} adet · {formatMoney(item.revenue)}
                </span>
                <RelativeBar value={item.quantity} max={top[0]!.quantity} />
              </li>
            ))}
          </ol>
        )}
        <p className="muted small">Ürün tutarları, siparişe uygulanan indirim kodundan öncedir; ikram ürünler sayılmaz.</p>
      </section>

      <section className="card" aria-labelledby="methods-title">
        <h2 id="methods-title" className="report-subtitle">
          Ödeme yöntemleri
        </h2>
        <ShareChart
          label={report.payment_methods.map((m) => `${m.label} %${percent(m.amount, methodsTotal)}`).join(", ")}
          parts={report.payment_methods.map((m) => ({
            key: m.meal_card ? `meal_card:${m.meal_card}` : m.method,
            tone: m.method,
            label: m.label,
            value: m.amount,
          }))}
        />
        <table className="report-table" data-testid="payment-methods">
          <thead>
            <tr>
              <th scope="col">Yöntem</th>
              <th scope="col" className="num">
                İşlem
              </th>
              <th scope="col" className="num">
                Tutar
              </th>
            </tr>
          </thead>
          <tbody>
            {report.payment_methods.map((m) => (
              <tr key={m.meal_card ? `meal_card:${m.meal_card}` : m.method}>
                <th scope="row">
                  <span className={`swatch swatch--${m.method}`} aria-hidden="true" /> {m.label}
                </th>
                <td className="num">{m.count}</td>
                <td className="num">{formatMoney(m.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card" aria-labelledby="hourly-title">
        <h2 id="hourly-title" className="report-subtitle">
          Saatlik satış
        </h2>
        <HourlyChart hours={report.hourly_breakdown} />
        <details className="report-details">
          <summary>Tablo olarak göster</summary>
          <table className="report-table" data-testid="hourly-table">
            <thead>
              <tr>
                <th scope="col">Saat</th>
                <th scope="col" className="num">
                  Sipariş
                </th>
                <th scope="col" className="num">
                  Ciro
                </th>
              </tr>
            </thead>
            <tbody>
              {shownHours(report.hourly_breakdown).map((h) => (
                <tr key={h.hour}>
                  <th scope="row">{String(h.hour).padStart(2, "0")}:00</th>
                  <td className="num">{h.orders}</td>
                  <td className="num">{formatMoney(h.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
    </>
  );
}
