import { OrderHistory } from "~/components/app/order-history";
import type { OrderEventDto } from "~/modules/orders/history.server";
import type { DailyReport } from "~/modules/reports/daily.server";
import { cssVars } from "~/utils/css-vars";
import { formatMoney } from "~/utils/money";

/** The day's figures on the manager panel: the summary, revenue by method, the busiest tables and waiters, voids and ikram. */
export function DayReport({
  report,
  occupied,
  tableCount,
  history,
  timeZone,
}: {
  report: DailyReport;
  occupied: number;
  tableCount: number;
  history: OrderEventDto[];
  timeZone: string;
}) {
  const totalOrders = Math.max(report.total_orders, 1);
  const cashShare = Math.round((report.cash_orders / totalOrders) * 100);
  const cardShare = Math.round((report.card_orders / totalOrders) * 100);
  const mealCardShare = Math.round((report.meal_card_orders / totalOrders) * 100);
  return (
    <>
      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="visually-hidden">
          Günlük özet
        </h2>
        <div className="stat-grid">
          <Stat label="Bugünkü ciro" value={formatMoney(report.total_revenue)} testId="stat-revenue" />
          <Stat label="Ödenen sipariş" value={String(report.total_orders)} testId="stat-orders" />
          <Stat label="Ortalama sipariş" value={formatMoney(report.avg_order_value)} />
          <Stat label="Dolu masa" value={`${occupied} / ${tableCount}`} />
        </div>
      </section>

      <section className="card" aria-labelledby="revenue-title">
        <h2 id="revenue-title" className="section-title">
          Gelir
        </h2>
        <div className="share-bar" aria-hidden="true">
          <span style={cssVars({ "--fill": `${cashShare}%` })} />
          <span style={cssVars({ "--fill": `${cardShare}%` })} />
          {report.meal_card_orders > 0 ? (
            <span className="share-bar__meal-card" style={cssVars({ "--fill": `${mealCardShare}%` })} />
          ) : null}
        </div>
        <div className="two-col">
          <p className="m-0">
            <strong>Nakit</strong> {formatMoney(report.cash_revenue)}
            <br />
            <span className="muted">
              {report.cash_orders} sipariş · %{cashShare}
            </span>
          </p>
          <p className="m-0">
            <strong>Kart</strong> {formatMoney(report.card_revenue)}
            <br />
            <span className="muted">
              {report.card_orders} sipariş · %{cardShare}
            </span>
          </p>
          {report.house_account_revenue > 0 ? (
            <p className="m-0">
              <strong>Cari hesap</strong> {formatMoney(report.house_account_revenue)}
              <br />
              <span className="muted">{report.house_account_orders} sipariş</span>
            </p>
          ) : null}
          {/* Each meal card apart (decision 083). */}
          {report.meal_cards.map((c) => (
            <p key={c.name} className="m-0" data-testid="stat-meal-card">
              <strong>{c.label}</strong> {formatMoney(c.revenue)}
              <br />
              <span className="muted">
                {c.orders} sipariş · %{Math.round((c.orders / totalOrders) * 100)}
              </span>
            </p>
          ))}
        </div>
        {/* Revenue is what was charged; what discount codes took off is shown apart. */}
        <p className="muted small m-0 mt-2" data-testid="stat-discounts">
          İndirim kodları: {report.discount_count} ödeme · {formatMoney(report.discount_amount)} (ciro indirim sonrasıdır)
        </p>
        {/* Revenue includes the service charge; tips are the waiters', never revenue (decision 085). */}
        <p className="muted small m-0" data-testid="stat-service-tips">
          Servis ücreti: {formatMoney(report.service_charge_total)} (ciroya dahil) · Bahşiş: {formatMoney(report.tips_total)} (ciroya dahil
          değil)
        </p>
        {report.tips_by_waiter.length > 0 ? (
          <ul className="muted small m-0" data-testid="stat-tips-by-waiter">
            {report.tips_by_waiter.map((t) => (
              <li key={t.waiter_name}>
                {t.waiter_name}: {formatMoney(t.amount)}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <div className="two-col">
        <section className="card" aria-labelledby="top-tables">
          <h2 id="top-tables" className="section-title">
            En aktif masalar
          </h2>
          <RankList
            rows={report.table_performance
              .slice(0, 6)
              .map((t) => ({ key: t._id, name: `Masa ${t._id}`, revenue: t.revenue, orders: t.orders }))}
          />
        </section>
        <section className="card" aria-labelledby="top-waiters">
          <h2 id="top-waiters" className="section-title">
            Garson performansı
          </h2>
          <RankList
            rows={report.waiter_performance
              .slice(0, 3)
              .map((w) => ({ key: w.user_id ?? w._id, name: w._id, revenue: w.revenue, orders: w.orders }))}
          />
        </section>
      </div>

      <section className="card" aria-labelledby="voids-title">
        <h2 id="voids-title" className="section-title">
          İptal ve ikram
        </h2>
        <p className="m-0" data-testid="stat-voids">
          <strong>İptal</strong> {report.void_count} · {formatMoney(report.void_amount)}
          <span className="muted"> — </span>
          <strong>İkram</strong> {report.complimentary_count} · {formatMoney(report.complimentary_amount)}
        </p>

        {history.length === 0 ? (
          <p className="muted">Bugün gönderilmiş üründe iptal ya da ikram yok.</p>
        ) : (
          <OrderHistory events={history} timeZone={timeZone} showTable />
        )}
      </section>
    </>
  );
}

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

/** The busiest tables or waiters of the day: name, revenue and paid orders, best first. */
function RankList({ rows }: { rows: { key: string | number; name: string; revenue: number; orders: number }[] }) {
  if (rows.length === 0) return <p className="muted">Bugün henüz ödeme alınmadı.</p>;
  return (
    <ol className="rank-list">
      {rows.map((r) => (
        <li key={r.key}>
          <span>{r.name}</span>
          <span>
            {formatMoney(r.revenue)} <span className="muted">· {r.orders} sipariş</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
