import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/manager-password";
import { AppHeader } from "~/components/app/app-header";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { AccountError, changeManagerPassword, isOwnerLoginPassword, MANAGER_PASSWORD_SAME_AS_LOGIN } from "~/modules/auth/accounts.server";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { MIN_MANAGER_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { ChangeManagerPasswordFormSchema } from "~/modules/auth/schemas";
import { pageAction } from "~/utils/page-action.server";
import { fieldErrorsOf } from "~/utils/page-reply";
import { clientAddressContext } from "~/utils/request-context";

const SECRET_FIELDS = ["current_password", "new_password", "confirm_password"];

// Shown on the first manager entry while the manager password is still the login password
// (signup sets both to the same): anyone who knows how to log in would otherwise reach the revenue.
export const meta: Route.MetaFunction = () => [{ title: "Yönetici Şifresi — Sofra" }];

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  return pageAction(
    await request.formData(),
    ChangeManagerPasswordFormSchema,
    async ({ current_password, new_password }) => {
      if (await isOwnerLoginPassword(auth.restaurant.id, new_password))
        throw new AccountError(400, MANAGER_PASSWORD_SAME_AS_LOGIN, "new_password");
      await changeManagerPassword(auth.restaurant.id, current_password, new_password, {
        sessionId: auth.sessionId,
        ipAddress: context.get(clientAddressContext),
      });
      throw redirect("/app/admin");
    },
    { hideFields: SECRET_FIELDS },
  );
}

// A plain form (three password fields, nothing to restore after a refusal): the messages come from
// the action's reply (decision 018), and the page stays within its JavaScript budget without Conform.
export default function ManagerPassword({ actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting();
  const errors = (field: string) => fieldErrorsOf(actionData, field);
  const secret = (name: string, autoComplete: string, minLength?: number) => ({
    name,
    id: name,
    type: "password",
    required: true,
    maxLength: 128,
    minLength,
    autoComplete,
  });
  return (
    <>
      <AppHeader title="Yönetici Şifresi" />
      <main className="app-main">
        <div className="container">
          <section className="card" aria-labelledby="manager-password-title">
            <h1 id="manager-password-title" style={{ fontSize: "1.3rem" }}>
              Ayrı bir yönetici şifresi belirleyin
            </h1>
            <p className="muted">
              Yönetici şifreniz hâlâ giriş şifrenizle aynı. Giriş şifresini bilen herkes yönetici paneline ve ciroya ulaşabilir; yalnızca
              yöneticilerin bildiği ayrı bir şifre belirleyin.
            </p>
            <Form method="post" className="form">
              <FormError errors={errors("")} />
              <Field
                label="Mevcut yönetici şifresi"
                inputProps={secret("current_password", "current-password")}
                errors={errors("current_password")}
              />
              <Field
                label="Yeni yönetici şifresi"
                inputProps={secret("new_password", "new-password", MIN_MANAGER_PASSWORD_LENGTH)}
                errors={errors("new_password")}
              />
              <Field
                label="Yeni şifre (tekrar)"
                inputProps={secret("confirm_password", "new-password")}
                errors={errors("confirm_password")}
              />
              <div className="button-row">
                <Link className="button" to="/app/admin">
                  Şimdilik geç
                </Link>
                <button type="submit" className="button button--primary" disabled={busy}>
                  {busy ? "Kaydediliyor…" : "Şifreyi kaydet"}
                </button>
              </div>
            </Form>
          </section>
        </div>
      </main>
    </>
  );
}
