import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { RESET_REQUESTED } from "~/modules/account/messages";
import { requestPasswordReset } from "~/modules/account/password-reset.server";
import { ForgotPasswordSchema } from "~/modules/account/schemas";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";
import { clientAddressContext } from "~/utils/request-context";

export async function loader({ request }: Route.LoaderArgs) {
  const { flash, headers } = await takeFlash(request);
  return data({ flash }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return pageAction(await request.formData(), ForgotPasswordSchema, async ({ email }) => {
    await requestPasswordReset(email, context.get(clientAddressContext));
    // The same answer whether or not the address has an account.
    throw redirect("/forgot-password", { headers: await flashHeaders(RESET_REQUESTED) });
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Şifremi unuttum — Sofra" },
  { name: "description", content: "Sofra şifrenizi e-postanıza gelen bağlantıyla yenileyin." },
];

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting();
  const { flash } = loaderData;
  const emailErrors = fieldErrorsOf(actionData, "email");
  return (
    <main className="auth-page">
      <div className="container narrow">
        <h1>Şifremi unuttum</h1>
        <p className="muted">E-posta adresinizi yazın; şifrenizi yenilemeniz için bir bağlantı gönderelim.</p>
        {flash ? (
          <p className="form-notice" role="status">
            {flash}
          </p>
        ) : null}
        <div className="card">
          <Form method="post" className="form">
            <FormError errors={fieldErrorsOf(actionData, "")} />
            <Field
              label="E-posta"
              inputProps={{
                name: "email",
                id: "email",
                type: "email",
                required: true,
                maxLength: 191,
                autoComplete: "email",
                defaultValue: submittedValue(actionData, "email") ?? "",
              }}
              errors={emailErrors}
            />
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? "Gönderiliyor…" : "Sıfırlama bağlantısı gönder"}
            </button>
          </Form>
        </div>
        <p className="muted">
          Şifrenizi hatırladınız mı? <Link to="/login">Giriş yapın</Link>
        </p>
      </div>
    </main>
  );
}
