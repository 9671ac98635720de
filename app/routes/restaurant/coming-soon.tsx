import { Icon } from "~/components/icons/icon";
import { data } from "react-router";
import type { Route } from "./+types/coming-soon";
import { AppHeader } from "~/components/app/app-header";
import { forbiddenPage, restaurantAuthContext } from "~/modules/auth/guards.server";
import { can } from "~/modules/auth/roles";
import { findSection } from "~/modules/restaurants/app-sections";

export async function loader({ params, context }: Route.LoaderArgs) {
  const section = findSection(params.section);
  if (!section) throw data({ message: "Aradığınız sayfa bulunamadı." }, { status: 404 });
  const auth = context.get(restaurantAuthContext);
  const { mode } = auth;
  if (section.managerOnly && !can(auth, "manager_mode")) throw forbiddenPage(auth);
  return { title: section.title, icon: section.icon, backTo: mode === "manager" ? "/app/admin" : "/app/staff" };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? "Sofra"} — Sofra` }];

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AppHeader title={loaderData.title} backTo={loaderData.backTo} />
      <main className="app-main">
        <div className="container narrow">
          <div className="card stack text-center">
            <div className="coming-soon__icon" aria-hidden="true">
              <Icon name={loaderData.icon} size={40} />
            </div>
            <h1>{loaderData.title} yakında</h1>
            <p className="muted">Bu ekran üzerinde çalışıyoruz; çok yakında burada olacak.</p>
          </div>
        </div>
      </main>
    </>
  );
}
