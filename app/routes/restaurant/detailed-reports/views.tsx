import { DELETED_ACCOUNT, type InventoryReport, type SalesReport, type StaffReport } from "~/modules/reports/detailed";
import { formatClock } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { HourlyChart, RelativeBar, shownHours, ShareChart } from "./charts";

const number = new Intl.NumberFormat("tr-TR", { maximumFractionDigits: 2 });
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
const localDateTime = (iso: string, timeZone: string) =>
  `${new Intl.DateTimeFormat("tr-TR", { timeZone, day: "numeric", month: "short" }).format(new Date(iso))} ${formatClock(iso, timeZone)}`;

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="card stat">
      <div className="stat__label">{label}</div>
      <div className="stat__value" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

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
          parts={report.payment_methods.map((m) => ({ key: m.method, label: m.label, value: m.amount }))}
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
              <tr key={m.method}>
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

export function StaffView({ report }: { report: StaffReport }) {
  const rows = report.staff_performance;
  const max = Math.max(0, ...rows.map((r) => r.total_sales));
  return (
    <>
      <div className="stat-grid">
        <Stat label="Toplam personel (sahip dahil)" value={String(report.total_staff)} testId="stat-total-staff" />
        <Stat label="Bu dönem çalışan" value={String(report.active_staff)} testId="stat-active-staff" />
        {report.deleted_staff > 0 ? (
          <Stat label="Silinmiş hesap (bu dönem işi olan)" value={String(report.deleted_staff)} testId="stat-deleted-staff" />
        ) : null}
      </div>
      <section className="card" aria-labelledby="staff-title">
        <h2 id="staff-title" className="report-subtitle">
          Personel performansı
        </h2>
        {rows.length === 0 ? (
          <p className="muted">Personel kaydı yok.</p>
        ) : (
          <div className="table-scroll">
            <table className="report-table" data-testid="staff-performance">
              <thead>
                <tr>
                  <th scope="col">Personel</th>
                  <th scope="col" className="num">
                    Servis
                  </th>
                  <th scope="col" className="num">
                    Satış
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => (
                  <tr key={s.user_id ?? `n:${s.name}`}>
                    <th scope="row">
                      {s.name}
                      <span className="muted small staff-role">
                        {s.role_label ?? "Hesapsız"}
                        {s.active === false ? ` · ${DELETED_ACCOUNT}` : ""}
                      </span>
                      <span className="muted small staff-role">
                        Aldığı ödeme: {s.payments_taken} · {formatMoney(s.payments_amount)}
                      </span>
                      <RelativeBar value={s.total_sales} max={max} tone="success" />
                    </th>
                    <td className="num">{s.orders_served}</td>
                    <td className="num">{formatMoney(s.total_sales)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="muted small">
          Servis: hesabın aldığı ve ödenen siparişler; satış: bu siparişlerin tahsilatı; aldığı ödeme: hesabın kasada aldığı ödemeler.
          Puanlama tutulmadığı için gösterilmez.
        </p>
      </section>
    </>
  );
}
