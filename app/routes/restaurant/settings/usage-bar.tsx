import { usageTone } from "~/modules/billing/billing-rules";
import { cssVars } from "~/utils/css-vars";

/** One limit of the plan: used of allowed, and a bar that turns amber, then red, as it fills. */
export function UsageBar({ label, used, limit, percentage }: { label: string; used: number; limit: number | null; percentage: number }) {
  const tone = limit === null ? "green" : usageTone(percentage);
  return (
    <div className="usage">
      <div className="usage__head">
        <span>{label}</span>
        <span className="usage__figure">
          {used} / {limit === null ? "Sınırsız" : limit}
          {limit === null ? null : <span className="muted"> (%{percentage})</span>}
        </span>
      </div>
      <div
        className={`usage__bar usage__bar--${tone}`}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percentage)}
        data-tone={tone}
      >
        <span style={cssVars({ "--fill": `${Math.min(100, percentage)}%` })} />
      </div>
    </div>
  );
}
