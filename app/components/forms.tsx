import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { useNavigation } from "react-router";

/** The field Conform posts when it asks the server to check a field (on blur); never a real submit. */
const CONFORM_INTENT = "__intent__";

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
