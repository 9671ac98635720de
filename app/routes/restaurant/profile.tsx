import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { AppHeader } from "~/components/app/app-header";
import "~/styles/profile.css";
import { GeneralErrorBoundary } from "~/components/error-page";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { ManagerPasswordForm } from "~/components/app/manager-password-form";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { FIRST_NAME_MAX, LAST_NAME_MAX } from "~/modules/auth/schemas";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { homeOf, ROLE_LABELS } from "~/modules/auth/roles";
import {
  changeOwnPassword,
  getProfile,
  listOwnSessions,
  signOutOtherSessions,
  updateProfile,
  type Me,
} from "~/modules/profile/profile.server";
import { OTHERS_SIGNED_OUT, PASSWORD_CHANGED, PROFILE_SAVED, PROFILE_STALE } from "~/modules/profile/messages";
import { OwnPasswordSchema, ProfileDetailsSchema, SignOutOthersSchema, UnknownFormSchema } from "~/modules/profile/schemas";
import { formatClock, formatLongDate } from "~/utils/dates";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { badIntent, pageAction } from "~/utils/page-action.server";
import { fieldErrorsOf, formErrorsOf, revalidateAfterConflict, submittedValue } from "~/utils/page-reply";

const PATH = "/app/profile";
const PASSWORD_FIELDS = ["current_password", "new_password", "confirm_password"];

export const shouldRevalidate = revalidateAfterConflict;

