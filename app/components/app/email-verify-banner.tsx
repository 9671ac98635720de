import "~/styles/account.css";
import { useFetcher } from "react-router";

/**
 * Shown to an owner until the address is verified (decision 055), with "send again". No role of
 * its own: it stays until done, and screen readers meet it once, in reading order.
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
    <div className="notice notice--info email-verify-banner" data-testid="email-verify-banner">
      <strong>E-posta adresinizi doğrulayın</strong>
      <span>{email} adresine gönderdiğimiz bağlantıyı açın. Günlük rapor e-postaları yalnızca doğrulanmış adrese gider.</span>
      {answer ? (
        <span className={answer.error ? "email-verify-banner__error" : "email-verify-banner__ok"} role={answer.error ? "alert" : "status"}>
          {answer.message}
        </span>
      ) : null}
      <fetcher.Form method="post" action="/app/email-verification">
        <input type="hidden" name="return_to" value={returnTo} />
        <button type="submit" className="button button--small button--ghost" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Gönderiliyor…" : "Doğrulama e-postasını yeniden gönder"}
        </button>
      </fetcher.Form>
    </div>
  );
}
