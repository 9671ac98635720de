// Gün sonu (issue 22, decision 088): the business day, the close's figures as they are stored and
// printed, and their text for the e-mail and the 80 mm slip. No database here.
import { zonedMidnight, zonedParts } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

const HOUR_MS = 60 * 60 * 1000;
/** day_closes.note is VARCHAR(500). */
export const MAX_CLOSE_NOTE = 500;

/** The business day containing `now`: a night until `startHour` belongs to the day before. */
export function businessDay(now: Date, timeZone: string, startHour: number) {
  const p = zonedParts(new Date(now.getTime() - startHour * HOUR_MS), timeZone);
  const start = new Date(zonedMidnight(p.year, p.month, p.day, timeZone).getTime() + startHour * HOUR_MS);
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  const end = new Date(
    zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone).getTime() + startHour * HOUR_MS,
  );
  const date = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  return { date, start, end };
}

/** "05:00" for the settings' hour. */
export const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

export interface MethodLine {
  method: string;
  meal_card: string | null;
  /** "Nakit", "Kart", "Yemek kartı · Multinet", "Cari hesap". */
  label: string;
  amount: number;
  /** Payments taken with it. */
  count: number;
}

export interface TakeAwayLine {
  name: string;
  quantity: number;
  amount: number;
  reason: string;
  reason_label: string;
  note: string | null;
  by: string;
}

/** What a close counts (stored as JSON with the close, never recomputed). */
export interface DayFigures {
  business_date: string;
  /** From the previous close (or the business day's start) to the close. */
  from: string;
  to: string;
  time_zone: string;
  day_start_hour: number;
  /** Revenue: every payment counted (after discounts, with the service charge); tips apart. */
  revenue: number;
  by_method: MethodLine[];
  payments_count: number;
  orders_closed: number;
  covers: number;
  /** Revenue per cover (0 without covers). */
  average_per_cover: number;
  tips_total: number;
  tips_by_waiter: { waiter_name: string; amount: number }[];
  discount_total: number;
  discounts: { code: string; count: number; amount: number }[];
  void_total: number;
  voids: TakeAwayLine[];
  complimentary_total: number;
  complimentary: TakeAwayLine[];
  service_charge_total: number;
  /** KDV inside the revenue, per rate (the service charge at the restaurant's own rate). */
  kdv: { rate: number; base: number; amount: number }[];
  /** Orders closed without a fiscal document recorded (ÖKC fiş or e-Arşiv). */
  without_fiscal: { count: number; order_ids: number[] };
  /** Payments counted here that were made before this business day began (a day not closed, or after a close). */
  earlier: { count: number; amount: number };
  /** Tables still owing when the day closed, carried over to the next day with the close's note. */
  carried_over: OpenTable[];
  /** Payments received on house accounts (tahsilat), by method: cash ones are in the drawer. */
  account_receipts: { method: string; label: string; amount: number }[];
  cash: { expected: number; counted: number | null; difference: number | null };
}

/** Tables still owing: they block the close until paid, moved or cancelled. */
export interface OpenTable {
  number: number;
  remaining: number;
}

export const OPEN_TABLES = (tables: OpenTable[]) =>
  `Açık masa var: ${tables.map((t) => `Masa ${t.number} (${formatMoney(t.remaining)})`).join(", ")}. Gün sonu için önce ödeyin, taşıyın ya da iptal edin.`;
export const alreadyClosed = (date: string) => `${dateText(date)} günü zaten kapatıldı.`;
export const ALREADY_CLOSED_NOW = "Bu iş günü zaten kapatıldı.";
export const DATE_TODAY_OR_YESTERDAY = "Gün sonu bugünün ya da dünün iş günü için alınır.";
export const LATER_DAY_CLOSED = "Daha sonraki bir gün kapatılmış; bu gün artık kapatılamaz. Sonraki kapanışta sayılır.";
export const CARRY_OVER_NOTE = "Açık masaları sonraki güne devretmek için bir not yazın.";

/** "27.11.2026" for a YYYY-MM-DD. */
export const dateText = (date: string) => date.split("-").reverse().join(".");

/** The close as plain text: the e-mail's body (the 80 mm slip shows the same lines). */
export function closeText(restaurant: string, f: DayFigures, closedBy: string, note: string | null): string {
  const m = formatMoney;
  const lines = [
    `${restaurant} — Gün sonu ${dateText(f.business_date)}`,
    `Kapatan: ${closedBy}`,
    "",
    `Ciro: ${m(f.revenue)} (${f.orders_closed} hesap, ${f.payments_count} ödeme)`,
    ...f.by_method.map((x) => `  ${x.label}: ${m(x.amount)} (${x.count})`),
    `Kişi: ${f.covers} · kişi başı ${m(f.average_per_cover)}`,
    `Servis ücreti: ${m(f.service_charge_total)}`,
    `İndirimler: ${m(f.discount_total)}`,
    `İptaller: ${m(f.void_total)} · İkramlar: ${m(f.complimentary_total)}`,
    ...f.kdv.map((k) => `  KDV %${k.rate}: ${m(k.amount)} (matrah ${m(k.base)})`),
    `Bahşiş: ${m(f.tips_total)}`,
    ...f.tips_by_waiter.map((t) => `  ${t.waiter_name}: ${m(t.amount)}`),
    ...(f.account_receipts.length ? [`Cari tahsilat: ${f.account_receipts.map((r) => `${r.label} ${m(r.amount)}`).join(", ")}`] : []),
    `Kasa: beklenen ${m(f.cash.expected)}, sayılan ${f.cash.counted === null ? "—" : m(f.cash.counted)}, fark ${f.cash.difference === null ? "—" : m(f.cash.difference)}`,
    ...(f.without_fiscal.count ? [`Mali belgesi girilmemiş hesap: ${f.without_fiscal.count}`] : []),
    ...(f.carried_over?.length
      ? [`Devredilen açık masalar: ${f.carried_over.map((t) => `Masa ${t.number} (${m(t.remaining)})`).join(", ")}`]
      : []),
    ...(f.earlier.count ? [`Önceki günlerden sayılan: ${f.earlier.count} ödeme, ${m(f.earlier.amount)}`] : []),
    ...(note ? ["", `Not: ${note}`] : []),
  ];
  return lines.join("\n");
}
