import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/premium-application";
import { AppHeader } from "~/components/app/app-header";
import { Field, FormError, SelectField, useIsSubmitting } from "~/components/forms";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { APPLICATION_BUSINESS_TYPES, ApplicationSchema } from "~/modules/billing/application-schema";
import { applicationStatus, submitApplication } from "~/modules/billing/applications.server";
import { PLAN_DEFINITIONS } from "~/modules/billing/catalog";
import { trialStatus } from "~/modules/billing/trial.server";
import { safeReturnTo, withQuery } from "~/utils/url";
import { pageAction } from "~/utils/page-action.server";

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
    application: status.application,
    returnTo: safeReturnTo(url.searchParams.get("return_to")),
    // The browser gets the schema's constraints and choices, not zod: the messages come from the action (decision 018).
    constraint: getZodConstraint(ApplicationSchema),
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

export const meta: Route.MetaFunction = () => [{ title: "Premium Başvurusu — Sofra" }];

export default function PremiumApplication({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting();
  const [form, fields] = useForm<z.input<typeof ApplicationSchema>>({
    id: "premium-application",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    shouldValidate: "onBlur",
    defaultValue: {
      restaurant_name: loaderData.restaurantName,
      business_type: loaderData.restaurantType,
      requested_plan: loaderData.requestedPlan,
    },
  });
  const pending = loaderData.application?.status === "pending";
  return (
    <>
      <AppHeader title="Premium Başvurusu" backTo={loaderData.returnTo} />
      <main className="app-main">
        <div className="container narrow stack">
          {pending ? (
            <p className="notice notice--info" role="status">
              <strong>Başvurunuz inceleniyor</strong>
              Admin onayı bekleniyor; sonuç burada görünecek.
            </p>
          ) : null}
          {!loaderData.needed ? (
            <p className="notice notice--info">Deneme süreniz devam ediyor; şimdilik başvuruya gerek yok.</p>
          ) : null}
          <div className="card">
            <Form method="post" className="form" {...getFormProps(form)}>
              <FormError errors={form.errors} id={form.errorId} />
              <Field label="İşletme adı" inputProps={getInputProps(fields.restaurant_name, { type: "text" })} errors={fields.restaurant_name.errors} />
              <SelectField
                label="İşletme türü"
                selectProps={getSelectProps(fields.business_type)}
                options={loaderData.businessTypes}
                errors={fields.business_type.errors}
              />
              <SelectField
                label="İstenen plan"
                selectProps={getSelectProps(fields.requested_plan)}
                options={loaderData.plans}
                errors={fields.requested_plan.errors}
              />
              <div className="field">
                <label htmlFor={fields.business_description.id}>İşletmenizi kısaca anlatın (isteğe bağlı)</label>
                <textarea {...getTextareaProps(fields.business_description)} rows={3} />
              </div>
              <div className="form-row">
                <Field label="Masa sayısı" inputProps={{ ...getInputProps(fields.table_count, { type: "number" }), min: 1 }} errors={fields.table_count.errors} />
                <Field label="Personel sayısı" inputProps={{ ...getInputProps(fields.staff_count, { type: "number" }), min: 1 }} errors={fields.staff_count.errors} />
              </div>
              <Field
                label="Aylık müşteri sayısı"
                inputProps={{ ...getInputProps(fields.monthly_customer_count, { type: "number" }), min: 1 }}
                errors={fields.monthly_customer_count.errors}
              />
              <button type="submit" className="button button--primary button--block" disabled={busy || pending || !loaderData.needed}>
                {busy ? "Gönderiliyor…" : "Başvuruyu Gönder"}
              </button>
            </Form>
          </div>
        </div>
      </main>
    </>
  );
}
