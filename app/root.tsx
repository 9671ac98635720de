import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { RouteErrorBoundary } from "~/components/error-page";
import { PageStateProvider } from "~/components/app/use-hydrated";
import { LowPriorityModulePreloads } from "~/components/module-preloads";
import { useNonce } from "~/components/nonce";
import { InstallBanners } from "~/components/install/install-banners";
import { requestGuard } from "~/utils/request-guard.server";
import "./styles/base.css";

export const middleware: Route.MiddlewareFunction[] = [requestGuard];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce() || undefined;
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b4381f" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Sofra" />
        <LowPriorityModulePreloads nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body>
        <PageStateProvider>
          {children}
          {/* After the page, so keyboard users reach the page first. */}
          <InstallBanners />
        </PageStateProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
