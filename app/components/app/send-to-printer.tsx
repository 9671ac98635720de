import { Form } from "react-router";
import { FormError, useIsSubmitting } from "~/components/forms";

/** The devices to choose from and the key rendered into the form (printFormFor in payments/print-documents.server.ts). */
export interface SendToPrinterProps {
  form: { devices: { id: number; label: string }[]; requestKey: string } | null;
  /** The notice after a request ("Adisyon yazıcıya gönderildi: …"). */
  sent: string | null;
  errors?: string[];
}

/**
 * "Yazıcıya gönder" (decision 089): the adisyon or a receipt to one of the restaurant's print
 * devices. A plain form (works without JavaScript); the key in it makes a double tap one request.
 * Left off the paper by paper.css.
 */
export function SendToPrinter({ form, sent, errors }: SendToPrinterProps) {
  const submitting = useIsSubmitting();
  if (!form && !sent) return null;
  return (
    <div className="print-send">
      {sent ? (
        <p className="notice notice--success" role="status">
          {sent}
        </p>
      ) : null}
      <FormError errors={errors} />
      {form ? (
        <Form method="post" className="print-send__form">
          <input type="hidden" name="request_key" value={form.requestKey} />
          <label htmlFor="print-device">Yazıcı</label>
          <select id="print-device" name="device_id" defaultValue={form.devices[0]!.id} required>
            {form.devices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--primary" disabled={submitting}>
            Yazıcıya gönder
          </button>
        </Form>
      ) : null}
    </div>
  );
}
