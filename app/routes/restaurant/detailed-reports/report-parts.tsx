import { formatClock } from "~/utils/dates";

export const number = new Intl.NumberFormat("tr-TR", { maximumFractionDigits: 2 });
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
export const localDateTime = (iso: string, timeZone: string) =>
  `${new Intl.DateTimeFormat("tr-TR", { timeZone, day: "numeric", month: "short" }).format(new Date(iso))} ${formatClock(iso, timeZone)}`;

export function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="card stat">
      <div className="stat__label">{label}</div>
      <div className="stat__value" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}
