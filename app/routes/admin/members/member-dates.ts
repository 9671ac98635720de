import { formatClock, formatLongDate } from "~/utils/dates";

export const dateOrDash = (value: string | null) => (value ? formatLongDate(value) : "—");
export const when = (value: string) => `${formatLongDate(value)} ${formatClock(value)}`;
