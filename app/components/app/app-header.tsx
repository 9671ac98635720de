import type { ReactNode } from "react";
import { Form, Link, useRouteLoaderData } from "react-router";
import { Icon } from "~/components/icons/icon";

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
  heading = false,
  children,
}: {
  title: ReactNode;
  backTo?: string;
  backLabel?: string;
  /** The title is the page's h1: for screens with no heading of their own in the page body. */
  heading?: boolean;
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
        {heading ? <h1 className="app-header__title">{title}</h1> : <div className="app-header__title">{title}</div>}
        {children}
        <InboxLink />
      </div>
    </header>
  );
}

/**
 * The inbox with its unread count, on every screen of the restaurant layout (whose loader counts
 * them once per page load); outside it (the /app login page) there is no inbox to show.
 */
function InboxLink() {
  const layout = useRouteLoaderData("routes/restaurant/layout") as { unreadNotifications?: number } | undefined;
  if (layout?.unreadNotifications === undefined) return null;
  const unread = layout.unreadNotifications;
  return (
    <Link
      className="button app-header__bell"
      to="/app/notifications"
      aria-label={unread > 0 ? `Bildirimler (${unread} okunmamış)` : "Bildirimler"}
      data-testid="inbox-link"
    >
      <Icon name="bell" size={20} />
      {unread > 0 ? (
        <span className="app-header__unread" data-testid="unread-count" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
