import { Form, Link } from "react-router";
import { menuPhotoUrl } from "~/modules/menu/photo-urls";
import { availabilityLabel } from "~/modules/menu/rules";
import { formatMoney } from "~/utils/money";
import { withParams } from "~/utils/url";
import type { MenuGroup } from "./grouping";

type Here = { pathname: string; search: string };

/** The search: a GET form, so it works without JavaScript (the server filters). */
export function SearchForm({ q, here }: { q: string; here: Here }) {
  return (
    <Form method="get" role="search" className="inline-form">
      <div className="field">
        <label htmlFor="menu-search">Menüde ara</label>
        <input id="menu-search" name="q" type="search" defaultValue={q} key={q} placeholder="Ürün adı ya da açıklama" autoComplete="off" />
      </div>
      <button type="submit" className="button">
        Ara
      </button>
      {q ? (
        <Link className="button button--ghost" to={withParams(here, { q: null })} aria-label="Aramayı temizle">
          Temizle
        </Link>
      ) : null}
    </Form>
  );
}

export function CategoryGroup({ group, here, searching }: { group: MenuGroup; here: Here; searching: boolean }) {
  const headingId = `category-${group.category}`;
  return (
    <section className="menu-admin__group" aria-labelledby={headingId}>
      <div className="menu-admin__group-head">
        <h2 id={headingId}>
          {group.label}{" "}
          <span className="muted">
            ({group.count}){group.hidden ? " · gizli" : ""}
          </span>
        </h2>
        <Link
          className="button button--small button--ghost"
          to={withParams(here, { new: "1", category: group.category, edit: null, delete: null })}
          preventScrollReset
          aria-label={`${group.label} kategorisine ürün ekle`}
        >
          + Ekle
        </Link>
      </div>
      {group.items.length === 0 ? (
        <p className="muted">Bu kategoride ürün yok.</p>
      ) : (
        <ul className="menu-admin__list">
          {group.items.map((item) => (
            <ItemRow key={item.id} item={item} here={here} canMove={!searching} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ItemRow({ item, here, canMove }: { item: MenuGroup["items"][number]; here: Here; canMove: boolean }) {
  const action = `${here.pathname}${here.search}`;
  return (
    <li className={`menu-admin__item${item.available ? "" : " menu-admin__item--sold-out"}`} id={`item-${item.id}`} data-testid="menu-item">
      <div className="menu-admin__main">
        {/* Belongs to the bulk bar's form (category-panel.tsx): one post carries every ticked item. */}
        <input type="checkbox" className="menu-bulk__check" form="bulk-form" name="ids" value={item.id} aria-label={`${item.name} seç`} />
        <div className="menu-photo__row">
          {item.photo ? (
            <img className="menu-photo__thumb" src={menuPhotoUrl(item.photo, "thumb")} alt="" width={48} height={48} loading="lazy" />
          ) : null}
          <div className="menu-admin__text">
            <span className="menu-admin__name">{item.name}</span>
            <span className="menu-admin__price">{formatMoney(item.price)}</span>
            {item.description ? <span className="menu-admin__description">{item.description}</span> : null}
          </div>
        </div>
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="availability" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="available" value={item.available ? "false" : "true"} />
          <button
            type="submit"
            className="sale-switch"
            role="switch"
            aria-checked={item.available}
            aria-label={`${item.name}: ${availabilityLabel(item.available)}. ${item.available ? "Tükendi olarak işaretle" : "Satışa aç"}`}
          >
            <span className="sale-switch__track" aria-hidden="true" />
            <span className="sale-switch__label">{availabilityLabel(item.available)}</span>
          </button>
        </Form>
      </div>
      <div className="menu-admin__actions">
        {canMove ? (
          <>
            <Form method="post" action={action} preventScrollReset>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="to" value={Math.max(item.position - 1, 0)} />
              <button type="submit" className="button button--small" disabled={item.position === 0} aria-label={`${item.name} yukarı taşı`}>
                ↑
              </button>
            </Form>
            <Form method="post" action={action} preventScrollReset>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="to" value={item.position + 1} />
              <button type="submit" className="button button--small" disabled={item.last} aria-label={`${item.name} aşağı taşı`}>
                ↓
              </button>
            </Form>
          </>
        ) : null}
        <Link
          className="button button--small"
          to={withParams(here, { edit: String(item.id), new: null, delete: null, category: null, photo: null })}
          preventScrollReset
          aria-label={`${item.name} düzenle`}
        >
          Düzenle
        </Link>
        <Link
          className="button button--small"
          to={withParams(here, { photo: String(item.id), new: null, edit: null, delete: null, category: null })}
          preventScrollReset
          aria-label={`Fotoğraf: ${item.name}`}
        >
          Fotoğraf
        </Link>
        <Link
          className="button button--small button--ghost menu-admin__delete"
          to={withParams(here, { delete: String(item.id), new: null, edit: null, category: null, photo: null })}
          preventScrollReset
          aria-label={`${item.name} sil`}
        >
          Sil
        </Link>
      </div>
    </li>
  );
}
