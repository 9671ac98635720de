// Charts drawn on the server as plain SVG: they show without JavaScript, scale with the
// container (viewBox) and read out as one sentence (role="img" + aria-label); the figures
// themselves are in a table beside each chart.
import { formatChartAxisMoney, formatMoney } from "~/utils/money";

const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

/** The hours shown: 08:00–22:00 (the spec's day), widened to any hour that had sales. */
export function shownHours(hours: { hour: number; revenue: number; orders: number }[]) {
  const active = hours.filter((h) => h.orders > 0).map((h) => h.hour);
  const first = Math.min(8, ...active);
  const last = Math.max(22, ...active);
  return hours.filter((h) => h.hour >= first && h.hour <= last);
}

/** Revenue by hour: one bar per hour, the tallest at full height. */
export function HourlyChart({ hours }: { hours: { hour: number; revenue: number; orders: number }[] }) {
  const shown = shownHours(hours);
  const max = Math.max(0, ...shown.map((h) => h.revenue));
  const top = shown.reduce((best, h) => (h.revenue > best.revenue ? h : best), shown[0]!);
  const W = 320;
  const H = 160;
  const pad = { left: 4, right: 4, top: 16, bottom: 22 };
  const slot = (W - pad.left - pad.right) / shown.length;
  const bar = Math.max(2, slot * 0.7);
  const plot = H - pad.top - pad.bottom;
  const label =
    max > 0
      ? `Saatlere göre ciro, ${hourLabel(shown[0]!.hour)}–${hourLabel(shown.at(-1)!.hour)}: en yüksek ${hourLabel(top.hour)} ile ${formatMoney(top.revenue)}.`
      : "Saatlere göre ciro: bu dönemde satış yok.";
  return (
    <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-testid="hourly-chart">
      <title>{label}</title>
      <line x1={pad.left} x2={W - pad.right} y1={H - pad.bottom} y2={H - pad.bottom} className="chart__axis" />
      {max > 0 ? (
        <text x={pad.left} y={10} className="chart__note">
          {formatChartAxisMoney(max)}
        </text>
      ) : null}
      {shown.map((h, i) => {
        const height = max > 0 ? (h.revenue / max) * plot : 0;
        const x = pad.left + i * slot + (slot - bar) / 2;
        return (
          <g key={h.hour}>
            <rect
              x={x}
              y={H - pad.bottom - height}
              width={bar}
              height={height}
              rx={1.5}
              className={h === top && max > 0 ? "chart__bar chart__bar--top" : "chart__bar"}
              data-hour={h.hour}
            />
            {i % 2 === 0 ? (
              <text x={x + bar / 2} y={H - 8} textAnchor="middle" className="chart__tick">
                {String(h.hour).padStart(2, "0")}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** A bar whose length is `value` relative to `max` (decorative: the figure is written beside it). */
export function RelativeBar({ value, max, tone = "primary" }: { value: number; max: number; tone?: "primary" | "info" | "success" }) {
  const width = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <svg className="rel-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="100" height="8" rx="4" className="rel-bar__track" />
      {width > 0 ? <rect x="0" y="0" width={width} height="8" rx="4" className={`rel-bar__fill rel-bar__fill--${tone}`} /> : null}
    </svg>
  );
}

/** Shares of a whole as one stacked bar (payment methods). */
/** `tone` names the part's colour class (the key when left out): every meal card shares one. */
export function ShareChart({ parts, label }: { parts: { key: string; tone?: string; label: string; value: number }[]; label: string }) {
  const total = parts.reduce((s, p) => s + p.value, 0);
  let x = 0;
  return (
    <svg className="share-chart" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label={label}>
      <title>{label}</title>
      <rect x="0" y="0" width="100" height="10" className="rel-bar__track" />
      {total > 0
        ? parts.map((p) => {
            const w = (p.value / total) * 100;
            const rect = (
              <rect key={p.key} x={x} y="0" width={w} height="10" className={`share-chart__part share-chart__part--${p.tone ?? p.key}`} />
            );
            x += w;
            return rect;
          })
        : null}
    </svg>
  );
}
