import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { useHydrated } from "~/components/app/use-hydrated";
import { MIN_MANAGER_PASSWORD_LENGTH } from "~/modules/auth/password-rules";
import { fieldErrorsOf } from "~/utils/page-reply";

const FIELDS = ["current_password", "new_password", "confirm_password"] as const;

/**
 * The manager password change form (current, new, new again), used by /app/manager-password and
 * the settings' General tab. With JavaScript the button is disabled while sending, while a field
 * is empty or while the new passwords differ (spec section 5); without it the server says why.
 */
export function ManagerPasswordForm({
  actionData,
  intent,
  labels = {},
  submitLabel = "Şifreyi Değiştir",
  extraButtons,
  minLength = MIN_MANAGER_PASSWORD_LENGTH,
  testId = "manager-password-form",
}: {
  actionData: unknown;
  /** Posted as `intent` on screens with several forms. */
  intent?: string;
  labels?: Partial<Record<(typeof FIELDS)[number], string>>;
  submitLabel?: string;
  extraButtons?: ReactNode;
  /** The new password's minimum (the profile's login password uses this form too). */
  minLength?: number;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const busy = useIsSubmitting(intent);
  const [values, setValues] = useState({ current_password: "", new_password: "", confirm_password: "" });
  const errors = (field: string) => (actionData && (!intent || isFor(actionData, intent)) ? fieldErrorsOf(actionData, field) : undefined);
  const mismatch = values.confirm_password !== "" && values.new_password !== values.confirm_password;
  const blocked = hydrated && (FIELDS.some((f) => values[f] === "") || values.new_password !== values.confirm_password);
  const secret = (name: (typeof FIELDS)[number], autoComplete: string, minLength?: number) => ({
    name,
    id: name,
    type: "password",
    required: true,
    maxLength: 128,
    minLength,
    autoComplete,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  return (
    <Form method="post" className="form" data-testid={testId}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormError errors={errors("")} />
      <Field
        label={labels.current_password ?? "Mevcut yönetici şifresi"}
        inputProps={secret("current_password", "current-password")}
        errors={errors("current_password")}
      />
      <Field
        label={labels.new_password ?? "Yeni yönetici şifresi"}
        inputProps={secret("new_password", "new-password", minLength)}
        errors={errors("new_password")}
        hint={`En az ${minLength} karakter`}
      />
      <Field
        label={labels.confirm_password ?? "Yeni şifre (tekrar)"}
        inputProps={secret("confirm_password", "new-password")}
        errors={mismatch ? ["Yeni şifreler eşleşmiyor"] : errors("confirm_password")}
      />
      <div className="button-row">
        {extraButtons}
        <button type="submit" className="button button--primary" disabled={busy || blocked}>
          {busy ? "Kaydediliyor…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** Whether a refused post was this form's (its intent is echoed back in the reply). */
function isFor(actionData: unknown, intent: string): boolean {
  const initial = (actionData as { result?: { initialValue?: Record<string, unknown> | null } }).result?.initialValue;
  return initial?.intent === intent;
}
