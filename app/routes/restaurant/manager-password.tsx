import { Link, redirect } from "react-router";
import type { Route } from "./+types/manager-password";
import { AppHeader } from "~/components/app/app-header";
import { ManagerPasswordForm } from "~/components/app/manager-password-form";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { managerPasswordAction } from "~/modules/auth/manager-password-form.server";
import { clientAddressContext } from "~/utils/request-context";

// Shown on the first manager entry while the manager password is still the login password
// (signup sets both to the same): anyone who knows how to log in would otherwise reach the revenue.
export const meta: Route.MetaFunction = () => [{ title: "Yönetici Şifresi — Sofra" }];

export async function action({ request, context }: Route.ActionArgs) {
  return managerPasswordAction(await request.formData(), context.get(restaurantAuthContext), context.get(clientAddressContext), () => {
    throw redirect("/app/admin");
  });
}

// A plain form (three password fields, nothing to restore after a refusal): the messages come from
// the action's reply (decision 018), and the page stays within its JavaScript budget without Conform.
export default function ManagerPassword({ actionData }: Route.ComponentProps) {
  return (
    <>
      <AppHeader title="Yönetici Şifresi" />
      <main className="app-main">
        <div className="container">
          <section className="card" aria-labelledby="manager-password-title">
            <h1 id="manager-password-title" className="page-title">
              Ayrı bir yönetici şifresi belirleyin
            </h1>
            <p className="muted">
              Yönetici şifreniz hâlâ giriş şifrenizle aynı. Giriş şifresini bilen herkes yönetici paneline ve ciroya ulaşabilir; yalnızca
              yöneticilerin bildiği ayrı bir şifre belirleyin.
            </p>
            <ManagerPasswordForm
              actionData={actionData}
              submitLabel="Şifreyi kaydet"
              extraButtons={
                <Link className="button" to="/app/admin">
                  Şimdilik geç
                </Link>
              }
            />
          </section>
        </div>
      </main>
    </>
  );
}
