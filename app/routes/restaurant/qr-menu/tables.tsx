// /app/qr-menu/tables: an A4 sheet with one code per live table, each opening the public
// menu with `?masa=N` so the guest sees their table. The codes are made on the server as
// data URLs (no JavaScript, one request); the print stylesheet lays them out 3 × 4 a page.
import type { Route } from "./+types/tables";
import { data, Link } from "react-router";
import { AppHeader } from "~/components/app/app-header";
import { PremiumGate } from "~/components/app/premium-gate";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { premiumGate } from "~/modules/billing/gate.server";
import { listSheetTables, qrDataUrl } from "~/modules/qr-menu/qr.server";
import { publicMenuUrl, tableTitle } from "~/modules/qr-menu/rules";
import { PrintLink } from "./print-link";
import "~/styles/qr-menu.css";
import { appOrigin } from "~/utils/env.server";
import { DomainError } from "~/utils/domain-error";
import { withHeavyWork } from "~/utils/heavy-work.server";

/** Pixels of each table's PNG: printed at 45 mm, about 340 dpi. */
const SHEET_PX = 600;

export async function loader({ context }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const gate = await premiumGate(auth, "qr_menu");
  const tables = gate ? [] : await listSheetTables(auth.restaurant.id);
  const sheet = () =>
    Promise.all(
      tables.map(async (t) => {
        const menuUrl = publicMenuUrl(appOrigin(), auth.restaurant.slug, t.number);
        return { number: t.number, title: tableTitle(t.number, t.displayName), menuUrl, image: await qrDataUrl(menuUrl, SHEET_PX) };
      }),
    );
  try {
    // A code per table is a fifth of a second of CPU each: a heavy job (decision 090). Over a
    // limit the error page says so (429, with Retry-After).
    const codes = tables.length ? await withHeavyWork(auth.restaurant.id, sheet) : [];
    return { restaurantName: auth.restaurant.name, codes, gate };
  } catch (error) {
    if (error instanceof DomainError) throw data({ message: error.message }, { status: error.status, headers: error.headers });
    throw error;
  }
}

/** A refusal's Retry-After (another heavy job running, decision 090) reaches the browser. */
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Masa QR Kodları — Sofra" }];

export default function QrTableSheet({ loaderData }: Route.ComponentProps) {
  const { codes, restaurantName, gate } = loaderData;
  return (
    <>
      <AppHeader heading title="Masa QR Kodları" backTo="/app/qr-menu" backLabel="QR menüye dön">
        {codes.length > 0 ? <PrintLink /> : null}
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          <p className="muted qr-no-print">
            {codes.length > 0
              ? `${codes.length} masa için kod hazır. A4 kâğıda yazdırın (tarayıcının “Yazdır” komutu), kesip her kodu kendi masasına koyun.`
              : null}
          </p>
          {codes.length === 0 ? (
            <p className="notice notice--info" role="status">
              Henüz masanız yok. Masaları <Link to="/app/table-management">masa yönetiminden</Link> ekleyin.
            </p>
          ) : (
            <ul className="qr-sheet" aria-label="Masa QR kodları">
              {codes.map((c) => (
                <li key={c.number} className="qr-sheet__card" data-testid="qr-table-card">
                  <p className="qr-sheet__restaurant">{restaurantName}</p>
                  <h2 className="qr-sheet__title">{c.title}</h2>
                  <img src={c.image} width={170} height={170} alt={`${c.title} QR kodu`} className="qr-sheet__image" />
                  <p className="qr-sheet__hint">Menüyü görmek için okutun</p>
                  <p className="qr-sheet__url">{c.menuUrl}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
      {gate ? <PremiumGate gate={gate} returnTo="/app/qr-menu/tables" /> : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
