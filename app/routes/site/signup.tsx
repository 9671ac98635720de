import { getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/signup";
import { Field, FormError, SelectField, useIsSubmitting, useServerCheckedFormProps } from "~/components/forms";
import { signupFormAction } from "~/modules/restaurants/onboarding-api.server";
import { RESTAURANT_TYPE_OPTIONS, SignupSchema } from "~/modules/restaurants/onboarding-schemas";
import { monthlyOfYearly, TRIAL_DAYS, trialBenefits, type BillingCycle } from "~/modules/billing/catalog";
import { listPlans } from "~/modules/billing/plans.server";
import { formatMoney } from "~/utils/money";

export async function loader({ url }: Route.LoaderArgs) {
  const planId = url.searchParams.get("plan");
  const billing: BillingCycle = url.searchParams.get("billing") === "yearly" ? "yearly" : "monthly";
  const plans = await listPlans();
  const plan = plans.find((p) => p.id === planId) ?? null;
  return {
    // Every figure comes from the plan chosen on /pricing, as the plans table has it.
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          price:
            billing === "yearly"
              ? `yıllık ${formatMoney(plan.price_yearly)} (ayda ${formatMoney(monthlyOfYearly(plan.price_yearly))})`
              : `aylık ${formatMoney(plan.price_monthly)}`,
        }
      : null,
    billing,
    benefits: plan ? trialBenefits({ maxTables: plan.max_tables, maxStaff: plan.max_staff }) : trialBenefits(),
    // The browser gets the schema's constraints, not zod: the messages come from the action (decision 018).
    constraint: getZodConstraint(SignupSchema),
    typeOptions: RESTAURANT_TYPE_OPTIONS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signupFormAction(request, await request.formData(), context, SignupSchema);
}

export const meta: Route.MetaFunction = () => [
  { title: "Ücretsiz Deneme — Sofra" },
  { name: "description", content: "Sofra'yı 14 gün ücretsiz deneyin: restoranınızı birkaç dakikada kurun, siparişleri telefondan alın." },
];

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, benefits } = loaderData;
  const busy = useIsSubmitting();
  const [form, fields] = useForm<z.input<typeof SignupSchema>>({
    id: "signup",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onBlur",
    defaultValue: { restaurant_type: "restaurant", plan: plan?.id, billing: loaderData.billing },
  });
  const formProps = useServerCheckedFormProps(form);

  return (
    <main className="auth-page">
      <div className="container narrow">
        <h1>{TRIAL_DAYS} Gün Ücretsiz Deneme</h1>
        <p className="muted">
          Zaten hesabınız var mı? <Link to="/login">Giriş yapın</Link>
        </p>
        {plan ? (
          <p className="form-notice">
            Seçtiğiniz plan: <strong>{plan.name}</strong>, <strong>{plan.price}</strong>. Deneme süresi bitince bu planla devam
            edebilirsiniz.
          </p>
        ) : null}
        <ul className="checklist" aria-label="Deneme süresince">
          {benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
        <div className="card">
          <Form method="post" className="form" {...formProps}>
            <FormError errors={form.errors} id={form.errorId} />
            <input {...getInputProps(fields.plan, { type: "hidden" })} />
            <input {...getInputProps(fields.billing, { type: "hidden" })} />
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
              label="Şifre"
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
              errors={fields.password.errors}
              hint="En az 6 karakter"
            />
            <Field
              label="İşletme adı"
              inputProps={{ ...getInputProps(fields.restaurant_name, { type: "text" }), autoComplete: "organization" }}
              errors={fields.restaurant_name.errors}
            />
            <SelectField
              label="İşletme türü"
              selectProps={getSelectProps(fields.restaurant_type)}
              options={loaderData.typeOptions}
              errors={fields.restaurant_type.errors}
            />
            <Field
              label="Telefon (isteğe bağlı)"
              inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
              errors={fields.phone.errors}
            />
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? "Hesap oluşturuluyor…" : "Ücretsiz Denemeyi Başlat"}
            </button>
            <p className="muted small m-0">
              Kredi kartı gerekmez. {TRIAL_DAYS} gün sonunda plan seçmezseniz hesabınız yalnızca görüntülemeye açık kalır.
            </p>
          </Form>
        </div>
      </div>
    </main>
  );
}
