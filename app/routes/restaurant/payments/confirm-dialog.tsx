import { Form, Link, useLocation, useNavigation } from "react-router";
import { Modal } from "~/components/app/modal";
import { formatMoney } from "~/utils/money";
import type { PaymentConfirmation } from "./payment-confirmation.server";

/** The confirmation (the first post's answer): what will be charged, and the form that pays it. */
export function ConfirmPayment({ confirm, table }: { confirm: PaymentConfirmation; table: number }) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const closeTo = `${location.pathname}${location.search}`;
  return (
    <Modal title="Ödeme Onayı" closeTo={closeTo}>
      <dl className="stack m-0 mb-4">
        <div>
          <dt className="muted">Yöntem</dt>
          <dd className="m-0 text-bold">{confirm.methodLabel}</dd>
        </div>
        {confirm.discount ? (
          <>
            <div>
              <dt className="muted">Ara toplam</dt>
              <dd className="m-0">{formatMoney(confirm.subtotal)}</dd>
            </div>
            <div>
              <dt className="muted">İndirim ({confirm.discount.code})</dt>
              <dd className="m-0 text-bold" data-testid="confirm-discount">
                −{formatMoney(confirm.discount.amount)}
              </dd>
            </div>
          </>
        ) : null}
        {confirm.serviceCharge > 0 ? (
          <div>
            <dt className="muted">Servis ücreti</dt>
            <dd className="m-0" data-testid="confirm-service">
              {formatMoney(confirm.serviceCharge)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="muted">Tutar</dt>
          <dd className="m-0 text-bold" data-testid="confirm-amount">
            {formatMoney(confirm.amount)}
          </dd>
        </div>
        <div>
          <dt className="muted">Sipariş sayısı</dt>
          <dd className="m-0 text-bold">{confirm.count}</dd>
        </div>
      </dl>
      <Form method="post" action={closeTo} className="stack">
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="table" value={table} />
        <input type="hidden" name="method" value={confirm.method} />
        {confirm.mealCard ? <input type="hidden" name="meal_card" value={confirm.mealCard} /> : null}
        <input type="hidden" name="pay_key" value={confirm.payKey} />
        {confirm.discount ? <input type="hidden" name="discount_code" value={confirm.discount.code} /> : null}
        {confirm.orderIds.map((id) => (
          <input key={id} type="hidden" name="order_id" value={id} />
        ))}
        {/* Bahşiş is apart from the amount; the change is worked out on the server (decision 085). */}
        <div className="field">
          <label htmlFor="pay-tip">Bahşiş</label>
          <input id="pay-tip" name="tip" inputMode="decimal" autoComplete="off" placeholder="0,00" />
        </div>
        {confirm.method === "cash" ? (
          <div className="field">
            <label htmlFor="pay-tendered">Alınan (nakit)</label>
            <input id="pay-tendered" name="tendered" inputMode="decimal" autoComplete="off" placeholder={formatMoney(confirm.amount)} />
          </div>
        ) : null}
        <div className="button-row">
          <Link className="button" to={closeTo} replace>
            Vazgeç
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "İşleniyor…" : "Onayla"}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
