import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/manager-password";
import { AppHeader } from "~/components/app/app-header";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { AccountError, changeManagerPassword, isOwnerLoginPassword, MANAGER_PASSWORD_SAME_AS_LOGIN } from "~/modules/auth/accounts.server";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { ChangeManagerPasswordFormSchema } from "~/modules/auth/schemas";
import { pageAction } from "~/utils/page-action.server";
import { clientAddressContext } from "~/utils/request-context";

const SECRET_FIELDS = ["current_password", "new_password", "confirm_password"];

// Shown on the first manager entry while the manager password is still the login password
// (signup sets both to the same): anyone who knows how to log in would otherwise reach the revenue.
export const meta: Route.MetaFunction = () => [{ title: "Yönetici Şifresi — Sofra" }];

export function loader() {
  // The browser gets the schema's constraints, not zod: the messages come from the action (decision 018).
  return { constraint: getZodConstraint(ChangeManagerPasswordFormSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  return pageAction(
    await request.formData(),
    ChangeManagerPasswordFormSchema,
    async ({ current_password, new_password }) => {
      if (await isOwnerLoginPassword(auth.restaurant.id, new_password)) throw new AccountError(400, MANAGER_PASSWORD_SAME_AS_LOGIN, "new_password");
      await changeManagerPassword(auth.restaurant.id, current_password, new_password, {
        sessionId: auth.sessionId,
        ipAddress: context.get(clientAddressContext),
      });
      throw redirect("/app/admin");
    },
    { hideFields: SECRET_FIELDS },
  );
}

export default function ManagerPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting();
  const [form, fields] = useForm<z.input<typeof ChangeManagerPasswordFormSchema>>({
    id: "manager-password-change",
    lastResult: actionData?.result as never,
    constraint: loaderData.constraint,
    shouldValidate: "onSubmit",
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
              Yönetici şifreniz hâlâ giriş şifrenizle aynı. Giriş şifresini bilen herkes yönetici paneline ve ciroya
              ulaşabilir; yalnızca yöneticilerin bildiği ayrı bir şifre belirleyin.
            </p>
            <Form method="post" className="form" {...getFormProps(form)}>
              <FormError errors={form.errors} id={form.errorId} />
              <Field
                label="Mevcut yönetici şifresi"
                inputProps={{ ...getInputProps(fields.current_password, { type: "password" }), autoComplete: "current-password" }}
                errors={fields.current_password.errors}
              />
              <Field
                label="Yeni yönetici şifresi"
                inputProps={{ ...getInputProps(fields.new_password, { type: "password" }), autoComplete: "new-password" }}
                errors={fields.new_password.errors}
              />
              <Field
                label="Yeni şifre (tekrar)"
                inputProps={{ ...getInputProps(fields.confirm_password, { type: "password" }), autoComplete: "new-password" }}
                errors={fields.confirm_password.errors}
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
