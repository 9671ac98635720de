import { DELETED_ACCOUNT, type StaffReport } from "~/modules/reports/detailed";
import { formatMoney } from "~/utils/money";
import { RelativeBar } from "./charts";
import { Stat } from "./report-parts";

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
