import { Link } from "react-router";
import type { BatchPaymentOutcome, PaymentReceipt } from "~/modules/payments/payments.server";
import { formatMoney } from "~/utils/money";

const PARTIAL_FAILURE = "Bazı ödemeler işlenirken hata oluştu";

/** The spec's ÖDEME BAŞARILI, with the receipt's footer from the settings. */
export function ReceiptNotice({ receipt }: { receipt: PaymentReceipt }) {
  return (
    <div className="notice notice--success payment-receipt" role="status">
      <p>
        <strong>ÖDEME BAŞARILI</strong>
        {formatMoney(receipt.amount)} {receipt.paidWith.join(" ve ")} ile alındı
        {receipt.count > 1 ? ` (${receipt.count} sipariş)` : ""}.
        {receipt.discount > 0 ? ` İndirim (${receipt.codes.join(", ")}): ${formatMoney(receipt.discount)}.` : ""}
        {receipt.serviceCharge > 0 ? ` Servis ücreti: ${formatMoney(receipt.serviceCharge)}.` : ""}
        {receipt.tip > 0 ? ` Bahşiş: ${formatMoney(receipt.tip)}.` : ""}
        {receipt.change !== null ? ` Para üstü: ${formatMoney(receipt.change)}.` : ""}
        {receipt.freed ? ` Masa ${receipt.table} boşaltıldı.` : ""}
      </p>
      <ReceiptLinks orderIds={receipt.orderIds} />
      {receipt.fiscal ? (
        <p className="m-0" data-testid="receipt-fiscal">
          Mali belge: {receipt.fiscal}
        </p>
      ) : (
        <details className="fiscal-form">
          <summary>Mali belge numarası gir</summary>
          <form method="post" className="stack">
            <input type="hidden" name="intent" value="fiscal" />
            <input type="hidden" name="table" value={receipt.table} />
            <input type="hidden" name="orders" value={receipt.orderIds.join(",")} />
            <div className="field">
              <label htmlFor="fiscal-kind">Belge</label>
              <select id="fiscal-kind" name="kind" defaultValue="okc">
                <option value="okc">ÖKC fişi (yazarkasa)</option>
                <option value="e_arsiv">e-Arşiv fatura</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="fiscal-number">Fiş no ya da ETTN</label>
              <input id="fiscal-number" name="number" required maxLength={36} autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="fiscal-z">Z no (ÖKC fişi için)</label>
              <input id="fiscal-z" name="z_number" inputMode="numeric" maxLength={10} autoComplete="off" />
            </div>
            <button type="submit" className="button">
              Kaydet
            </button>
          </form>
        </details>
      )}
      {receipt.footer ? (
        <p className="payment-receipt__footer" data-testid="receipt-footer">
          {receipt.footer}
        </p>
      ) : null}
    </div>
  );
}

/** The 80 mm receipt of each order paid (decision 089): to print, or to send to a print device. */
function ReceiptLinks({ orderIds }: { orderIds: number[] }) {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return null;
  return (
    <p className="m-0 cluster">
      {ids.map((id) => (
        <Link key={id} to={`/app/receipt?order=${id}`} className="button" data-testid="receipt-paper-link">
          {ids.length > 1 ? `80 mm fiş · Sipariş #${id}` : "80 mm fiş"}
        </Link>
      ))}
    </p>
  );
}

/** Some of the chosen orders were paid and some not: which ones, and why. */
export function PartialFailure({ failed }: { failed: BatchPaymentOutcome["failed"] }) {
  return (
    <div className="notice notice--error" role="alert">
      <strong>{PARTIAL_FAILURE}</strong>
      <ul className="notice__list">
        {failed.map((f) => (
          <li key={f.order_id}>
            Sipariş #{f.order_id}: {f.detail}
          </li>
        ))}
      </ul>
    </div>
  );
}
