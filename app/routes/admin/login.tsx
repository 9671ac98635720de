import { getZodConstraint } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { LoginForm } from "~/components/login-form";
import { verifyAdminLogin } from "~/modules/admin/accounts.server";
import { safeAdminRedirect } from "~/modules/admin/guards.server";
import {
  commitAdminCookie,
  createAdminSession,
  findAdminSession,
  readAdminToken,
  revokeAdminSession,
} from "~/modules/admin/sessions.server";
import { requestMeta } from "~/modules/auth/accounts.server";
import { LoginSchema } from "~/modules/auth/schemas";
import { pageAction } from "~/utils/page-action.server";
import { clientAddressContext } from "~/utils/request-context";
import "~/styles/admin.css";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lookup = await findAdminSession(await readAdminToken(request));
  if (lookup.status === "ok") throw redirect(safeAdminRedirect(url.searchParams.get("redirectTo")));
  return {
    constraint: getZodConstraint(LoginSchema),
    expired: url.searchParams.has("expired"),
    loggedOut: url.searchParams.has("logged_out"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  return pageAction(
    formData,
    LoginSchema,
    async ({ email, password }) => {
      const meta = requestMeta(request, context.get(clientAddressContext));
      const { id } = await verifyAdminLogin(email, password, meta);
      // Replace whatever admin session this browser had.
      await revokeAdminSession(await readAdminToken(request));
      const token = await createAdminSession(id, meta);
      const to = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
      throw redirect(to, { headers: { "Set-Cookie": await commitAdminCookie(token) } });
    },
    { hideFields: ["password"] },
  );
}

// A throttled login answers 429 with Retry-After.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Platform Yönetimi Girişi — Sofra" }, { name: "robots", content: "noindex" }];

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="admin-login">
      <div className="admin-login__card card">
        <p className="admin-brand">
          <span className="brand__mark" aria-hidden="true">
            S
          </span>
          Sofra Platform
        </p>
        <h1>Platform Yönetimi</h1>
        <p className="muted">
          Yalnızca Sofra platform yöneticileri içindir. Restoran hesabınız için <a href="/login">buradan giriş yapın</a>.
        </p>
        {loaderData.expired ? (
          <p className="form-error" role="alert">
            Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.
          </p>
        ) : null}
        {loaderData.loggedOut ? (
          <p className="form-notice" role="status">
            Çıkış yapıldı.
          </p>
        ) : null}
        <LoginForm id="admin-login" lastResult={actionData?.result} constraint={loaderData.constraint} />
      </div>
    </main>
  );
}
