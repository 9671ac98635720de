// The owner's categories (decision 068): add, rename, set the KDV rate and the kitchen station
// (decision 077), move up or down, hide or show, delete (an empty one, or moving its items to
// another). Opened by ?kategoriler=1 so that every part is a URL and a plain form: it all works
// without JavaScript.
import { Form, Link } from "react-router";
import { MAX_CATEGORY_NAME, type CategoryDto } from "~/modules/menu/categories";
import { withParams } from "~/utils/url";
import "~/styles/menu-categories.css";

type Here = { pathname: string; search: string };

const percent = (n: number) => n.toLocaleString("tr-TR", { maximumFractionDigits: 2 });

export function CategoryPanel({
  categories,
  stations,
  createKey,
  defaultKdv,
  here,
  open,
}: {
  categories: CategoryDto[];
  /** The kitchen stations a category's items can go to (decision 077). */
  stations: { id: number; name: string }[];
  createKey: string;
  defaultKdv: number;
  here: Here;
  open: boolean;
}) {
  const action = `${here.pathname}${here.search}`;
  if (!open) {
    return (
      <p>
        <Link className="button button--small" to={withParams(here, { kategoriler: "1" })} preventScrollReset>
          Kategorileri düzenle ({categories.length})
        </Link>
      </p>
    );
  }
  return (
    <section id="categories" className="card stack menu-categories" aria-labelledby="categories-title">
      <div className="menu-admin__group-head">
        <h2 id="categories-title">Kategoriler</h2>
        <Link className="button button--small button--ghost" to={withParams(here, { kategoriler: null })} preventScrollReset>
          Kapat
        </Link>
      </div>
      <p className="muted">Sıra, sipariş ekranında ve QR menüde de bu sıradır. Gizli kategoriler garsonlara ve misafirlere gösterilmez.</p>
      <ol className="menu-categories__list">
        {categories.map((c, i) => (
          <li key={c.id} className="menu-categories__item" id={`category-row-${c.key}`} data-testid="category-row">
            <Form method="post" action={action} className="menu-categories__edit" preventScrollReset>
              <input type="hidden" name="intent" value="category-update" />
              <input type="hidden" name="id" value={c.id} />
              <input type="hidden" name="version" value={c.version} />
              <div className="field">
                <label htmlFor={`category-name-${c.id}`}>Kategori adı</label>
                <input
                  id={`category-name-${c.id}`}
                  name="name"
                  defaultValue={c.name}
                  maxLength={MAX_CATEGORY_NAME}
                  required
                  key={`${c.id}-${c.version}`}
                />
              </div>
              <div className="field menu-categories__kdv">
                <label htmlFor={`category-kdv-${c.id}`}>KDV %</label>
                <input
                  id={`category-kdv-${c.id}`}
                  name="kdv_rate"
                  inputMode="decimal"
                  defaultValue={percent(c.kdv_rate)}
                  key={`${c.id}-${c.version}-kdv`}
                  required
                />
              </div>
              <div className="field">
                <label htmlFor={`category-station-${c.id}`}>İstasyon</label>
                <select id={`category-station-${c.id}`} name="station_id" defaultValue={c.station_id} key={`${c.id}-${c.version}-station`}>
                  {stations.map((st) => (
                    <option key={st.id} value={st.id}>
                      {st.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button button--small" aria-label={`${c.name} kategorisini kaydet`}>
                Kaydet
              </button>
            </Form>
            <p className="muted menu-categories__meta">
              {c.item_count} ürün{c.hidden ? " · gizli" : ""}
            </p>
            <div className="menu-categories__actions">
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="category-move" />
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="to" value={Math.max(i - 1, 0)} />
                <button type="submit" className="button button--small" disabled={i === 0} aria-label={`${c.name} kategorisini yukarı taşı`}>
                  ↑
                </button>
              </Form>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="category-move" />
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="to" value={i + 1} />
                <button
                  type="submit"
                  className="button button--small"
                  disabled={i === categories.length - 1}
                  aria-label={`${c.name} kategorisini aşağı taşı`}
                >
                  ↓
                </button>
              </Form>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="category-hidden" />
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="hidden" value={c.hidden ? "false" : "true"} />
                <button
                  type="submit"
                  className="button button--small"
                  aria-label={`${c.name} kategorisini ${c.hidden ? "göster" : "gizle"}`}
                >
                  {c.hidden ? "Göster" : "Gizle"}
                </button>
              </Form>
              <Form method="post" action={action} className="menu-categories__delete" preventScrollReset>
                <input type="hidden" name="intent" value="category-delete" />
                <input type="hidden" name="id" value={c.id} />
                {c.item_count > 0 ? (
                  <div className="field">
                    <label htmlFor={`category-move-to-${c.id}`}>Ürünleri taşı</label>
                    <select id={`category-move-to-${c.id}`} name="move_to" defaultValue="">
                      <option value="">Kategori seçin</option>
                      {categories
                        .filter((o) => o.id !== c.id)
                        .map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.name}
                          </option>
                        ))}
                    </select>
                  </div>
                ) : null}
                <button type="submit" className="button button--small button--ghost" aria-label={`${c.name} kategorisini sil`}>
                  Sil
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" action={action} className="menu-categories__edit" preventScrollReset>
        <input type="hidden" name="intent" value="category-create" />
        <input type="hidden" name="create_key" value={createKey} />
        <div className="field">
          <label htmlFor="category-new-name">Yeni kategori</label>
          <input id="category-new-name" name="name" maxLength={MAX_CATEGORY_NAME} required placeholder="Örnek: Pideler" />
        </div>
        <div className="field menu-categories__kdv">
          <label htmlFor="category-new-kdv">KDV %</label>
          <input id="category-new-kdv" name="kdv_rate" inputMode="decimal" placeholder={percent(defaultKdv)} />
        </div>
        <button type="submit" className="button button--primary button--small">
          Kategori ekle
        </button>
      </Form>
    </section>
  );
}

/**
 * The bulk bar: the items' checkboxes belong to this form (their `form` attribute), so one post
 * carries the choice, with or without JavaScript.
 */
export function BulkBar({ categories, here }: { categories: CategoryDto[]; here: Here }) {
  return (
    <Form method="post" action={`${here.pathname}${here.search}`} id="bulk-form" className="menu-bulk" preventScrollReset>
      <input type="hidden" name="intent" value="bulk" />
      <div className="field">
        <label htmlFor="bulk-action">Seçilenlere</label>
        <select id="bulk-action" name="action" defaultValue="sold_out">
          <option value="sold_out">Tükendi olarak işaretle</option>
          <option value="available">Satışa aç</option>
          <option value="move">Kategoriye taşı</option>
          <option value="delete">Sil</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="bulk-category">Taşınacak kategori</label>
        <select id="bulk-category" name="to_category" defaultValue="">
          <option value="">—</option>
          {categories.map((c) => (
            <option key={c.id} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--small">
        Uygula
      </button>
    </Form>
  );
}
