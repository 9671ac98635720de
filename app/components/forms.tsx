import { getFormProps, type FormMetadata } from "@conform-to/react";
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { useActionData, useNavigation } from "react-router";
import { CONFORM_INTENT, createFieldCheckGate, isFieldCheckEvent } from "./field-checks";

/**
 * True while this page's form is really being sent; false while Conform asks the
 * server to validate a field on blur (our forms validate on the server only, so
 * that zod stays off the client: decision 018). A button disabled by that check
 * would swallow the click that caused the blur.
 */
export function useIsSubmitting(intent?: string) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || !navigation.formData || navigation.formData.has(CONFORM_INTENT)) return false;
  return intent === undefined || navigation.formData.get("intent") === intent;
}

/**
 * `getFormProps(form)` for a Conform form checked on the server (decision 018): a field check
 * that would go out while the form's real submit is on its way is dropped, so the check cannot
 * cancel the submit and put its own reply in the submit's place (components/field-checks.ts).
 */
export function useServerCheckedFormProps<Schema extends Record<string, unknown>, FormError>(form: FormMetadata<Schema, FormError>) {
  const navigation = useNavigation();
  const actionData = useActionData();
  const [gate] = useState(createFieldCheckGate);
  useEffect(() => gate.settle(navigation), [gate, navigation, actionData]);
  const props = getFormProps(form);
  return {
    ...props,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (!gate.allow(isFieldCheckEvent(event.nativeEvent), navigation)) {
        event.preventDefault();
        return;
      }
      props.onSubmit(event);
    },
  };
}

type Errors = string[] | undefined;

function ErrorList({ id, errors }: { id: string; errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {errors.join(" ")}
    </p>
  );
}

/** A labelled input with its errors; Conform's getInputProps supplies name, id and validation attributes. */
export function Field({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | null };
  errors?: Errors;
  hint?: ReactNode;
}) {
  const fallbackId = useId();
  const { key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [errors?.length ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input key={key ?? undefined} {...props} id={id} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  selectProps,
  options,
  errors,
}: {
  label: ReactNode;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string | null };
  options: { value: string; label: string }[];
  errors?: Errors;
}) {
  const fallbackId = useId();
  const { key, ...props } = selectProps;
  const id = props.id ?? fallbackId;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select key={key ?? undefined} {...props} id={id} aria-invalid={errors?.length ? true : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function FormError({ errors, id }: { errors?: Errors; id?: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {errors.join(" ")}
    </p>
  );
}
