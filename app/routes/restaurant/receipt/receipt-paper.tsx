import type { PaperHeader, ReceiptDto } from "~/modules/payments/receipt.server";
import { formatClock, formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import "./receipt.css";

/** The receipt itself: the same figures, in the same order, as the text a print device prints (payments/paper-text.ts). */
export function ReceiptPaper({ receipt: r, header }: { receipt: ReceiptDto; header: PaperHeader }) {
  return (
    <article className="paper receipt" aria-label="Ödeme fişi">
      <h1 className="paper-title">{header.name}</h1>
      {header.address ? <p className="receipt-center">{header.address}</p> : null}
      {header.phone ? <p className="receipt-center">Tel: {header.phone}</p> : null}
      <p className="paper-rule">ÖDEME FİŞİ · {r.table}</p>
      <p>
        {formatLongDate(r.paid_at, header.time_zone)} {formatClock(r.paid_at, header.time_zone)}
      </p>
      <p>Ödemeyi alan: {r.taken_by}</p>
      <p>{r.source === "payment" ? `Ödeme no: ${r.id}` : `Sipariş no: ${r.id}`}</p>
      <dl className="paper-sums">
        {r.discount > 0 ? (
          <Row
            label={`İndirim${r.discount_codes.length ? ` (${r.discount_codes.join(", ")})` : ""}`}
            value={`-${formatMoney(r.discount)}`}
          />
        ) : null}
        {r.service_charge > 0 ? <Row label="Servis ücreti" value={formatMoney(r.service_charge)} /> : null}
        <dt className="paper-total">ÖDENEN</dt>
        <dd className="paper-total">{formatMoney(r.amount)}</dd>
        <dt>Ödeme şekli</dt>
        <dd className="receipt-method">{r.method_label}</dd>
        {r.tip > 0 ? <Row label="Bahşiş" value={formatMoney(r.tip)} /> : null}
        {r.tendered !== null ? <Row label="Alınan" value={formatMoney(r.tendered)} /> : null}
        {r.change !== null ? <Row label="Para üstü" value={formatMoney(r.change)} /> : null}
        {r.remaining !== null ? <Row label="Masada kalan" value={formatMoney(r.remaining)} /> : null}
      </dl>
      {r.fiscal ? <p className="paper-rule">Mali belge: {r.fiscal}</p> : null}
      {header.footer ? <p className="paper-rule receipt-center">{header.footer}</p> : null}
      <p className="paper-rule paper-legal">Bilgi fişidir, mali değeri yoktur.</p>
    </article>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
