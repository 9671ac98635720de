import { getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/entry";
import { Field, FormError, SelectField, useIsSubmitting, useServerCheckedFormProps } from "~/components/forms";
import { LoginForm } from "~/components/login-form";
import { loginFormAction } from "~/modules/auth/form-actions.server";
import { signupFormAction } from "~/modules/restaurants/onboarding-api.server";
import { clearSessionCookie, findRestaurantSession, readSessionToken } from "~/modules/auth/sessions.server";
import { LoginSchema } from "~/modules/auth/schemas";
import { RegisterFormSchema, RESTAURANT_TYPE_OPTIONS } from "~/modules/restaurants/onboarding-schemas";
import { findSharedDevice } from "~/modules/auth/shared-device.server";
import { TRIAL_DAYS } from "~/modules/billing/catalog";
import { messages } from "~/utils/http.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const lookup = await findRestaurantSession(await readSessionToken(request));
  if (lookup.status === "ok") throw redirect("/app/role-selection");
  // The restaurant's shared tablet opens on its PIN pad; "E-posta ile giriş" (?email) shows this page.
  if (!url.searchParams.has("email")) {
    const device = await findSharedDevice(request);
    if (device !== null && device !== "revoked") {
      throw redirect(url.searchParams.has("expired") ? "/app/pin?idle=1" : "/app/pin", {
        headers: lookup.status === "none" ? undefined : { "Set-Cookie": await clearSessionCookie() },
      });
    }
  }
  return data(
    {
      tab: url.searchParams.get("tab") === "register" ? ("register" as const) : ("login" as const),
      notice: url.searchParams.has("expired") ? messages.sessionExpired : url.searchParams.has("logged_out") ? "Çıkış yapıldı." : null,
      // The browser gets the schemas' constraints, not zod: the messages come from the action (decision 018).
      constraints: { login: getZodConstraint(LoginSchema), register: getZodConstraint(RegisterFormSchema) },
      typeOptions: RESTAURANT_TYPE_OPTIONS,
    },
    // A dead session's cookie is cleared here (a 401 from the API sends the browser to this page).
    lookup.status === "none" ? undefined : { headers: { "Set-Cookie": await clearSessionCookie() } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.clone().formData();
  switch (formData.get("intent")) {
    case "login":
      return loginFormAction(request, formData, context, "/app/role-selection");
    case "register":
      return signupFormAction(request, formData, context, RegisterFormSchema);
    default:
      throw data({ message: "Geçersiz işlem." }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Sofra — Giriş" },
  { name: "description", content: "Sofra restoran uygulamasına giriş yapın veya restoranınızı kaydedin." },
];

type Constraint = Route.ComponentProps["loaderData"]["constraints"]["login"];

function RegisterForm({
  lastResult,
  constraint,
  typeOptions,
}: {
  lastResult: unknown;
  constraint: Constraint;
  typeOptions: { value: string; label: string }[];
}) {
  const busy = useIsSubmitting("register");
  const [form, fields] = useForm<z.input<typeof RegisterFormSchema>>({
    id: "app-register",
    lastResult: lastResult as never,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onBlur",
    defaultValue: { restaurant_type: "restaurant" },
  });
  const formProps = useServerCheckedFormProps(form);
  return (
    <Form method="post" className="form" {...formProps}>
      <input type="hidden" name="intent" value="register" />
      <FormError errors={form.errors} id={form.errorId} />
      <div className="form-row">
        <Field
          label="Ad"
          inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.first_name.errors}
        />
        <Field
          label="Soyad"
          inputProps={{ ...getInputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }}
          errors={fields.last_name.errors}
        />
      </div>
      <Field
        label="E-posta"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <Field
        label="Telefon (isteğe bağlı)"
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
        errors={fields.phone.errors}
      />
      <Field
        label="Şifre"
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
        hint="En az 6 karakter"
      />
      <Field
        label="Şifre tekrarı"
        inputProps={{ ...getInputProps(fields.confirm_password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirm_password.errors}
      />
      <Field
        label="İşletme adı"
        inputProps={{ ...getInputProps(fields.restaurant_name, { type: "text" }), autoComplete: "organization" }}
        errors={fields.restaurant_name.errors}
      />
      <SelectField
        label="İşletme türü"
        selectProps={getSelectProps(fields.restaurant_type)}
        options={typeOptions}
        errors={fields.restaurant_type.errors}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? "Kayıt oluşturuluyor…" : `Kayıt Ol (${TRIAL_DAYS} gün ücretsiz)`}
      </button>
    </Form>
  );
}

export default function AppEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, notice, constraints, typeOptions } = loaderData;
  // Logged out (or expired): this device's copies of the restaurant's screens go.
  useEffect(() => {
    // Imported here, not with the page: the offline client is only needed after a logout.
    if (notice) void import("~/offline/offline-client").then((m) => m.forgetUser());
  }, [notice]);
  return (
    <main className="auth-page">
      <div className="container narrow">
        <Link to="/" className="brand mb-2">
          <span className="brand__mark" aria-hidden="true">
            S
          </span>
          Sofra
        </Link>
        <h1>{tab === "login" ? "Restoranınıza giriş yapın" : "Restoranınızı kaydedin"}</h1>
        {notice ? (
          <p className="form-notice" role="status">
            {notice}
          </p>
        ) : null}
        <div className="card">
          <nav className="tabs" aria-label="Giriş veya kayıt">
            <Link to="/app" aria-current={tab === "login" ? "page" : undefined} replace>
              Giriş Yap
            </Link>
            <Link to="/app?tab=register" aria-current={tab === "register" ? "page" : undefined} replace>
              Kayıt Ol
            </Link>
          </nav>
          {tab === "login" ? (
            <>
              <LoginForm id="app-login" intent="login" lastResult={actionData?.result} constraint={constraints.login} />
              <p className="muted mt-3">
                <Link to="/forgot-password">Şifremi unuttum</Link>
              </p>
            </>
          ) : (
            <RegisterForm lastResult={actionData?.result} constraint={constraints.register} typeOptions={typeOptions} />
          )}
        </div>
        <p className="muted mt-4 small">Her işletmenin hesabı ve verisi ayrı tutulur.</p>
      </div>
    </main>
  );
}
