import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { RESET_DONE, RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED } from "~/modules/account/messages";
import { resetLinkState, resetPassword } from "~/modules/account/password-reset.server";
import { ResetPasswordFormSchema } from "~/modules/account/schemas";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { clearSessionCookie } from "~/modules/auth/sessions.server";
import { flashHeaders } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { fieldErrorsOf } from "~/utils/page-reply";

const LINK_MESSAGES = { used: RESET_LINK_USED, expired: RESET_LINK_EXPIRED, unknown: RESET_LINK_INVALID } as const;

// Looking does not use the link (a mail scanner opening it must not spend it): only the form's post does.
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const state = await resetLinkState(token);
  return data(
    { token: state === "valid" ? token : null, problem: state === "valid" ? null : LINK_MESSAGES[state], minLength: MIN_PASSWORD_LENGTH },
    // The link's token is a credential for 30 minutes: no cache keeps the page.
    {
      status: state === "valid" ? 200 : state === "unknown" ? 400 : state === "used" ? 409 : 410,
      headers: { "Cache-Control": "no-store" },
    },
  );
}

export async function action({ request }: Route.ActionArgs) {
  return pageAction(
    await request.formData(),
    ResetPasswordFormSchema,
    async ({ token, password }) => {
      await resetPassword(token, password);
      // Every session of the account has ended, this browser's included: its cookie goes too.
      const headers = new Headers(await flashHeaders(RESET_DONE));
      headers.append("Set-Cookie", await clearSessionCookie());
      throw redirect("/login", { headers });
    },
    { hideFields: ["password", "confirm_password"] },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Yeni şifre — Sofra" }, { name: "robots", content: "noindex" }];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting();
  const { token, problem, minLength } = loaderData;
  const password = (name: string, label: string, autoComplete: string) => ({
    label,
    inputProps: { name, id: name, type: "password", required: true, minLength, maxLength: 128, autoComplete },
    errors: fieldErrorsOf(actionData, name),
  });
  return (
    <main className="auth-page">
      <div className="container narrow">
        <h1>Yeni şifre belirleyin</h1>
        {problem || !token ? (
          <>
            <p className="form-error" role="alert">
              {problem ?? RESET_LINK_INVALID}
            </p>
            <p>
              <Link className="button button--primary" to="/forgot-password">
                Yeni bağlantı iste
              </Link>
            </p>
          </>
        ) : (
          <div className="card">
            <Form method="post" className="form">
              <input type="hidden" name="token" value={token} />
              <FormError errors={fieldErrorsOf(actionData, "")} />
              <FormError errors={fieldErrorsOf(actionData, "token")} />
              <Field {...password("password", "Yeni şifre", "new-password")} hint={`En az ${minLength} karakter`} />
              <Field {...password("confirm_password", "Yeni şifre tekrarı", "new-password")} />
              <button type="submit" className="button button--primary button--block" disabled={busy}>
                {busy ? "Kaydediliyor…" : "Şifreyi değiştir"}
              </button>
            </Form>
          </div>
        )}
      </div>
    </main>
  );
}
