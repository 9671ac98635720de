// The result of a payment on the "Hesap" screen: the action redirects with the payment's id in the
// address (`&paid=`), and the loader reads the answer stored with that payment of this restaurant
// (a typed address cannot show a payment that did not happen). Not the flash cookie: a live reload
// racing the redirect read it first, and the screen kept showing the payment before (seen in e2e).
import type { TablePaymentResult } from "~/modules/payments/split.server";
import { paidWithText } from "~/modules/payments/meal-cards";
import { Link } from "react-router";
import { formatMoney } from "~/utils/money";

export interface PaidNotice {
  /** The payment (a replay names the first one). */
  id: number;
  amount: number;
  /** "kart", "nakit" or the meal card's name, as "… ile alındı" says it. */
  paid_with: string;
  service: number;
  discount: number;
  tip: number;
  change: number | null;
  remaining: number;
  freed: boolean;
  replayed: boolean;
}

export function noticeOf(r: TablePaymentResult): PaidNotice {
  return {
    id: r.payment_id,
    amount: r.amount,
    paid_with: paidWithText(r.method, r.meal_card),
    service: r.service_charge,
    discount: r.discount_amount,
    tip: r.tip,
    change: r.change,
    remaining: r.remaining,
    freed: r.table_freed,
    replayed: Boolean(r.replayed),
  };
}

export function PaidNoticeView({ notice }: { notice: PaidNotice }) {
  return (
    <div className="notice notice--success bill-paid" role="status" data-testid="bill-paid">
      <strong>{notice.replayed ? "BU ÖDEME DAHA ÖNCE ALINDI" : "ÖDEME ALINDI"}</strong>
      <p className="m-0">
        <span data-testid="bill-paid-amount">{formatMoney(notice.amount)}</span> {notice.paid_with} ile alındı.
        {notice.discount > 0 ? ` İndirim: ${formatMoney(notice.discount)}.` : ""}
        {notice.service > 0 ? ` Servis ücreti: ${formatMoney(notice.service)}.` : ""}
        {notice.tip > 0 ? ` Bahşiş: ${formatMoney(notice.tip)}.` : ""}
      </p>
      {notice.change !== null ? (
        <p className="m-0 bill-paid__change" data-testid="bill-change">
          Para üstü: {formatMoney(notice.change)}
        </p>
      ) : null}
      <p className="m-0" data-testid="bill-paid-remaining">
        {notice.freed
          ? "Hesap kapandı. Masa boşaldı."
          : notice.remaining > 0
            ? `Kalan: ${formatMoney(notice.remaining)}`
            : "Hesap kapandı."}
      </p>
      <p className="m-0">
        <Link to={`/app/receipt?payment=${notice.id}`} className="button button--small">
          80 mm fiş
        </Link>
      </p>
    </div>
  );
}
