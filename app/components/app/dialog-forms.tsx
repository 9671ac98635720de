import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormError, useIsSubmitting } from "~/components/forms";
import { formErrorsOf } from "~/utils/page-reply";
import { Modal } from "./modal";

/**
 * The buttons under a management dialog's form: back to the list (a link, so it works without
 * JavaScript) and the submit button, disabled while this form's intent is being sent.
 */
export function DialogButtons({
  closeTo,
  intent,
  label,
  busyLabel = "Kaydediliyor…",
  cancelLabel = "İptal",
  danger = false,
}: {
  closeTo: string;
  intent: string;
  label: string;
  busyLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}) {
  const busy = useIsSubmitting(intent);
  return (
    <div className="button-row">
      <Link className="button" to={closeTo} replace preventScrollReset>
        {cancelLabel}
      </Link>
      <button type="submit" className={`button ${danger ? "button--danger" : "button--primary"}`} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/**
 * A delete confirmation of the management screens: the question, the screen's failure message
 * with the server's reason when the delete was refused, "Vazgeç" and "Sil" (intent "delete").
 * Every list screen's delete dialog is this one (staff, stock, discounts, reservations, tables…).
 */
export function ConfirmDeleteDialog({
  title,
  id,
  closeTo,
  actionData,
  failedMessage,
  preventScrollReset,
  intent = "delete",
  action,
  label = "Sil",
  notice,
  children,
}: {
  title: string;
  id: number;
  closeTo: string;
  actionData: unknown;
  /** The screen's "could not delete" line above the server's reason, when it has one. */
  failedMessage?: string;
  preventScrollReset?: boolean;
  /** The screen's name for its delete form, when it has several kinds of things to delete. */
  intent?: string;
  action?: string;
  /** The delete button's text, when "Sil" alone would not say what goes. */
  label?: string;
  /** A warning under the question (an open bill on the table). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const errors = formErrorsOf(actionData);
  return (
    <Modal title={title} closeTo={closeTo}>
      <Form method="post" action={action} className="form" preventScrollReset={preventScrollReset}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <FormError errors={errors && failedMessage ? [failedMessage, ...errors] : errors} />
        <p className="m-0">{children}</p>
        {notice}
        <DialogButtons closeTo={closeTo} intent={intent} label={label} busyLabel={label} cancelLabel="Vazgeç" danger />
      </Form>
    </Modal>
  );
}
