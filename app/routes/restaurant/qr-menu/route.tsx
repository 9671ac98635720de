// /app/qr-menu: a QR code of the restaurant's public menu. The address field is prefilled
// with /menu/<slug> on the origin the manager uses; "QR Kod Oluştur" is a GET form, so the
// server makes the code and the page shows it as a data URL (no JavaScript needed, and the
// code's address is the page's: reload or share it). Download is a link to a resource route
// that answers the PNG as an attachment; print uses the browser's print with a stylesheet
// that keeps only the code (without JavaScript, a print view of the page). States: idle (no
// address sent yet), loading (the navigation), image, error (the spec's message and a
// placeholder image). The A4 sheet with one code per table is /app/qr-menu/tables.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { PremiumGate } from "~/components/app/premium-gate";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { premiumGate } from "~/modules/billing/gate.server";
import { qrDataUrl } from "~/modules/qr-menu/qr.server";
import { MAX_MENU_URL, publicMenuUrl, QR_FILE_NAME, QR_MESSAGES } from "~/modules/qr-menu/rules";
import { menuUrlField } from "~/modules/qr-menu/schemas";
import { DomainError } from "~/utils/domain-error";
import { withHeavyWork } from "~/utils/heavy-work.server";
import { firstIssueMessage } from "~/utils/validation";
import { PrintLink } from "./print-link";
import "~/styles/qr-menu.css";
import { appOrigin } from "~/utils/env.server";

