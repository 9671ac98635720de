// The table's bill as the cashier reads it before taking a part: what remains (first and large),
// each line with what is paid of it, the sums with KDV per rate, and the payments taken so far.
import type { BillDto, BillLine } from "~/modules/payments/bill.server";
import { paymentMethodLabel } from "~/modules/payments/meal-cards";
import { formatClock } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

const rate = (n: number) => n.toLocaleString("tr-TR");

/** Kalan, large, with the total and what is paid under it. */
export function RemainingBanner({ bill }: { bill: BillDto }) {
  return (
    <section className="card bill-remaining" aria-label="Hesap durumu">
      <p className="m-0 bill-remaining__label">Kalan</p>
      <p className="m-0 bill-remaining__value" data-testid="bill-remaining">
        {formatMoney(bill.remaining)}
      </p>
      <p className="m-0 muted">
        <span className="nowrap">
          Toplam <span data-testid="bill-total">{formatMoney(bill.total)}</span>
        </span>{" "}
        ·{" "}
        <span className="nowrap">
          Ödenen <span data-testid="bill-paid-sum">{formatMoney(bill.paid)}</span>
        </span>
      </p>
    </section>
  );
}

/** "2/3 ödendi", "Ödendi", or nothing for a line nobody has paid a part of. */
function paidState(l: BillLine): string | null {
  if (l.paid_quantity <= 0) return null;
  return l.paid_quantity >= l.quantity ? "Ödendi" : `${l.paid_quantity}/${l.quantity} ödendi`;
}

/** Whose options and note, under the line's name. */
export function LineDetails({ line }: { line: BillLine }) {
  return (
    <>
      {line.options.length > 0 ? <span className="bill-line__sub">{line.options.map((o) => o.name).join(" · ")}</span> : null}
      {line.note ? <span className="bill-line__sub">Not: {line.note}</span> : null}
    </>
  );
}

export function BillSummary({ bill, timeZone }: { bill: BillDto; timeZone: string }) {
  return (
    <section className="card stack bill-summary" aria-labelledby="bill-lines-title">
      <h2 id="bill-lines-title" className="section-title m-0">
        Adisyon
      </h2>
      <ul className="list-plain bill-lines">
        {bill.lines.map((l) => {
          const paid = paidState(l);
          return (
            <li key={l.order_item_id} className="bill-line" data-paid={paid === "Ödendi" ? "all" : paid ? "part" : undefined}>
              <span className="bill-line__name">
                {l.quantity} × {l.name}
                <LineDetails line={l} />
                {paid ? <span className="bill-line__paid">{paid}</span> : null}
              </span>
              <span className="bill-line__amount">{l.complimentary ? "İkram" : formatMoney(l.amount)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="bill-sums m-0">
        <dt>Ara toplam</dt>
        <dd>{formatMoney(bill.subtotal)}</dd>
        {bill.discount > 0 ? (
          <>
            <dt>İndirim</dt>
            <dd>−{formatMoney(bill.discount)}</dd>
          </>
        ) : null}
        {bill.service_charge > 0 ? (
          <>
            <dt>Servis ücreti (%{rate(bill.service_charge_rate)})</dt>
            <dd>{formatMoney(bill.service_charge)}</dd>
          </>
        ) : null}
        <dt className="bill-sums__strong">Toplam</dt>
        <dd className="bill-sums__strong">{formatMoney(bill.total)}</dd>
        {bill.tax.map((t) => (
          <Row key={t.rate} label={`KDV %${rate(t.rate)} (dahil)`} value={formatMoney(t.amount)} muted />
        ))}
        <dt>Ödenen</dt>
        <dd>{formatMoney(bill.paid)}</dd>
        <dt className="bill-sums__strong">Kalan</dt>
        <dd className="bill-sums__strong">{formatMoney(bill.remaining)}</dd>
      </dl>
      {bill.payments.length > 0 ? (
        <>
          <h3 className="subsection-title mb-0">Alınan ödemeler</h3>
          <ul className="list-plain bill-payments" data-testid="bill-payments">
            {bill.payments.map((p) => (
              <li key={p.id} className="cluster cluster--between cluster--nowrap">
                <span>
                  {paymentMethodLabel(p.method as "cash" | "card" | "meal_card", p.meal_card)} {formatMoney(p.amount)}
                  {p.tip > 0 ? <span className="muted"> · bahşiş {formatMoney(p.tip)}</span> : null}
                </span>
                <span className="muted small">{formatClock(p.paid_at, timeZone)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function Row({ label, value, muted }: { label: string; value: string; muted?: boolean }) {
  return (
    <>
      <dt className={muted ? "muted" : undefined}>{label}</dt>
      <dd className={muted ? "muted" : undefined}>{value}</dd>
    </>
  );
}
