import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/login";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { loginFormAction } from "~/modules/auth/form-actions.server";
import { optionalRestaurantAuth } from "~/modules/auth/guards.server";
import { LoginSchema } from "~/modules/auth/schemas";

export async function loader({ request }: Route.LoaderArgs) {
  if (await optionalRestaurantAuth(request)) throw redirect("/app/role-selection");
  // The browser gets the schema's constraints, not zod: the messages come from the action (decision 018).
  return { constraint: getZodConstraint(LoginSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginFormAction(request, await request.clone().formData(), context, "/app/role-selection");
}

export const meta: Route.MetaFunction = () => [
  { title: "Giriş — Sofra" },
  { name: "description", content: "Sofra hesabınıza giriş yapın: masalar, siparişler ve ödemeler kaldığınız yerde." },
];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "login",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onBlur",
  });
  return (
    <main className="auth-page">
      <div className="container narrow">
        <h1>Giriş Yap</h1>
        <p className="muted">
          Hesabınız yok mu? <Link to="/signup">Ücretsiz deneyin</Link>
        </p>
        <div className="card">
          <Form method="post" className="form" {...getFormProps(form)}>
            <FormError errors={form.errors} id={form.errorId} />
            <Field
              label="E-posta"
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
              errors={fields.email.errors}
            />
            <Field
              label="Şifre"
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
              errors={fields.password.errors}
            />
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? "Giriş yapılıyor…" : "Giriş Yap"}
            </button>
          </Form>
        </div>
      </div>
    </main>
  );
}
