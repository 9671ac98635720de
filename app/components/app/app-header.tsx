import type { ReactNode } from "react";
import { Form, Link } from "react-router";

export function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className="button">
        Çıkış
      </button>
    </Form>
  );
}

export function AppHeader({
  title,
  backTo,
  backLabel = "Geri",
  children,
}: {
  title: ReactNode;
  backTo?: string;
  backLabel?: string;
  children?: ReactNode;
}) {
  return (
    <header className="app-header">
      <div className="container app-header__inner">
        {backTo ? (
          <Link className="button" to={backTo} aria-label={backLabel}>
            ←
          </Link>
        ) : null}
        <div className="app-header__title">{title}</div>
        {children}
      </div>
    </header>
  );
}
