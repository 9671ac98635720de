import type { FormEvent, Ref } from "react";
import { withParams } from "~/utils/url";
import { ProgressiveLink } from "~/components/app/progressive-link";
import type { OrderMenuItem } from "./screen-data";
import type { QuantityLine } from "~/modules/orders/cart";
import { MAX_LINE_NOTE } from "~/modules/orders/rules";
import { formatMoney } from "~/utils/money";
import "./cart-notes.css";
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
  onNote,
  onOption,
}: {
  table: number;
  lines: QuantityLine[];
  byId: Map<number, OrderMenuItem>;
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
  /** A line's note typed (JavaScript); without it the note fields post with the form. */
  onNote: (menuItemId: number, note: string) => void;
  /** A line's option chosen in one group (its options' ids), or none (JavaScript); without it the selects post with the form. */
  onOption: (menuItemId: number, groupOptions: number[], chosen: number | null) => void;
}) {
  return (
    <section id="sepet" className="cart" aria-label="Sepet">
      <form method="post" action={`${here.pathname}${here.search}`} onSubmit={onCartSubmit}>
        <input type="hidden" name="table" value={table} />
        <input type="hidden" name="from" value="cart" />
        <input type="hidden" name="client_order_id" value={submitKey} />
        {/* Enter in a note field presses the form's first button: this one, which only keeps the notes. */}
        <button type="submit" name="notes" value="1" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Notları kaydet
        </button>
        {error ? (
          <p className="notice notice--error" role="alert" ref={errorRef} tabIndex={-1} data-testid="order-error">
            <strong>SİPARİŞ HATASI</strong>
            {error}
          </p>
        ) : null}
        {lines.length === 0 ? (
          <p className="muted m-0 mb-2">Sepet boş. Menüden ürün ekleyin.</p>
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
                  <input
                    className="cart-line__note"
                    name={`note-${l.menuItemId}`}
                    value={l.note ?? ""}
                    maxLength={MAX_LINE_NOTE}
                    placeholder="Not: acısız, az pişmiş…"
                    aria-label={`${name} için mutfağa not`}
                    autoComplete="off"
                    onChange={(event) => onNote(l.menuItemId, event.target.value)}
                  />
                  {item?.option_groups?.map((g) => (
                    <select
                      key={g.id}
                      className="cart-line__note"
                      name={`opt-${l.menuItemId}-${g.id}`}
                      value={g.options.find((o) => l.options?.includes(o.id))?.id ?? ""}
                      aria-label={`${name}: ${g.name}`}
                      onChange={(event) =>
                        onOption(
                          l.menuItemId,
                          g.options.map((o) => o.id),
                          Number(event.target.value) || null,
                        )
                      }
                    >
                      <option value="">{g.name}: seçilmedi</option>
                      {g.options.map((o) => (
                        <option key={o.id} value={o.id}>
                          {g.name}: {o.name}
                          {o.price_delta ? ` (${o.price_delta > 0 ? "+" : "−"}${formatMoney(Math.abs(o.price_delta))})` : ""}
                        </option>
                      ))}
                    </select>
                  ))}
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
            <p className="m-0 mb-2">Tüm ürünler sepetten çıkarılsın mı?</p>
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
        {editing || lines.length === 0 ? null : (
          <div className="field cart-guests">
            <label htmlFor="customer_count">Kişi sayısı</label>
            <input
              id="customer_count"
              name="customer_count"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={2}
              autoComplete="off"
              placeholder="Örn. 4"
            />
          </div>
        )}
        <div className="button-row">
          {lines.length > 0 ? (
            <ProgressiveLink className="button" to={withParams(here, { confirm: "clear" })} onActivate={() => onConfirmClear(true)}>
              Tümünü Temizle
            </ProgressiveLink>
          ) : null}
          <button type="submit" name="submit" value="1" className="button button--primary grow" disabled={busy}>
            {busy ? "Gönderiliyor…" : editing ? "Siparişi Güncelle" : "Siparişi Gönder"}
          </button>
        </div>
        {editing ? (
          <a className="button button--ghost button--small" href={`/app/table-move?table=${table}`}>
            Masayı taşı / birleştir
          </a>
        ) : null}
      </form>
    </section>
  );
}
