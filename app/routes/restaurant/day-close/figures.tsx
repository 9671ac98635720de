// The figures of a business day (decision 088), as the close screen shows them and as they print
// on A4; the 80 mm slip prints the same sections narrower (paper.css).
import type { DayFigures } from "~/modules/day-close/rules";
import { formatClock, formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/** A label–amount row; `strong` a total, `sub` a part of the total above it (indented). */
function Row({ label, value, strong, sub }: { label: string; value: string; strong?: boolean; sub?: boolean }) {
  return (
    <div className={`day-row${strong ? " day-row--strong" : ""}${sub ? " day-row--sub" : ""}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The cash difference's word: a negative difference is cash missing from the drawer. */
function differenceLabel(difference: number | null) {
  if (difference === null || difference === 0) return "Fark";
  return difference < 0 ? "Fark (eksik)" : "Fark (fazla)";
}

/**
 * `level`: the sections' heading level, one below the heading they sit under (h2 on the screen's
 * card, h1 on the 80 mm slip).
 */
export function DayFiguresView({ f, closed, level = 3 }: { f: DayFigures; closed: boolean; level?: 2 | 3 }) {
  const m = formatMoney;
  const tz = f.time_zone;
  const H = level === 2 ? "h2" : "h3";
  return (
    <div className="day-figures">
      <p className="muted m-0 day-figures__wide">
        {formatLongDate(f.from, tz)} {formatClock(f.from, tz)} – {formatLongDate(f.to, tz)} {formatClock(f.to, tz)}
      </p>
      <section aria-labelledby="day-revenue">
        <H id="day-revenue">Ciro</H>
        <dl className="day-list">
          <Row label="Toplam ciro" value={m(f.revenue)} strong />
          {f.by_method.map((x) => (
            <Row key={`${x.method}:${x.meal_card ?? ""}`} label={`${x.label} (${x.count})`} value={m(x.amount)} sub />
          ))}
          <Row label="Kapanan hesap" value={String(f.orders_closed)} />
          <Row label="Kişi" value={String(f.covers)} />
          <Row label="Kişi başı" value={m(f.average_per_cover)} />
          <Row label="Servis ücreti" value={m(f.service_charge_total)} />
        </dl>
      </section>
      <section aria-labelledby="day-kdv">
        <H id="day-kdv">KDV (dahil)</H>
        {f.kdv.length === 0 ? (
          <p className="muted m-0">Yok.</p>
        ) : (
          <dl className="day-list">
            {f.kdv.map((k) => (
              <Row key={k.rate} label={`%${k.rate.toLocaleString("tr-TR")} · matrah ${m(k.base)}`} value={m(k.amount)} />
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby="day-tips">
        <H id="day-tips">Bahşiş</H>
        <dl className="day-list">
          <Row label="Toplam bahşiş" value={m(f.tips_total)} strong />
          {f.tips_by_waiter.map((t) => (
            <Row key={t.waiter_name} label={t.waiter_name} value={m(t.amount)} sub />
          ))}
        </dl>
      </section>
      <section aria-labelledby="day-off">
        <H id="day-off">İndirim, iptal ve ikram</H>
        <dl className="day-list">
          <Row label="İndirimler" value={m(f.discount_total)} />
          {f.discounts.map((d) => (
            <Row key={d.code} label={`${d.code} (${d.count})`} value={m(d.amount)} sub />
          ))}
          <Row label="İptaller" value={m(f.void_total)} />
          {f.voids.map((v, i) => (
            <Row
              key={`v${i}`}
              label={`${v.quantity} × ${v.name} · ${v.reason_label}${v.note ? `: ${v.note}` : ""} (${v.by})`}
              value={m(v.amount)}
              sub
            />
          ))}
          <Row label="İkramlar" value={m(f.complimentary_total)} />
          {f.complimentary.map((v, i) => (
            <Row
              key={`c${i}`}
              label={`${v.quantity} × ${v.name} · ${v.reason_label}${v.note ? `: ${v.note}` : ""} (${v.by})`}
              value={m(v.amount)}
              sub
            />
          ))}
        </dl>
      </section>
      <section aria-labelledby="day-cash">
        <H id="day-cash">Kasa</H>
        <dl className="day-list">
          {f.account_receipts.map((r) => (
            <Row key={r.method} label={`Cari tahsilat · ${r.label}`} value={m(r.amount)} />
          ))}
          <Row label="Beklenen nakit" value={m(f.cash.expected)} strong />
          {closed ? (
            <>
              <Row label="Sayılan nakit" value={f.cash.counted === null ? "—" : m(f.cash.counted)} />
              <Row label={differenceLabel(f.cash.difference)} value={f.cash.difference === null ? "—" : m(f.cash.difference)} strong />
            </>
          ) : null}
        </dl>
      </section>
      {f.without_fiscal.count > 0 ? (
        <p className="notice notice--warning m-0 day-figures__wide">
          Mali belgesi (ÖKC fişi ya da e-Arşiv) girilmemiş {f.without_fiscal.count} hesap var
          {f.without_fiscal.order_ids.length ? `: sipariş #${f.without_fiscal.order_ids.join(", #")}` : ""}.
        </p>
      ) : null}
      {f.earlier.count > 0 ? (
        <p className="muted m-0 day-figures__wide">
          Önceki günlerden sayılan: {f.earlier.count} ödeme, {m(f.earlier.amount)} (önceki gün sonundan sonra alınmış).
        </p>
      ) : null}
    </div>
  );
}
