import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { LoginForm } from "~/components/login-form";
import { loginFormAction } from "~/modules/auth/form-actions.server";
import { optionalRestaurantAuth } from "~/modules/auth/guards.server";
import { LoginSchema } from "~/modules/auth/schemas";
import { takeFlash } from "~/utils/flash.server";

export async function loader({ request }: Route.LoaderArgs) {
  if (await optionalRestaurantAuth(request)) throw redirect("/app/role-selection");
  // After a password reset: "log in with the new password".
  const { flash, headers } = await takeFlash(request);
  // The browser gets the schema's constraints, not zod: the messages come from the action (decision 018).
  return data({ constraint: getZodConstraint(LoginSchema), flash }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginFormAction(request, await request.clone().formData(), context, "/app/role-selection");
}

export const meta: Route.MetaFunction = () => [
  { title: "Giriş — Sofra" },
  { name: "description", content: "Sofra hesabınıza giriş yapın: masalar, siparişler ve ödemeler kaldığınız yerde." },
];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="auth-page">
      <div className="container narrow">
        <h1>Giriş Yap</h1>
        <p className="muted">
          Hesabınız yok mu? <Link to="/signup">Ücretsiz deneyin</Link>
        </p>
        {loaderData.flash ? (
          <p className="form-notice" role="status">
            {loaderData.flash}
          </p>
        ) : null}
        <div className="card">
          <LoginForm id="login" lastResult={actionData?.result} constraint={loaderData.constraint} />
        </div>
        <p className="muted">
          <Link to="/forgot-password">Şifremi unuttum</Link>
        </p>
      </div>
    </main>
  );
}
