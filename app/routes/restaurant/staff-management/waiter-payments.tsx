import { Form } from "react-router";
import { FormError } from "~/components/forms";

/** The restaurant's one switch: may waiters take payments, or only cashiers and managers. */
export function WaiterPayments({ on, errors }: { on: boolean; errors: string[] | undefined }) {
  return (
    <section className="card stack" aria-labelledby="payments-setting">
      <h2 id="payments-setting" className="section-title m-0">
        Garsonların ödeme alması
      </h2>
      <p className="m-0" data-testid="waiter-payments-state">
        {on ? "Açık: garsonlar ödeme alabilir." : "Kapalı: ödemeyi yalnızca kasiyerler ve yöneticiler alır."}
      </p>
      <FormError errors={errors} />
      <Form method="post" action="/app/staff-management">
        <input type="hidden" name="intent" value="waiter-payments" />
        <input type="hidden" name="value" value={on ? "off" : "on"} />
        <button type="submit" className="button">
          {on ? "Garsonlardan ödeme almayı kaldır" : "Garsonlar ödeme alabilsin"}
        </button>
      </Form>
    </section>
  );
}