const PATH = "/app/qr-menu";

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const gate = await premiumGate(auth, "qr_menu");
  const defaultUrl = publicMenuUrl(appOrigin(), auth.restaurant.slug);
  const sent = url.searchParams.get("url");
  const base = { defaultUrl, gate, printView: url.searchParams.get("print") === "1", maxLength: MAX_MENU_URL };
  // Idle: nothing asked yet (or the plan has no QR menu: the gate explains, nothing is made).
  if (sent === null || gate) return data({ ...base, state: "idle" as const, menuUrl: defaultUrl, image: null, error: null });
  const parsed = menuUrlField.safeParse(sent);
  try {
    if (!parsed.success) throw new DomainError(400, firstIssueMessage(parsed.error));
    // Making the PNG is CPU on the event loop: a heavy job (decision 090); over a limit the page's error state says so (429).
    const image = await withHeavyWork(auth.restaurant.id, () => qrDataUrl(parsed.data));
    return data({ ...base, state: "image" as const, menuUrl: parsed.data, image, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(
      { ...base, state: "error" as const, menuUrl: sent, image: null, error: error.message },
      { status: error.status, headers: error.headers },
    );
  }
}

/** A refusal's Retry-After (another heavy job running, decision 090) reaches the browser. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "QR Menü — Sofra" }];

/** The spec's built-in placeholder when a code could not be made: a crossed-out square, no request. */
function Placeholder() {
  return (
    <svg className="qr-preview__image" width="250" height="250" viewBox="0 0 250 250" role="img" aria-label="QR kodu oluşturulamadı">
      <rect x="4" y="4" width="242" height="242" rx="12" fill="#f4f1ee" stroke="#c9c2bb" strokeWidth="4" strokeDasharray="12 8" />
      <path d="M85 85l80 80M165 85l-80 80" stroke="#b4381f" strokeWidth="10" strokeLinecap="round" />
    </svg>
  );
}

export default function QrMenu({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { state, image, menuUrl, error, gate } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const query = new URLSearchParams({ url: menuUrl });
  const downloadHref = `${PATH}/download?${query}`;

  if (loaderData.printView && image) {
    return (
      <main className="qr-print-view">
        <img src={image} width={250} height={250} alt="Menü QR kodu" className="qr-print-view__image" />
        <p className="qr-print-view__url">{menuUrl}</p>
        <p className="qr-no-print muted">Yazdırmak için tarayıcınızın menüsünden “Yazdır”ı seçin.</p>
        <p className="qr-no-print">
          <Link to={`${PATH}?${query}`}>QR menü sayfasına dön</Link>
        </p>
      </main>
    );
  }

  return (
    <>
      <AppHeader heading title="QR Menü" backTo="/app/admin" backLabel="Yönetici paneline dön" />
      <main className="app-main">
        <div className="container stack qr-menu">
          <section className="card stack qr-no-print" aria-labelledby="qr-form-title">
            <h2 id="qr-form-title">Menü QR Kodu Oluştur</h2>
            <Form method="get" action={PATH} className="stack" aria-busy={loading}>
              <div className="field">
                <label htmlFor="menu-url">Menü adresi</label>
                <input
                  id="menu-url"
                  name="url"
                  type="url"
                  inputMode="url"
                  required
                  maxLength={loaderData.maxLength}
                  defaultValue={menuUrl}
                  key={menuUrl}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "menu-url-error" : "menu-url-hint"}
                  autoComplete="off"
                />
                {error ? null : (
                  <p className="field__hint" id="menu-url-hint">
                    Restoranınızın herkese açık menüsü: <a href={loaderData.defaultUrl}>{loaderData.defaultUrl}</a>
                  </p>
                )}
              </div>
              <button type="submit" className="button button--primary button--block" disabled={loading}>
                {loading ? "Oluşturuluyor…" : "QR Kod Oluştur"}
              </button>
            </Form>
          </section>

          <section className="card stack qr-preview" aria-labelledby="qr-preview-title" aria-live="polite" aria-busy={loading}>
            <h2 id="qr-preview-title" className="qr-no-print">
              Önizleme
            </h2>
            {loading ? (
              <div className="qr-preview__frame qr-preview__frame--loading" data-testid="qr-loading">
                <span className="qr-spinner" aria-hidden="true" />
                <p>QR kod oluşturuluyor…</p>
              </div>
            ) : state === "image" && image ? (
              <>
                <div className="qr-preview__frame">
                  <img
                    src={image}
                    width={250}
                    height={250}
                    alt={`Menü QR kodu: ${menuUrl}`}
                    className="qr-preview__image"
                    data-testid="qr-image"
                  />
                </div>
                <p className="qr-preview__url">{menuUrl}</p>
                <div className="button-row qr-no-print">
                  <a className="button button--primary" href={downloadHref} download={QR_FILE_NAME}>
                    İndir
                  </a>
                  <PrintLink href={`${PATH}?${new URLSearchParams({ url: menuUrl, print: "1" })}`} />
                </div>
              </>
            ) : state === "error" ? (
              <>
                <div className="qr-preview__frame">
                  <Placeholder />
                </div>
                <p className="notice notice--error" role="alert" id="menu-url-error">
                  {QR_MESSAGES.failed}: {error}
                </p>
              </>
            ) : (
              <div className="qr-preview__frame qr-preview__frame--idle">
                <p className="muted">Menü adresini kontrol edip “QR Kod Oluştur”a basın; kod burada görünecek.</p>
              </div>
            )}
          </section>

          <section className="card stack qr-no-print" aria-labelledby="qr-steps-title">
            <h2 id="qr-steps-title">Nasıl kullanılır?</h2>
            <ol className="qr-steps">
              <li>
                <strong>Yazdırın ya da indirin.</strong> QR kodu indirip menü kartlarınıza ekleyin veya doğrudan yazdırın.
              </li>
              <li>
                <strong>Masalara yerleştirin.</strong> Kodu her masada görünür bir yere koyun.
              </li>
              <li>
                <strong>Müşterileriniz okutsun.</strong> Telefon kamerasıyla okutan müşterileriniz menünüzü anında görür.
              </li>
            </ol>
          </section>

          <section className="card stack qr-no-print" aria-labelledby="qr-tables-title">
            <h2 id="qr-tables-title">Masa QR kodları</h2>
            <p className="muted">
              Her masaya kendi kodu: okutan müşteri menüde masa numarasını görür. A4 kâğıda yazdırılacak şekilde hazırlanır.
            </p>
            <div className="button-row">
              <Link className="button" to={`${PATH}/tables`}>
                Masa kodları sayfasını aç
              </Link>
              <a className="button button--ghost" href={loaderData.defaultUrl}>
                Menüyü görüntüle
              </a>
            </div>
          </section>
        </div>
      </main>
      {gate ? <PremiumGate gate={gate} returnTo={PATH} /> : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
