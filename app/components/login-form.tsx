import { getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import type { LoginSchema } from "~/modules/auth/schemas";
import { Field, FormError, useIsSubmitting, useServerCheckedFormProps } from "./forms";

/**
 * The login form of /login and of /app's login tab. The browser gets the schema's constraints
 * from the loader, not zod; the messages come from the action (decision 018). `intent` names the
 * form where the page has several.
 */
export function LoginForm({
  id,
  intent,
  lastResult,
  constraint,
}: {
  id: string;
  intent?: string;
  lastResult: unknown;
  constraint: ReturnType<typeof getZodConstraint>;
}) {
  const busy = useIsSubmitting(intent);
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id,
    lastResult: lastResult as SubmissionResult<string[]> | undefined,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onBlur",
  });
  const formProps = useServerCheckedFormProps(form);
  return (
    <Form method="post" className="form" {...formProps}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
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
  );
}
