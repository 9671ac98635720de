import { data, Link } from "react-router";
import type { Route } from "./+types/verify-email";
import { ALREADY_VERIFIED, VERIFIED, VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID } from "~/modules/account/messages";
import { verifyEmail } from "~/modules/account/email-verification.server";

const OUTCOMES = {
  verified: { status: 200, ok: true, message: VERIFIED },
  already: { status: 200, ok: true, message: ALREADY_VERIFIED },
  expired: { status: 410, ok: false, message: VERIFY_LINK_EXPIRED },
  invalid: { status: 400, ok: false, message: VERIFY_LINK_INVALID },
} as const;

// The mail's link verifies when opened: a GET, so that it works from any mail program, and a
// second open says "already verified" rather than failing (decision 055).
export async function loader({ url }: Route.LoaderArgs) {
  const outcome = OUTCOMES[await verifyEmail(url.searchParams.get("token"))];
  return data({ ok: outcome.ok, message: outcome.message }, { status: outcome.status, headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = () => [{ title: "E-posta doğrulama — Sofra" }, { name: "robots", content: "noindex" }];

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <main className="auth-page">
      <div className="container narrow">
        <h1>E-posta doğrulama</h1>
        <p className={loaderData.ok ? "form-notice" : "form-error"} role={loaderData.ok ? "status" : "alert"}>
          {loaderData.message}
        </p>
        <p>
          <Link className="button button--primary" to="/app">
            Uygulamaya git
          </Link>
        </p>
      </div>
    </main>
  );
}
