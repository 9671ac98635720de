import { Link } from "react-router";
import type { Route } from "./+types/staff";
import { AppHeader, LogoutButton } from "~/components/app/app-header";
import { restaurantAuthContext } from "~/modules/auth/guards.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(restaurantAuthContext);
  return { staffName: `${user.firstName} ${user.lastName}` };
}

export const meta: Route.MetaFunction = () => [{ title: "Personel Paneli — Sofra" }];

export default function StaffPanel({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AppHeader title={loaderData.staffName} backTo="/app/role-selection" backLabel="Rol seçimine dön">
        <LogoutButton />
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          <h1>Personel Paneli</h1>
          <Link className="button button--primary button--block" to="/app/order-taking">
            Sipariş Al
          </Link>
        </div>
      </main>
    </>
  );
}
