import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import type { Route } from "./+types/welcome";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { TRIAL_DAYS } from "~/modules/billing/catalog";
import { countTables } from "~/modules/tables/tables.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { user, restaurant } = context.get(restaurantAuthContext);
  return { firstName: user.firstName, restaurantName: restaurant.name, tableCount: await countTables(restaurant.id) };
}

export const meta: Route.MetaFunction = () => [{ title: "Hoş geldiniz — Sofra" }];

export default function Welcome({ loaderData }: Route.ComponentProps) {
  return (
    <main className="app-main">
      <div className="container narrow">
        <div className="card stack">
          <div className="welcome-card__icon" aria-hidden="true">
            <Icon name="party-popper" size={40} />
          </div>
          <h1>Tebrikler {loaderData.firstName}!</h1>
          <p>
            <strong>{loaderData.restaurantName}</strong> Sofra'ya katıldı. {TRIAL_DAYS} günlük ücretsiz deneme süreniz başladı.
          </p>
          <ul className="checklist">
            <li>{loaderData.tableCount} masa otomatik olarak tanımlandı</li>
            <li>Örnek menü ürünleri eklendi</li>
            <li>Personel yönetimi hazır</li>
            <li>Raporlama aktif</li>
          </ul>
          <Link className="button button--primary button--block" to="/app/role-selection">
            Başlayalım
          </Link>
        </div>
      </div>
    </main>
  );
}
