import { useState } from "react";
import { Link } from "react-router";
import { useOfflineOrders, useQueueSender } from "~/offline/offline-client";
import { discardOfflineOrder, retryOfflineOrder, type OfflineOrder } from "~/offline/offline-db";
import { announceChange } from "~/offline/sync";
import { formatClock } from "~/utils/dates";

/** Orders taken on this device without a connection: waiting to be sent, or refused by the server. */
export function OfflineOrders({ restaurantId }: { restaurantId: number | null }) {
  const { waiting, refused, reload } = useOfflineOrders(restaurantId);
  const send = useQueueSender(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  if (waiting.length === 0 && refused.length === 0) return null;

  const changed = async () => {
    announceChange();
    await reload();
  };
  return (
    <section className="card stack" aria-labelledby="offline-orders-title">
      <h2 id="offline-orders-title" className="section-title m-0">
        Bu cihazdaki siparişler
      </h2>
      {waiting.length > 0 ? <p className="muted small m-0">{waiting.length} sipariş bağlantı gelince gönderilecek.</p> : null}
      <div className="offline-orders">
        {[...refused, ...waiting].map((order) => (
          <OfflineOrderCard
            key={order.id}
            order={order}
            confirming={confirming === order.id}
            onRetry={async () => {
              await retryOfflineOrder(order.id!);
              await changed();
              await send();
            }}
            onAskDiscard={() => setConfirming(order.id!)}
            onCancelDiscard={() => setConfirming(null)}
            onDiscard={async () => {
              await discardOfflineOrder(order.id!);
              setConfirming(null);
              await changed();
            }}
          />
        ))}
      </div>
    </section>
  );
}

function OfflineOrderCard({
  order,
  confirming,
  onRetry,
  onAskDiscard,
  onCancelDiscard,
  onDiscard,
}: {
  order: OfflineOrder;
  confirming: boolean;
  onRetry: () => void;
  onAskDiscard: () => void;
  onCancelDiscard: () => void;
  onDiscard: () => void;
}) {
  const failed = order.syncStatus === "failed";
  return (
    <article
      className={`offline-order${failed ? " offline-order--failed" : ""}`}
      aria-label={`Masa ${order.table_number} çevrimdışı sipariş`}
    >
      <div className="cluster cluster--between">
        <strong>Masa {order.table_number}</strong>
        <span className="muted small">{formatClock(new Date(order.timestamp))}</span>
      </div>
      <span className="small">{order.items.map((i) => `${i.quantity} × ${i.menu_item_name ?? `#${i.menu_item_id}`}`).join(", ")}</span>
      {failed ? (
        <>
          <span className="small" role="alert">
            <strong>Gönderilemedi:</strong> {order.error}
          </span>
          {confirming ? (
            <div className="button-row">
              <span className="small">Bu sipariş silinsin mi?</span>
              <button type="button" className="button button--small button--danger" onClick={onDiscard}>
                Evet, sil
              </button>
              <button type="button" className="button button--small" onClick={onCancelDiscard}>
                Vazgeç
              </button>
            </div>
          ) : (
            <div className="button-row">
              <Link className="button button--small" to={`/app/order-taking?table=${order.table_number}&fix=${order.id}`}>
                Düzelt
              </Link>
              <button type="button" className="button button--small" onClick={onRetry}>
                Tekrar gönder
              </button>
              <button type="button" className="button button--small button--ghost" onClick={onAskDiscard}>
                Sil
              </button>
            </div>
          )}
        </>
      ) : (
        <span className="badge self-start">Gönderilmeyi bekliyor</span>
      )}
    </article>
  );
}
