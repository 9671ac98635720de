// /menu/{slug}: the restaurant's menu for guests, opened from a table's QR code. No login,
// and no JavaScript at all (handle.scripts = false: the page is HTML and one small
// stylesheet, quick on a cheap phone on a slow network). `?masa=N` shows the table the code
// was printed for. Unknown restaurants, and those whose subscription is not active, get a
// Turkish 404 (decision 038). Public data, so shared caches may keep it for a minute.
import { data } from "react-router";
import type { Route } from "./+types/public-menu";
import type { RouteHandle } from "~/root";
import { menuPhotoUrl, PHOTO_SIZES } from "~/modules/menu/photo-urls";
import { publicMenu } from "~/modules/menu/public-menu.server";
import { tableTitle } from "~/modules/qr-menu/rules";
import { formatMoney } from "~/utils/money";
import { positiveIntOrNull } from "~/utils/numbers";
import "~/styles/public-menu.css";

export const handle: RouteHandle = { scripts: false };

const CACHE = "public, max-age=60, stale-while-revalidate=300";

export async function loader({ params, url }: Route.LoaderArgs) {
  const table = positiveIntOrNull(url.searchParams.get("masa"));
  const result = await publicMenu(params.slug, table !== null && table <= 2_147_483_647 ? table : null);
  if (result.kind !== "menu") {
    return data(
      { menu: null, closedName: result.kind === "closed" ? result.name : null },
      { status: 404, headers: { "Cache-Control": "public, max-age=60" } },
    );
  }
  const { updatedAt, ...menu } = result.menu;
  return data({ menu, closedName: null }, { headers: { "Cache-Control": CACHE, "Last-Modified": updatedAt.toUTCString() } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const menu = loaderData?.menu;
  if (!menu) return [{ title: "Menü bulunamadı — Sofra" }, { name: "robots", content: "noindex" }];
  return [
    { title: `${menu.restaurant.name} — Menü` },
    { name: "description", content: `${menu.restaurant.name} menüsü: fiyatlar ve ürünler.` },
  ];
};

export default function PublicMenu({ loaderData }: Route.ComponentProps) {
  const { menu, closedName } = loaderData;
  if (!menu) {
    return (
      <main className="pm pm--missing">
        <p className="pm-missing__code">404</p>
        <h1>{closedName ? "Menü şu anda yayında değil" : "Menü bulunamadı"}</h1>
        <p>
          {closedName
            ? `${closedName} menüsü şu anda görüntülenemiyor. Lütfen restoran çalışanlarına sorun.`
            : "Bu adreste bir restoran menüsü yok. QR kodu yeniden okutmayı deneyin ya da restoran çalışanlarına sorun."}
        </p>
      </main>
    );
  }
  const { restaurant, categories, table } = menu;
  return (
    <div className="pm">
      <header className="pm-header">
        <h1>{restaurant.name}</h1>
        {table ? (
          <p className="pm-table" data-testid="menu-table">
            {tableTitle(table.number, table.displayName)}
          </p>
        ) : null}
        {restaurant.address ? <p className="pm-contact">{restaurant.address}</p> : null}
        {restaurant.phone ? (
          <p className="pm-contact">
            Tel: <a href={`tel:${restaurant.phone.replace(/[^\d+]/g, "")}`}>{restaurant.phone}</a>
          </p>
        ) : null}
      </header>
      {categories.length > 1 ? (
        <nav className="pm-nav" aria-label="Kategoriler">
          {categories.map((c) => (
            <a key={c.category} href={`#${c.category}`}>
              {c.label}
            </a>
          ))}
        </nav>
      ) : null}
      <main>
        {categories.length === 0 ? <p className="pm-empty">Menü henüz hazırlanıyor.</p> : null}
        {categories.map((c) => (
          <section key={c.category} id={c.category} className="pm-section" aria-labelledby={`${c.category}-title`}>
            <h2 id={`${c.category}-title`}>{c.label}</h2>
            <ul className="pm-list">
              {c.items.map((item) => (
                <li key={item.id} className={item.available ? "pm-item" : "pm-item pm-item--sold-out"} data-testid="public-menu-item">
                  {item.photo ? (
                    <a className="pm-photo" href={menuPhotoUrl(item.photo, "large")} aria-label={`${item.name} fotoğrafını büyüt`}>
                      <img
                        src={menuPhotoUrl(item.photo, "thumb")}
                        width={PHOTO_SIZES.thumb / 2}
                        height={PHOTO_SIZES.thumb / 2}
                        alt={item.name}
                        loading="lazy"
                        decoding="async"
                      />
                    </a>
                  ) : null}
                  <div className="pm-item__text">
                    <h3 className="pm-item__name">{item.name}</h3>
                    {item.description ? <p className="pm-item__description">{item.description}</p> : null}
                  </div>
                  <p className="pm-item__price">
                    {item.available ? (
                      formatMoney(item.price)
                    ) : (
                      <>
                        <s>{formatMoney(item.price)}</s> <span className="pm-sold-out">Tükendi</span>
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
      <footer className="pm-footer">Sofra ile hazırlandı</footer>
    </div>
  );
}