/** A refusal's Retry-After (too many wrong passwords) reaches the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retry = actionHeaders.get("retry-after");
  return retry ? { "Retry-After": retry } : loaderHeaders;
};

function meOf(auth: { user: { id: number }; restaurant: { id: number }; sessionId: number }): Me {
  return { userId: auth.user.id, restaurantId: auth.restaurant.id, sessionId: auth.sessionId };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const me = meOf(auth);
  const { flash, headers } = await takeFlash(request);
  const [profile, sessions] = await Promise.all([getProfile(me), listOwnSessions(me)]);
  return data(
    {
      profile,
      sessions,
      flash,
      // The columns' lengths, from the schema module (which stays on the server).
      limits: { first_name: FIRST_NAME_MAX, last_name: LAST_NAME_MAX },
      timeZone: auth.restaurant.timezone,
      backTo: auth.mode === "manager" ? "/app/admin" : homeOf(auth),
      // After a change the password form starts empty again.
      formKey: flash ? `done-${Date.now()}` : "form",
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const me = meOf(auth);
  const formData = await request.formData();
  const done = async (message: string) => {
    throw redirect(PATH, { headers: await flashHeaders(message) });
  };
  switch (formData.get("intent")) {
    case "details":
      return pageAction(formData, ProfileDetailsSchema, async (input) => {
        await updateProfile(me, input);
        return done(PROFILE_SAVED);
      });
    case "password":
      return pageAction(
        formData,
        OwnPasswordSchema,
        async ({ current_password, new_password }) => {
          await changeOwnPassword(me, current_password, new_password);
          return done(PASSWORD_CHANGED);
        },
        { hideFields: PASSWORD_FIELDS },
      );
    case "sign-out-others":
      return pageAction(formData, SignOutOthersSchema, async () => {
        await signOutOtherSessions(me);
        return done(OTHERS_SIGNED_OUT);
      });
    default:
      return pageAction(formData, UnknownFormSchema, async () => badIntent());
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Profil — Sofra" }];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, sessions, timeZone } = loaderData;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <AppHeader title="Profil" backTo={loaderData.backTo} />
      <main className="app-main">
        <div className="container stack settings">
          {loaderData.flash ? (
            <p className="notice notice--success" role="status" data-testid="flash">
              {loaderData.flash}
            </p>
          ) : null}
          <DetailsForm profile={profile} limits={loaderData.limits} actionData={actionData} />
          <section className="card settings-section" aria-labelledby="password-title">
            <h2 id="password-title">Giriş şifresi</h2>
            <p className="muted small">
              Şifreniz değişince diğer cihazlardaki oturumlarınız kapanır.
              {profile.is_owner ? " Yönetici şifreniz hâlâ giriş şifrenizle aynıysa o da yeni şifre olur." : null}
            </p>
            <ManagerPasswordForm
              key={loaderData.formKey}
              actionData={actionData}
              intent="password"
              minLength={MIN_PASSWORD_LENGTH}
              labels={{ current_password: "Mevcut şifre", new_password: "Yeni şifre", confirm_password: "Yeni şifre (tekrar)" }}
              testId="own-password-form"
            />
          </section>
          <section className="card settings-section" aria-labelledby="sessions-title">
            <h2 id="sessions-title">Oturumlarım</h2>
            <ul className="session-list" aria-label="Açık oturumlar">
              {sessions.map((s) => (
                <li key={s.id} data-testid="session">
                  <strong>{s.device}</strong>
                  {s.current ? <span className="badge">Bu cihaz</span> : null}
                  <span className="muted small">
                    Son kullanım: {formatLongDate(s.last_seen_at, timeZone)} {formatClock(s.last_seen_at, timeZone)}
                    {s.ip_address ? ` · ${s.ip_address}` : ""}
                  </span>
                </li>
              ))}
            </ul>
            {others > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="sign-out-others" />
                <button type="submit" className="button">
                  Diğer cihazlardan çıkış yap ({others})
                </button>
              </Form>
            ) : (
              <p className="muted small">Başka cihazda açık oturumunuz yok.</p>
            )}
          </section>
        </div>
      </main>
    </>
  );
}

function DetailsForm({
  profile,
  limits,
  actionData,
}: {
  profile: Route.ComponentProps["loaderData"]["profile"];
  limits: Route.ComponentProps["loaderData"]["limits"];
  actionData: unknown;
}) {
  const busy = useIsSubmitting("details");
  const mine = submittedValue(actionData, "intent") === "details";
  const formErrors = mine ? formErrorsOf(actionData) : undefined;
  // After a refusal the typed values come back; after a 409 what is stored shows instead.
  const refill = mine && !formErrors?.includes(PROFILE_STALE);
  const value = (name: string, current: string | null) => (refill ? (submittedValue(actionData, name) ?? "") : (current ?? ""));
  const errors = (name: string) => (mine ? fieldErrorsOf(actionData, name) : undefined);
  return (
    <section className="card settings-section" aria-labelledby="details-title">
      <h1 id="details-title" className="page-title">
        Bilgilerim
      </h1>
      <p className="muted small">
        {profile.email} · {profile.is_owner ? "İşletme sahibi" : ROLE_LABELS[profile.role]}
      </p>
      <Form method="post" className="form" key={`details-${profile.version}`}>
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="version" value={profile.version} />
        <FormError errors={formErrors} />
        <Field
          label="Ad"
          inputProps={{
            name: "first_name",
            id: "first_name",
            required: true,
            maxLength: limits.first_name,
            defaultValue: value("first_name", profile.first_name),
            autoComplete: "given-name",
          }}
          errors={errors("first_name")}
        />
        <Field
          label="Soyad"
          inputProps={{
            name: "last_name",
            id: "last_name",
            required: true,
            maxLength: limits.last_name,
            defaultValue: value("last_name", profile.last_name),
            autoComplete: "family-name",
          }}
          errors={errors("last_name")}
        />
        <Field
          label="Telefon"
          inputProps={{
            name: "phone",
            id: "phone",
            type: "tel",
            maxLength: 32,
            defaultValue: value("phone", profile.phone),
            autoComplete: "tel",
          }}
          errors={errors("phone")}
        />
        <Field
          label="E-posta"
          inputProps={{ id: "email", type: "email", value: profile.email, readOnly: true }}
          hint="E-posta değiştirilemez."
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Kaydediliyor…" : "Kaydet"}
          </button>
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage="Veri yüklenirken hata oluştu" />;
