import type { FormEvent } from "react";
import { Form } from "react-router";
import { withParams } from "~/utils/url";
import { ProgressiveLink } from "~/components/app/progressive-link";
import type { MenuItemDto } from "~/modules/menu/menu.server";
import { formatMoney } from "~/utils/money";
import { matchesSearch } from "~/utils/turkish-text";

/** The available items matching the category and the search (Turkish folding: "iskender" finds "İskender"). */
export function shownItems(menu: MenuItemDto[], category: string, q: string) {
  return menu.filter((m) => m.available && (!category || m.category === category) && matchesSearch(q, m.name));
}

/**
 * The menu: search (with a clear link), category chips (choosing one clears the
 * search) and the items with + and +3. Without JavaScript the search and the
 * chips are URLs and the buttons post; with it they act on the page.
 */
export function MenuPanel({
  table,
  items,
  categories,
  q,
  category,
  here,
  onSearch,
  onCategory,
  onCartSubmit,
}: {
  table: number;
  items: MenuItemDto[];
  /** The chips: the restaurant's visible categories in the owner's order. */
  categories: { key: string; label: string }[];
  q: string;
  category: string;
  here: { pathname: string; search: string };
  onSearch: (q: string) => void;
  onCategory: (category: string) => void;
  onCartSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <>
      <Form method="get" role="search" className="inline-form" onSubmit={(e) => e.preventDefault()}>
        <input type="hidden" name="table" value={table} />
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <div className="field">
          <label htmlFor="menu-search">Menüde ara</label>
          <input
            id="menu-search"
            name="q"
            type="search"
            value={q}
            onChange={(e) => onSearch(e.target.value)}
            placeholder="Ürün adı"
            autoComplete="off"
          />
        </div>
        <button type="submit" className="button">
          Ara
        </button>
        {q ? (
          <ProgressiveLink
            className="button button--ghost"
            to={withParams(here, { q: null, confirm: null })}
            onActivate={() => onSearch("")}
            aria-label="Aramayı temizle"
          >
            Temizle
          </ProgressiveLink>
        ) : null}
      </Form>

      <nav className="chips" aria-label="Kategoriler">
        {[{ key: "", label: "Tümü" }, ...categories].map((c) => (
          <ProgressiveLink
            key={c.key || "all"}
            className="chip"
            aria-current={category === c.key}
            to={withParams(here, { category: c.key || null, q: null, confirm: null })}
            onActivate={() => onCategory(c.key)}
          >
            {c.label}
          </ProgressiveLink>
        ))}
      </nav>

      <form method="post" action={`${here.pathname}${here.search}`} onSubmit={onCartSubmit} aria-label="Menü">
        <input type="hidden" name="table" value={table} />
        <input type="hidden" name="from" value="menu" />
        {items.length === 0 ? <p className="muted">Bu aramada ürün yok.</p> : null}
        <ul className="menu-list">
          {items.map((m) => (
            <MenuRow key={m.id} item={m} />
          ))}
        </ul>
      </form>
    </>
  );
}

function MenuRow({ item }: { item: MenuItemDto }) {
  return (
    <li className="menu-item" id={`item-${item.id}`}>
      <div className="menu-item__text">
        <div className="menu-item__name">{item.name}</div>
        <div className="menu-item__price">{formatMoney(item.price)}</div>
      </div>
      <button type="submit" name="add" value={item.id} className="button" aria-label={`${item.name} ekle`}>
        +
      </button>
      <button type="submit" name="add3" value={item.id} className="button" aria-label={`${item.name} 3 adet ekle`}>
        +3
      </button>
    </li>
  );
}
