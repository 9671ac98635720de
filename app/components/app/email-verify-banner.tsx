import "~/styles/account.css";
import { useFetcher } from "react-router";

/**
 * Shown to an owner until the address is verified (decision 055), with "send again". No live role:
 * it stays until done, and screen readers meet it once, in reading order, as a named region (a
 * landmark, so no content sits outside one). On a phone it takes one line: the address is cut with
 * an ellipsis and the explanation opens from it (a <details>, so without JavaScript too).
 */
export function EmailVerifyBanner({
  email,
  notice,
  returnTo,
}: {
  email: string;
  notice: { message: string; error: boolean } | null;
  returnTo: string;
}) {
  const fetcher = useFetcher<{ message: string; error: boolean }>();
  const answer = fetcher.data ?? notice;
  return (
    <section className="notice notice--info email-verify-banner" aria-label="E-posta doğrulama" data-testid="email-verify-banner">
      <details className="email-verify-banner__text">
        <summary>
          <strong>E-posta adresinizi doğrulayın</strong> <span className="email-verify-banner__address">{email}</span>
        </summary>
        <span>{email} adresine gönderdiğimiz bağlantıyı açın. Günlük rapor e-postaları yalnızca doğrulanmış adrese gider.</span>
      </details>
      {answer ? (
        <span className={answer.error ? "email-verify-banner__error" : "email-verify-banner__ok"} role={answer.error ? "alert" : "status"}>
          {answer.message}
        </span>
      ) : null}
      <fetcher.Form method="post" action="/app/email-verification">
        <input type="hidden" name="return_to" value={returnTo} />
        <button
          type="submit"
          className="button button--small button--ghost"
          disabled={fetcher.state !== "idle"}
          aria-label={fetcher.state !== "idle" ? undefined : "Doğrulama e-postasını yeniden gönder"}
        >
          {fetcher.state !== "idle" ? "Gönderiliyor…" : "Yeniden gönder"}
        </button>
      </fetcher.Form>
    </section>
  );
}
