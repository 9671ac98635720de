import { isRouteErrorResponse, Link, useRouteError } from "react-router";

const TITLES: Record<number, string> = {
  400: "Geçersiz istek",
  401: "Oturum açmanız gerekiyor",
  403: "Bu sayfaya erişiminiz yok",
  404: "Sayfa bulunamadı",
  429: "Çok fazla istek",
};

const DEFAULT_MESSAGES: Record<number, string> = {
  404: "Aradığınız sayfa taşınmış ya da hiç var olmamış olabilir.",
  500: "Beklenmeyen bir hata oluştu. Lütfen biraz sonra tekrar deneyin.",
};

export function ErrorPage({ status, message, action }: { status: number; message?: string; action?: string }) {
  const title = TITLES[status] ?? (status >= 500 ? "Bir şeyler ters gitti" : "Bir sorun oluştu");
  return (
    <main className="error-page" role="main">
      <p className="error-page__code">{status}</p>
      <h1>{title}</h1>
      <p>{message ?? DEFAULT_MESSAGES[status] ?? "İsteğiniz tamamlanamadı."}</p>
      <div className="button-row">
        {/* A role that cannot be a manager is not offered the manager login. */}
        {status === 403 && action !== "role" ? (
          <Link className="button button--primary" to="/app/role-selection?manager=1">
            Yönetici girişi
          </Link>
        ) : null}
        <Link className="button" to="/app">
          Uygulamaya dön
        </Link>
        <Link className="button button--ghost" to="/">
          Ana sayfa
        </Link>
      </div>
    </main>
  );
}

/**
 * The error boundary of every zone (root, public site, restaurant app, manager pages):
 * a refusal thrown as `data({ message }, { status })` shows its Turkish message; anything
 * else is a 500 without details. Zones render it inside their own shell, so the header
 * and trial banner stay where they can.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "object" && error.data && "message" in error.data ? String(error.data.message) : undefined;
    const action = typeof error.data === "object" && error.data && "action" in error.data ? String(error.data.action) : undefined;
    return <ErrorPage status={error.status} message={message} action={action} />;
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={500} />;
}
