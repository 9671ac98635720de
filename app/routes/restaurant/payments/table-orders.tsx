import { useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { OrderHistory } from "~/components/app/order-history";
import { ProgressiveLink } from "~/components/app/progressive-link";
import { MAX_CODE } from "~/modules/discounts/rules";
import { formatClock } from "~/utils/dates";
import { formatMoney, sumMoney } from "~/utils/money";
import { withParams } from "~/utils/url";

/** A table's bill: its open orders to tick, a quick payment per order, the discount code and the pay buttons. */
export function TableOrders({ data: loaderData, typedCode }: { data: Route.ComponentProps["loaderData"]; typedCode?: string }) {
  const { orders, table, timeZone } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const [selected, setSelected] = useState<number[]>(loaderData.selectAll ? orders.map((o) => o.id) : []);
  useEffect(() => setSelected(loaderData.selectAll ? orders.map((o) => o.id) : []), [orders, loaderData.selectAll]);

  if (orders.length === 0) {
    return (
      <div className="card stack text-center">
        <p>Bu masa için aktif sipariş bulunmuyor</p>
        <Link className="button" to={location.pathname}>
          Masalara dön
        </Link>
      </div>
    );
  }

  const total = sumMoney(orders.filter((o) => selected.includes(o.id)).map((o) => o.total_amount));
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...new Set([...s, id])] : s.filter((x) => x !== id)));

  return (
    <Form method="post" className="stack">
      <input type="hidden" name="table" value={table!} />
      <div className="button-row">
        <ProgressiveLink
          className="button button--small"
          to={withParams(location, { select: "all" })}
          onActivate={() => setSelected(orders.map((o) => o.id))}
        >
          Tümünü Seç
        </ProgressiveLink>
        <ProgressiveLink className="button button--small" to={withParams(location, { select: "none" })} onActivate={() => setSelected([])}>
          Temizle
        </ProgressiveLink>
        <Link className="button button--small" to={`/app/bill?table=${table}`}>
          Hesabı böl
        </Link>
        <Link className="button button--small" to={`/app/adisyon?table=${table}`}>
          Adisyon
        </Link>
        <Link className="button button--small" to={`/app/table-move?table=${table}`}>
          Taşı / birleştir
        </Link>
      </div>
      {orders.map((o) => (
        <article key={o.id} className="card order-card" aria-label={`Sipariş #${o.id}`}>
          <label className="order-card__head">
            <input
              type="checkbox"
              name="order_id"
              value={o.id}
              checked={selected.includes(o.id)}
              onChange={(e) => toggle(o.id, e.target.checked)}
            />
            <span className="grow">
              <strong>Sipariş #{o.id}</strong>
              <br />
              <span className="muted">
                {formatClock(o.created_at, timeZone)} · {o.waiter_name}
              </span>
            </span>
            <strong>{formatMoney(o.total_amount)}</strong>
          </label>
          <ul className="order-card__items">
            {o.items.map((i) => (
              <li key={i.id}>
                {i.quantity} × {i.menu_item_name}
                {i.options.length > 0 ? <span className="muted"> ({i.options.map((o) => o.name).join(" · ")})</span> : null}
                {i.note ? <span className="muted"> “{i.note}”</span> : null} —{" "}
                {i.complimentary ? `İkram (${formatMoney(i.discount_applied)})` : formatMoney(i.total_price)}
              </li>
            ))}
          </ul>
          <OrderHistory events={loaderData.history.filter((e) => e.order_id === o.id)} timeZone={timeZone} />
          <div className="button-row">
            <button type="submit" name="quick" value={`cash:${o.id}`} className="button button--small">
              Nakit
            </button>
            <button type="submit" name="quick" value={`card:${o.id}`} className="button button--small">
              Kart
            </button>
          </div>
        </article>
      ))}
      <div className="summary-bar">
        <div className="cart-total">
          <span>Seçili: {selected.length} sipariş</span>
          <span data-testid="payment-total">{formatMoney(total)}</span>
        </div>
        {/* Plain HTML (the page's script budget): the server checks the code and the confirmation shows the reduced total. */}
        <div className="field">
          <label htmlFor="discount-code">İndirim kodu (isteğe bağlı)</label>
          <input
            id="discount-code"
            name="discount_code"
            maxLength={MAX_CODE}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            // Shown as the server stores it: ASCII upper case ("i" is "I", not the Turkish "İ").
            lang="en"
            className="text-upper"
            defaultValue={typedCode ?? ""}
          />
        </div>
        <div className="button-row">
          <button type="submit" name="method" value="cash" className="button grow" disabled={busy}>
            Nakit Öde
          </button>
          <button type="submit" name="method" value="card" className="button button--primary grow" disabled={busy}>
            Kartla Öde
          </button>
          {/* A button per meal card the settings accept, beside them (wrapping on a phone): it posts the
              card's name (method meal_card). No wrapper of its own: the page is at its script budget. */}
          {loaderData.mealCards.map((card) => (
            <button key={card} type="submit" name="meal_card" value={card} className="button grow" disabled={busy}>
              {card}
            </button>
          ))}
        </div>
      </div>
    </Form>
  );
}
