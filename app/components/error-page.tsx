import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from "react-router";

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

/** Where a zone's error page leads back to, instead of the restaurant app. */
export interface BackLink {
  to: string;
  label: string;
}

export function ErrorPage({ status, message, action, back }: { status: number; message?: string; action?: string; back?: BackLink }) {
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
        <Link className="button" to={back?.to ?? "/app"}>
          {back?.label ?? "Uygulamaya dön"}
        </Link>
        <Link className="button button--ghost" to="/">
          Ana sayfa
        </Link>
      </div>
    </main>
  );
}

const dataField = (error: ErrorResponse, field: string) =>
  typeof error.data === "object" && error.data && field in error.data ? String(error.data[field]) : undefined;

/**
 * The one error boundary (epic-stack's GeneralErrorBoundary): every route exports it in one line,
 * `export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage={LOAD_FAILED} />;`.
 * A refusal thrown as `data({ message }, { status })` shows its Turkish message (or the route's
 * handler for that status); anything else is a 500 with the route's `unexpectedMessage` and no
 * details. Zones render it inside their own shell, so the header and trial banner stay.
 */
export function GeneralErrorBoundary({
  unexpectedMessage,
  statusHandlers,
  back,
}: {
  /** What a 500 says (the screen's "could not load" message); the generic one without it. */
  unexpectedMessage?: string;
  /** A status this route shows its own way (epic-stack's statusHandlers). */
  statusHandlers?: Partial<Record<number, (error: ErrorResponse) => ReactNode>>;
  /** Where the page leads back to (the platform admin's screens), instead of /app. */
  back?: BackLink;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status];
    if (handler) return handler(error);
    return <ErrorPage status={error.status} message={dataField(error, "message")} action={dataField(error, "action")} back={back} />;
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={500} message={unexpectedMessage} back={back} />;
}

/** The zones' boundary (root, public site, restaurant app, manager pages): the generic messages. */
export function RouteErrorBoundary() {
  return <GeneralErrorBoundary />;
}
