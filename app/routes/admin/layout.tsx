import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { RouteErrorBoundary } from "~/components/error-page";
import { adminAuthContext, requireAdminPage } from "~/modules/admin/guards.server";
import "~/styles/admin.css";

export const middleware: Route.MiddlewareFunction[] = [requireAdminPage];

export function loader({ context }: Route.LoaderArgs) {
  const { admin } = context.get(adminAuthContext);
  return { admin: { name: admin.name, email: admin.email, role: admin.role } };
}

const NAV = [
  { to: "/admin/dashboard", label: "Panel" },
  { to: "/admin/applications", label: "Başvurular" },
  { to: "/admin/invoices", label: "Faturalar" },
  { to: "/admin/members", label: "Üyeler" },
  { to: "/admin/notifications", label: "Bildirimler" },
  { to: "/admin/cms", label: "CMS" },
] as const;

export const ROLE_LABELS = { super_admin: "Süper yönetici", platform_admin: "Platform yöneticisi" } as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <div className="admin-header__inner">
          <a className="admin-brand" href="/admin/dashboard">
            <span className="brand__mark" aria-hidden="true">
              S
            </span>
            Sofra Platform
          </a>
          <nav className="admin-nav" aria-label="Yönetim menüsü">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} prefetch="intent">
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="admin-header__who">
            <span>
              {loaderData.admin.name}
              <span className="muted"> · {ROLE_LABELS[loaderData.admin.role]}</span>
            </span>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="button">
                Çıkış
              </button>
            </Form>
          </div>
        </div>
      </header>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="admin-shell">
      <RouteErrorBoundary />
    </div>
  );
}
