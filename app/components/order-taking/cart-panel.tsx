import type { FormEvent, Ref } from "react";
import { withParams } from "~/utils/url";
import { ProgressiveLink } from "~/components/app/progressive-link";
import type { MenuItemDto } from "~/modules/menu/menu.server";
import type { QuantityLine } from "~/modules/orders/cart";
import { formatMoney } from "~/utils/money";
import { TakeAwayApproval } from "./take-away-approval";

/**
 * The cart: its lines with −, +, ikram and remove, the total, clearing (after a
 * confirmation) and sending. One form: the buttons post their intent without
 * JavaScript; with it the page's cart handles them (`onCartSubmit`). The forms
 * post to the page's URL without its fragment: a redirect that has none (after
 * sending, to the staff panel) would otherwise keep the `#item-…` of the last tap.
 */
export function CartPanel({
  table,
  lines,
  byId,
  total,
  count,
  submitKey,
  error,
  errorRef,
  confirmClear,
  approval,
  busy,
  editing,
  here,
  onConfirmClear,
  onCartSubmit,
}: {
  table: number;
  lines: QuantityLine[];
  byId: Map<number, MenuItemDto>;
  total: number;
  count: number;
  submitKey: string;
  error: string | null;
  /** The error's element: the screen scrolls it into view and focuses it. */
  errorRef?: Ref<HTMLParagraphElement>;
  confirmClear: boolean;
  /** The cart takes sent items away: ask for a reason (and the manager password outside manager mode). */
  approval: { managerMode: boolean } | null;
  busy: boolean;
  editing: boolean;
  here: { pathname: string; search: string };
  onConfirmClear: (open: boolean) => void;
  onCartSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <section id="sepet" className="cart" aria-label="Sepet">
      <form method="post" action={`${here.pathname}${here.search}`} onSubmit={onCartSubmit}>
        <input type="hidden" name="table" value={table} />
        <input type="hidden" name="from" value="cart" />
        <input type="hidden" name="client_order_id" value={submitKey} />
        {error ? (
          <p className="notice notice--error" role="alert" ref={errorRef} tabIndex={-1} data-testid="order-error">
            <strong>SİPARİŞ HATASI</strong>
            {error}
          </p>
        ) : null}
        {lines.length === 0 ? (
          <p className="muted" style={{ margin: "0 0 10px" }}>
            Sepet boş. Menüden ürün ekleyin.
          </p>
        ) : (
          <ul className="cart-lines">
            {lines.map((l) => {
              const item = byId.get(l.menuItemId);
              const name = item?.name ?? "Ürün";
              return (
                <li key={l.menuItemId} className="cart-line" id={`cart-item-${l.menuItemId}`}>
                  <span className="cart-line__name">
                    {item?.name ?? `Ürün #${l.menuItemId}`}
                    {item && !item.available ? <span className="stale"> (satışta değil)</span> : null}
                    <br />
                    {l.free ? (
                      <>
                        <span className="muted">+{l.free} ikram </span>
                        <button
                          type="submit"
                          name="uncomp"
                          value={l.menuItemId}
                          className="button button--small button--ghost"
                          aria-label={`${name} ikramı geri al`}
                        >
                          Geri al
                        </button>
                      </>
                    ) : null}
                    {l.quantity > 0 ? (
                      <button
                        type="submit"
                        name="comp"
                        value={l.menuItemId}
                        className="button button--small button--ghost"
                        aria-label={`İkram: ${name}`}
                      >
                        İkram
                      </button>
                    ) : null}
                  </span>
                  <button type="submit" name="dec" value={l.menuItemId} className="button" aria-label={`${name} bir azalt`}>
                    −
                  </button>
                  <span className="cart-line__qty" aria-label="Adet">
                    {l.quantity}
                  </span>
                  <button type="submit" name="add" value={l.menuItemId} className="button" aria-label={`${name} bir artır`}>
                    +
                  </button>
                  <button type="submit" name="remove" value={l.menuItemId} className="button button--ghost" aria-label={`${name} çıkar`}>
                    ✕
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className="cart-total">
          <span>
            Toplam <span className="muted">({count} ürün)</span>
          </span>
          <span data-testid="cart-total">{formatMoney(total)}</span>
        </div>
        {confirmClear ? (
          <div className="notice notice--error" role="alertdialog" aria-label="Sepeti temizle">
            <p style={{ margin: "0 0 8px" }}>Tüm ürünler sepetten çıkarılsın mı?</p>
            <div className="button-row">
              <button type="submit" name="clear" value="1" className="button button--danger">
                Evet, temizle
              </button>
              <ProgressiveLink className="button" to={withParams(here, { confirm: null })} onActivate={() => onConfirmClear(false)}>
                Vazgeç
              </ProgressiveLink>
            </div>
          </div>
        ) : null}
        {approval ? <TakeAwayApproval managerMode={approval.managerMode} /> : null}
        <div className="button-row">
          {lines.length > 0 ? (
            <ProgressiveLink className="button" to={withParams(here, { confirm: "clear" })} onActivate={() => onConfirmClear(true)}>
              Tümünü Temizle
            </ProgressiveLink>
          ) : null}
          <button type="submit" name="submit" value="1" className="button button--primary" style={{ flex: 1 }} disabled={busy}>
            {busy ? "Gönderiliyor…" : editing ? "Siparişi Güncelle" : "Siparişi Gönder"}
          </button>
        </div>
      </form>
    </section>
  );
}
