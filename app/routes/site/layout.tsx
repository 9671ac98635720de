import { Link, NavLink, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { InstallDialog } from "~/components/install/install-dialog";
import { getLandingSite } from "~/modules/cms/landing-content.server";
import { withParams } from "~/utils/url";
import "~/styles/site.css";

export async function loader() {
  return getLandingSite();
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const installOpen = new URLSearchParams(location.search).get("install") === "1";
  return (
    <>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand" aria-label="Sofra ana sayfa">
            {loaderData.logo ? (
              <img
                className="brand__logo"
                src={loaderData.logo.url}
                alt=""
                width={Math.round((loaderData.logo.width / loaderData.logo.height) * 32)}
                height={32}
                data-testid="site-logo"
              />
            ) : (
              // The letter comes from CSS: as text it would read "SSofra", not the link's name (label in name).
              <span className="brand__mark" aria-hidden="true" data-letter="S" />
            )}
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
          <SiteContactLines contact={loaderData.contact} />
          <p>© {new Date().getFullYear()} Sofra</p>
        </div>
      </footer>
      {installOpen ? <InstallDialog closeTo={withParams(location, { install: null })} /> : null}
    </>
  );
}

/** The CMS settings' contact details; only the lines filled in show. */
function SiteContactLines({ contact }: { contact: Route.ComponentProps["loaderData"]["contact"] }) {
  const { email, phone, address, instagramUrl, facebookUrl } = contact;
  if (!email && !phone && !address && !instagramUrl && !facebookUrl) return null;
  return (
    <address className="site-footer__contact" data-testid="site-contact">
      {email ? <a href={`mailto:${email}`}>{email}</a> : null}
      {phone ? <a href={`tel:${phone.replace(/[^+0-9]/g, "")}`}>{phone}</a> : null}
      {address ? <span>{address}</span> : null}
      {instagramUrl ? (
        <a href={instagramUrl} rel="noopener noreferrer">
          Instagram
        </a>
      ) : null}
      {facebookUrl ? (
        <a href={facebookUrl} rel="noopener noreferrer">
          Facebook
        </a>
      ) : null}
    </address>
  );
}
