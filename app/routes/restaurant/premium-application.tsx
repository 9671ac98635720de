import { Form, redirect } from "react-router";
import type { Route } from "./+types/premium-application";
import { AppHeader } from "~/components/app/app-header";
import { Field, FormError, SelectField, useIsSubmitting } from "~/components/forms";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { APPLICATION_BUSINESS_TYPES, ApplicationSchema } from "~/modules/billing/application-schema";
import { applicationStatus, submitApplication } from "~/modules/billing/applications.server";
import { CLOSED_NO_APPLICATION, PLAN_LABELS } from "~/modules/billing/billing-rules";
import { PLAN_DEFINITIONS } from "~/modules/billing/catalog";
import { trialStatus } from "~/modules/billing/trial.server";
import { DEFAULT_TIME_ZONE } from "~/utils/dates";
import { safeReturnTo, withQuery } from "~/utils/url";
import { pageAction } from "~/utils/page-action.server";
import { fieldErrorsOf, submittedValue } from "~/utils/page-reply";

const TYPE_LABELS: Record<(typeof APPLICATION_BUSINESS_TYPES)[number], string> = {
  restaurant: "Restoran",
  cafe: "Kafe",
  bar: "Bar",
  fast_food: "Fast Food",
  bakery: "Fırın / Pastane",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const status = await applicationStatus(auth.restaurant.id);
  return {
    restaurantName: auth.restaurant.name,
    restaurantType: auth.restaurant.type,
    requestedPlan: auth.restaurant.requestedPlanId ?? "pro",
    needed: trialStatus(auth.restaurant).upgrade_required,
    onTrial: auth.restaurant.subscriptionPlan === "free_trial",
    // A suspended or cancelled account cannot apply (the action refuses it with 403 too).
    closed: auth.restaurant.subscriptionStatus === "active" ? null : CLOSED_NO_APPLICATION(auth.restaurant.subscriptionStatus),
    application: status.application,
    returnTo: safeReturnTo(url.searchParams.get("return_to")),
    // The browser gets the choices, not zod: the messages come from the action (decision 018).
    businessTypes: APPLICATION_BUSINESS_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
    plans: PLAN_DEFINITIONS.map((p) => ({ value: p.id, label: p.name })),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  return pageAction(await request.formData(), ApplicationSchema, async (application) => {
    await submitApplication(auth, application);
    throw redirect(withQuery(safeReturnTo(url.searchParams.get("return_to")), { applied: "1" }));
  });
}

const dateTime = new Intl.DateTimeFormat("tr-TR", { timeZone: DEFAULT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

/** The latest application's state: waiting, or the platform's decision with its plan and notes. */
function ApplicationDecision({ application }: { application: NonNullable<Route.ComponentProps["loaderData"]["application"]> }) {
  const notes = application.admin_notes ? (
    <span className="application-notes">
      Yönetici notu: <q>{application.admin_notes}</q>
    </span>
  ) : null;
  const when = application.reviewed_at ? ` (${dateTime.format(new Date(application.reviewed_at))})` : "";
  if (application.status === "pending") {
    return (
      <p className="notice notice--info" role="status" data-testid="application-status">
        <strong>Başvurunuz inceleniyor</strong>
        Admin onayı bekleniyor; sonuç burada görünecek.
      </p>
    );
  }
  if (application.status === "approved") {
    const plan = PLAN_LABELS[application.approved_plan ?? ""] ?? application.approved_plan;
    return (
      <p className="notice notice--success" role="status" data-testid="application-status">
        <strong>Başvurunuz onaylandı{when}</strong>
        {plan} planınız etkinleştirildi; tüm özellikleri kullanabilirsiniz. Faturanız Ayarlar &gt; Faturalandırma bölümünde. {notes}
      </p>
    );
  }
  return (
    <p className="notice notice--error" role="status" data-testid="application-status">
      <strong>Başvurunuz reddedildi{when}</strong>
      Bilgilerinizi güncelleyip yeniden başvurabilirsiniz. {notes}
    </p>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Premium Başvurusu — Sofra" }];

// A plain form: the messages and, after a refusal, the values typed come from the action's reply
// (decision 018), and the page stays within its JavaScript budget without Conform.
export default function PremiumApplication({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting();
  const errors = (name: string) => fieldErrorsOf(actionData, name);
  const input = (name: string, fallback = "") => ({ name, id: name, defaultValue: submittedValue(actionData, name) ?? fallback });
  const count = (name: string) => ({ ...input(name), type: "number", min: 1, max: 1_000_000, inputMode: "numeric" as const });
  const application = loaderData.application;
  const pending = application?.status === "pending";
  return (
    <>
      <AppHeader heading title="Premium Başvurusu" backTo={loaderData.returnTo} />
      <main className="app-main">
        <div className="container narrow stack">
          {application ? <ApplicationDecision application={application} /> : null}
          {loaderData.closed ? (
            <p className="notice notice--error" role="alert" data-testid="application-closed">
              {loaderData.closed}
            </p>
          ) : null}
          {!loaderData.needed && application?.status !== "approved" ? (
            <p className="notice notice--info">
              {loaderData.onTrial
                ? "Deneme süreniz devam ediyor; şimdilik başvuruya gerek yok."
                : "Aboneliğiniz aktif; başvuruya gerek yok."}
            </p>
          ) : null}
          {/* Once approved and active, there is nothing to apply for: the decision is the page. */}
          {application?.status === "approved" && !loaderData.needed ? null : (
            <div className="card">
              <Form method="post" className="form">
                <FormError errors={errors("")} />
                <Field
                  label="İşletme adı"
                  inputProps={{ ...input("restaurant_name", loaderData.restaurantName), type: "text", required: true, maxLength: 120 }}
                  errors={errors("restaurant_name")}
                />
                <SelectField
                  label="İşletme türü"
                  selectProps={input("business_type", loaderData.restaurantType)}
                  options={loaderData.businessTypes}
                  errors={errors("business_type")}
                />
                <SelectField
                  label="İstenen plan"
                  selectProps={input("requested_plan", loaderData.requestedPlan)}
                  options={loaderData.plans}
                  errors={errors("requested_plan")}
                />
                <div className="field">
                  <label htmlFor="business_description">İşletmenizi kısaca anlatın (isteğe bağlı)</label>
                  <textarea {...input("business_description")} rows={3} maxLength={2000} />
                </div>
                <div className="form-row">
                  <Field label="Masa sayısı" inputProps={count("table_count")} errors={errors("table_count")} />
                  <Field label="Personel sayısı" inputProps={count("staff_count")} errors={errors("staff_count")} />
                </div>
                <Field
                  label="Aylık müşteri sayısı"
                  inputProps={count("monthly_customer_count")}
                  errors={errors("monthly_customer_count")}
                />
                <button
                  type="submit"
                  className="button button--primary button--block"
                  disabled={busy || pending || !loaderData.needed || loaderData.closed !== null}
                >
                  {busy ? "Gönderiliyor…" : "Başvuruyu Gönder"}
                </button>
              </Form>
            </div>
          )}
        </div>
      </main>
    </>
  );
}
