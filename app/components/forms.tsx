import { getFormProps, type FormMetadata } from "@conform-to/react";
import { useEffect, useId, type FormEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
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

/** Where focus went when a field was last left (recorded before Conform's own focusout handler runs). */
let focusLeavingFor: EventTarget | null = null;
let focusWatchers = 0;
const recordFocusTarget = (event: FocusEvent) => {
  focusLeavingFor = event.relatedTarget;
};

/** The form's own submit control, being pressed (focus moving to it, or held down where buttons take no focus). */
function pressingSubmit(form: HTMLFormElement) {
  const target = focusLeavingFor;
  if (target instanceof HTMLElement && target.closest("form") === form && target.matches('button:not([type]), [type="submit"]'))
    return true;
  return form.querySelector('button:not([type]):active, [type="submit"]:active') !== null;
}

/**
 * `getFormProps(form)` for a form whose fields the server checks on blur (decision 018), minus the
 * one check that does harm: leaving the last field by pressing the submit button. That check's
 * reply puts a message above the button while it is held; the button moves down, the release
 * lands beside it and the press submits nothing (a slow click on a desktop, reproduced by
 * tests/e2e/signup-flow.spec.ts). The submit checks every field anyway.
 */
export function useServerCheckedFormProps<Schema extends Record<string, unknown>, FormError>(form: FormMetadata<Schema, FormError>) {
  useEffect(() => {
    // One capture listener on window for all such forms: it runs before Conform's listener on document.
    if (focusWatchers++ === 0) window.addEventListener("focusout", recordFocusTarget, true);
    return () => {
      if (--focusWatchers === 0) window.removeEventListener("focusout", recordFocusTarget, true);
    };
  }, []);
  const props = getFormProps(form);
  return {
    ...props,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.getAttribute("name") === CONFORM_INTENT && pressingSubmit(event.currentTarget)) {
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
