import { Link } from "react-router";
import type { Route } from "./+types/admin";
import { AppHeader, LogoutButton } from "~/components/app/app-header";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { MANAGEMENT_MENU } from "~/modules/restaurants/app-sections";

export async function loader({ context }: Route.LoaderArgs) {
  const { restaurant, user } = context.get(restaurantAuthContext);
  return { restaurantName: restaurant.name, firstName: user.firstName };
}

export const meta: Route.MetaFunction = () => [{ title: "Yönetici Paneli — Sofra" }];

export default function ManagerPanel({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AppHeader title={`Yönetici Paneli · ${loaderData.restaurantName}`} backTo="/app/role-selection" backLabel="Rol seçimine dön">
        <LogoutButton confirmMessage="Çıkış yapmak istediğinizden emin misiniz?" />
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          <h1>Hoş geldiniz, {loaderData.firstName}</h1>
          <div className="button-row">
            <Link className="button button--primary" to="/app/order-taking">
              Sipariş Al
            </Link>
            <Link className="button" to="/payments">
              Ödeme Al
            </Link>
          </div>
          <h2>Tüm Yönetim</h2>
          <nav className="tile-grid" aria-label="Tüm yönetim">
            {MANAGEMENT_MENU.map((s) => (
              <Link key={s.path} className="tile" to={`/app/${s.path}`}>
                <span aria-hidden="true">{s.icon}</span>
                <span>{s.title}</span>
              </Link>
            ))}
          </nav>
        </div>
      </main>
    </>
  );
}
