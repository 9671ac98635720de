import type { Route } from "./+types/dashboard";
import { adminAuthContext } from "~/modules/admin/guards.server";

export function loader({ context }: Route.LoaderArgs) {
  return { name: context.get(adminAuthContext).admin.name };
}

export const meta: Route.MetaFunction = () => [{ title: "Platform Paneli — Sofra" }];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <main className="admin-main">
      <h1>Platform Paneli</h1>
      <p className="muted">Hoş geldiniz, {loaderData.name}.</p>
      <nav className="admin-links" aria-label="Bölümler">
        <a href="/admin/applications">Premium başvuruları</a>
        <a href="/admin/members">Üyeler</a>
        <a href="/admin/notifications">Bildirimler</a>
        <a href="/admin/cms">İçerik yönetimi</a>
      </nav>
    </main>
  );
}
