// The adisyon and a payment's receipt as lines of text for a print device (decision 089): the same
// figures as their 80 mm pages (routes/restaurant/adisyon, routes/restaurant/receipt), laid out in
// DOCUMENT_COLUMNS (42) monospace columns, which every 80 mm printer prints in its normal font.
// Amounts say "TL" and rules are hyphens: code page 857, what the agent prints in, has neither the
// lira sign nor a dash. Pure: no server code, unit-tested beside it.
import { DOCUMENT_COLUMNS } from "~/modules/kitchen/print-documents";
import { formatClock, formatLongDate } from "~/utils/dates";
import type { BillDto } from "./bill.server";
import type { PaperHeader, ReceiptDto } from "./receipt.server";

export const NOT_FISCAL = "Bilgi fişidir, mali değeri yoktur.";

const W = DOCUMENT_COLUMNS;
const RULE = "-".repeat(W);
const number = new Intl.NumberFormat("tr-TR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1.234,50 TL" (the lira sign is not in code page 857). */
export const paperMoney = (value: number) => `${value < 0 ? "-" : ""}${number.format(Math.abs(value))} TL`;

/** Characters code page 857 lacks, as near as it has them; tabs and line breaks as spaces. */
const tidy = (text: string) =>
  text
    .replace(/[\u2012-\u2015]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/\u2026/g, "...")
    .replace(/₺/g, "TL")
    .replace(/\s+/g, " ")
    .trim();

/** Words onto lines of at most `width` characters (a word longer than that is cut). */
export function wrap(text: string, width = W, indent = ""): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of tidy(text).split(" ")) {
    if (!word) continue;
    while (word.length > width - indent.length) {
      if (line) lines.push(line);
      line = "";
      lines.push(indent + word.slice(0, width - indent.length));
      word = word.slice(width - indent.length);
    }
    if (!line) line = indent + word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = indent + word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const center = (text: string) => wrap(text).map((l) => " ".repeat(Math.floor((W - l.length) / 2)) + l);

/** A label on the left, an amount on the right; a long label wraps and the amount ends its last line. */
export function pair(label: string, value: string, indent = ""): string[] {
  const lines = wrap(label, W, indent);
  const last = lines.pop() ?? "";
  if (last.length + 1 + value.length <= W) return [...lines, last + " ".repeat(W - last.length - value.length) + value];
  return [...lines, last, value.padStart(W)];
}

/** The restaurant's name, address and telephone, centred. */
export function headerLines(h: Pick<PaperHeader, "name" | "address" | "phone">): string[] {
  return [
    ...center(h.name.toLocaleUpperCase("tr-TR")),
    ...(h.address ? center(h.address) : []),
    ...(h.phone ? center(`Tel: ${h.phone}`) : []),
  ];
}

function closingLines(footer: string | null): string[] {
  return [RULE, ...(footer ? center(footer) : []), ...center(NOT_FISCAL)];
}

const when = (at: Date | string, timeZone: string) => `${formatLongDate(at, timeZone)} ${formatClock(at, timeZone)}`;

/** The adisyon as /app/adisyon shows it: lines with their options and notes, sums, KDV, paid and remaining. */
export function adisyonLines(bill: BillDto, header: PaperHeader, printedAt: Date): string[] {
  const label = bill.table_label && bill.table_label !== `Masa ${bill.table_number}` ? ` (${bill.table_label})` : "";
  const who = [bill.waiter_name ? `Garson: ${bill.waiter_name}` : "", bill.customer_count > 0 ? `${bill.customer_count} kişi` : ""].filter(
    Boolean,
  );
  const out = [
    ...headerLines(header),
    RULE,
    ...wrap(`ADİSYON · Masa ${bill.table_number}${label}`),
    when(printedAt, header.time_zone),
    ...(who.length ? wrap(who.join(" · ")) : []),
    RULE,
  ];
  if (bill.lines.length === 0) out.push("Bu masada açık hesap yok.");
  for (const l of bill.lines) {
    out.push(...pair(`${l.quantity} × ${l.name}`, l.complimentary ? "İKRAM" : paperMoney(l.amount)));
    if (l.options.length > 0) out.push(...wrap(l.options.map((o) => o.name).join(" · "), W, "   "));
    if (l.note) out.push(...wrap(`Not: ${l.note}`, W, "   "));
  }
  out.push(RULE, ...pair("Ara toplam", paperMoney(bill.subtotal)));
  if (bill.service_charge > 0) {
    out.push(...pair(`Servis ücreti (%${bill.service_charge_rate.toLocaleString("tr-TR")})`, paperMoney(bill.service_charge)));
  }
  out.push(...pair("TOPLAM", paperMoney(bill.total)));
  for (const t of bill.tax) out.push(...pair(`KDV %${t.rate.toLocaleString("tr-TR")} (dahil)`, paperMoney(t.amount)));
  out.push(...pair("Ödenen", paperMoney(bill.paid)), ...pair("Kalan", paperMoney(bill.remaining)));
  return [...out, ...closingLines(header.footer)];
}

/** A payment's receipt as /app/receipt shows it. */
export function receiptLines(r: ReceiptDto, header: PaperHeader): string[] {
  const out = [
    ...headerLines(header),
    RULE,
    ...wrap(`ÖDEME FİŞİ · ${r.table}`),
    when(r.paid_at, header.time_zone),
    ...wrap(`Ödemeyi alan: ${r.taken_by}`),
    r.source === "payment" ? `Ödeme no: ${r.id}` : `Sipariş no: ${r.id}`,
    RULE,
  ];
  if (r.discount > 0)
    out.push(...pair(`İndirim${r.discount_codes.length ? ` (${r.discount_codes.join(", ")})` : ""}`, paperMoney(-r.discount)));
  if (r.service_charge > 0) out.push(...pair("Servis ücreti", paperMoney(r.service_charge)));
  out.push(...pair("ÖDENEN", paperMoney(r.amount)), ...wrap(`Ödeme şekli: ${r.method_label}`));
  if (r.tip > 0) out.push(...pair("Bahşiş", paperMoney(r.tip)));
  if (r.tendered !== null) out.push(...pair("Alınan", paperMoney(r.tendered)));
  if (r.change !== null) out.push(...pair("Para üstü", paperMoney(r.change)));
  if (r.remaining !== null) out.push(...pair("Masada kalan", paperMoney(r.remaining)));
  if (r.fiscal) out.push(RULE, ...wrap(`Mali belge: ${r.fiscal}`));
  return [...out, ...closingLines(header.footer)];
}
