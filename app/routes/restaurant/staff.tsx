import { Link } from "react-router";
import type { Route } from "./+types/staff";
import { AppHeader, LogoutButton } from "~/components/app/app-header";
import { TableTile } from "~/components/app/table-tile";
import { usePoll } from "~/components/app/use-poll";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { tileAction } from "~/modules/tables/labels";
import { listTables, type TableDto } from "~/modules/tables/tables.server";
import { formatMoney } from "~/utils/money";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user, restaurant } = context.get(restaurantAuthContext);
  const total = Number(url.searchParams.get("total"));
  return {
    staffName: `${user.firstName} ${user.lastName}`,
    restaurantName: restaurant.name,
    tables: await listTables(restaurant.id),
    saved:
      url.searchParams.get("success") === "order"
        ? { table: url.searchParams.get("table") ?? "", total: Number.isFinite(total) ? total : null }
        : null,
    networkError: url.searchParams.get("error") === "network",
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Personel Paneli — Sofra" }];

export default function StaffPanel({ loaderData }: Route.ComponentProps) {
  // Every waiter's phone polls the tables every 3 seconds while the screen is visible.
  const { data: tables, stale } = usePoll<TableDto[]>("/api/tables", 3000, loaderData.tables);
  const { saved } = loaderData;
  return (
    <>
      <AppHeader title={loaderData.staffName} backTo="/app/role-selection" backLabel="Rol seçimine dön">
        <LogoutButton />
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          {saved ? (
            <p className="notice notice--success" role="status">
              <strong>Sipariş kaydedildi!</strong>
              Masa {saved.table}
              {saved.total !== null ? ` · ${formatMoney(saved.total)}` : ""}
            </p>
          ) : null}
          {loaderData.networkError ? (
            <p className="notice notice--error" role="alert">
              <strong>Bağlantı hatası</strong>
              Sipariş sunucuya ulaşmadı. İnternet bağlantınızı kontrol edip tekrar deneyin.
            </p>
          ) : null}
          <Link className="button button--primary button--block" to="/app/order-taking">
            Sipariş Al
          </Link>
          <div style={{ display: "flex", alignItems: "baseline", justifyContent: "space-between" }}>
            <h1 style={{ fontSize: "1.3rem", margin: 0 }}>Masalar</h1>
            {stale ? <span className="stale">Bağlantı yok, son bilgiler gösteriliyor</span> : null}
          </div>
          {tables.length === 0 ? (
            <div className="card stack" style={{ textAlign: "center" }}>
              <p>Masa bilgisi bulunamadı.</p>
              <Link className="button" to="/app/staff" reloadDocument>
                Tekrar Dene
              </Link>
            </div>
          ) : (
            <div className="table-grid">
              {tables.map((t) => (
                <TableTile key={t.id} table={t} to={`/app/order-taking?table=${t.number}`} footer={tileAction(t.status as never)} />
              ))}
            </div>
          )}
        </div>
      </main>
    </>
  );
}
