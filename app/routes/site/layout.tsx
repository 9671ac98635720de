import { Link, NavLink, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { InstallDialog } from "~/components/install/install-dialog";
import { getLandingContent } from "~/modules/cms/landing-content.server";
import { withParams } from "~/utils/url";
import "~/styles/site.css";

export async function loader() {
  return { content: await getLandingContent() };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const installOpen = new URLSearchParams(location.search).get("install") === "1";
  return (
    <>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand" aria-label="Sofra ana sayfa">
            <span className="brand__mark" aria-hidden="true">
              S
            </span>
            Sofra
          </Link>
          <nav className="site-nav" aria-label="Ana menü">
            <a href="/#features">Özellikler</a>
            <a href="/#pricing">Fiyatlar</a>
            <NavLink to="/pricing">Planlar</NavLink>
          </nav>
          <Link className="button button--ghost" to={withParams(location, { install: "1" })} preventScrollReset>
            <span className="wide-only">Uygulamayı&nbsp;</span>Yükle
          </Link>
          <Link className="button button--primary" to="/login">
            Giriş Yap
          </Link>
        </div>
      </header>
      <Outlet />
      <footer className="site-footer">
        <div className="container">
          <nav aria-label="Alt menü">
            <Link to="/">Ana sayfa</Link>
            <Link to="/pricing">Fiyatlar</Link>
            <Link to="/signup">Ücretsiz dene</Link>
            <Link to="/login">Giriş</Link>
          </nav>
          <p>{loaderData.content.footerText}</p>
          <p>© {new Date().getFullYear()} Sofra</p>
        </div>
      </footer>
      {installOpen ? <InstallDialog closeTo={withParams(location, { install: null })} /> : null}
    </>
  );
}
