// The daily report mail's day and text: no server code, so unit tests run them without a database.
import type { DailyReport } from "~/modules/reports/daily.server";
import { localDay } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/** The jobs' unique key: one mail per restaurant and local day, however many processes queue it. */
export const dailyReportKey = (restaurantId: number, date: string) => `daily-report:${restaurantId}:${date}`;

/** The local day that ended last in `timeZone` at `now` (yesterday there): its date and [start, end). */
export function lastEndedDay(now: Date, timeZone: string) {
  return localDay(new Date(localDay(now, timeZone).start.getTime() - 1), timeZone);
}

const line = (label: string, value: string) => `${label}: ${value}`;

export function dailyReportText(restaurantName: string, dateLabel: string, r: DailyReport): string {
  const lines = [
    `${restaurantName} — ${dateLabel} günlük raporu`,
    "",
    line("Toplam ciro", formatMoney(r.total_revenue)),
    line("Sipariş sayısı", String(r.total_orders)),
    line("Nakit", `${formatMoney(r.cash_revenue)} (${r.cash_orders} sipariş)`),
    line("Kart", `${formatMoney(r.card_revenue)} (${r.card_orders} sipariş)`),
    ...r.meal_cards.map((c) => line(c.label, `${formatMoney(c.revenue)} (${c.orders} sipariş)`)),
    ...(r.house_account_revenue > 0
      ? [line("Cari hesap", `${formatMoney(r.house_account_revenue)} (${r.house_account_orders} sipariş)`)]
      : []),
    line("Ortalama sipariş", formatMoney(r.avg_order_value)),
    line("İptaller", `${r.void_count} (${formatMoney(r.void_amount)})`),
    line("İkramlar", `${r.complimentary_count} (${formatMoney(r.complimentary_amount)})`),
    line("İndirim kodları", `${r.discount_count} (${formatMoney(r.discount_amount)})`),
  ];
  if (r.waiter_performance.length) {
    lines.push("", "Personel:");
    for (const w of r.waiter_performance) lines.push(`- ${w._id}: ${w.orders} sipariş, ${formatMoney(w.revenue)}`);
  }
  if (r.table_performance.length) {
    lines.push("", "Masalar:");
    for (const t of r.table_performance) lines.push(`- Masa ${t._id}: ${t.orders} sipariş, ${formatMoney(t.revenue)}`);
  }
  lines.push("", "Bu e-postayı Ayarlar > Bildirimler bölümündeki “Günlük rapor e-postası” ile kapatabilirsiniz.");
  return lines.join("\n");
}
