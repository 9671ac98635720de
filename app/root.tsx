import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { RouteErrorBoundary } from "~/components/error-page";
import { PageStateProvider } from "~/components/app/use-hydrated";
import { LowPriorityModulePreloads } from "~/components/module-preloads";
import { useNonce } from "~/components/nonce";
import { InstallBanners } from "~/components/install/install-banners";
import { ConnectionErrorNotice, connectionErrorMiddleware } from "~/components/connection-error";
import { requestGuard } from "~/utils/request-guard.server";
import "./styles/base.css";

export const middleware: Route.MiddlewareFunction[] = [requestGuard];
// A form post that cannot reach the server keeps its form and says so (components/connection-error.tsx).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [connectionErrorMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/**
 * A route whose `handle` says `{ scripts: false }` is sent as HTML and CSS only: no module
 * preloads, no router scripts, no install banners (the public menu, read on guests' phones).
 */
export interface RouteHandle {
  scripts?: false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce() || undefined;
  const scripts = !useMatches().some((m) => (m.handle as RouteHandle | undefined)?.scripts === false);
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b4381f" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Sofra" />
        {scripts ? <LowPriorityModulePreloads nonce={nonce} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        <PageStateProvider>
          {children}
          {/* After the page, so keyboard users reach the page first. */}
          {scripts ? <InstallBanners /> : null}
          {scripts ? <ConnectionErrorNotice /> : null}
        </PageStateProvider>
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Sofra — Restoran Yönetim Sistemi" },
  { name: "description", content: "Masalar, siparişler, ödemeler ve raporlar tek yerde. Sofra ile restoranınızı telefondan yönetin." },
];

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
