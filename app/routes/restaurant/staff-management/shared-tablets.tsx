import { Form } from "react-router";
import { Field, FormError, useIsSubmitting } from "~/components/forms";
import { fieldErrorsOf, formErrorsOf } from "~/utils/page-reply";
import type { LoaderData } from "./route";

/** The restaurant's shared tablets (decision 071): make this browser one, or take one away. */
export function SharedTablets({ data, actionData }: { data: LoaderData; actionData: unknown }) {
  const busy = useIsSubmitting("make-tablet");
  return (
    <section className="card stack" aria-labelledby="tablet-title">
      <h2 id="tablet-title" className="section-title m-0">
        Ortak tablet
      </h2>
      <p className="m-0">
        Kasadaki ya da salondaki tablet restoranın cihazı olarak açık kalır. Personel kendi PIN&apos;iyle geçer; 2 dakika işlem yapılmazsa
        tablet PIN ekranına döner. PIN&apos;leri personeli düzenlerken verin.
      </p>
      <FormError errors={formErrorsOf(actionData)} />
      {data.devices.length === 0 ? (
        <p className="muted m-0">Henüz ortak tablet yok.</p>
      ) : (
        <ul className="stack list-plain" aria-label="Ortak tabletler">
          {data.devices.map((d) => (
            <li key={d.id} className="button-row cluster--between" data-testid={`tablet-${d.id}`}>
              <span>
                <strong>{d.name}</strong> <span className="muted">· son kullanım {d.lastSeen}</span>
              </span>
              <Form method="post" action="/app/staff-management">
                <input type="hidden" name="intent" value="revoke-tablet" />
                <input type="hidden" name="device_id" value={d.id} />
                <button type="submit" className="button button--small button--danger" aria-label={`${d.name} tabletini kaldır`}>
                  Kaldır
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action="/app/staff-management" className="form">
        <input type="hidden" name="intent" value="make-tablet" />
        <input type="hidden" name="key" value={data.tabletKey} />
        <Field
          label="Bu cihazın adı"
          inputProps={{ id: "tablet-name", name: "name", defaultValue: "Kasa tableti", maxLength: data.deviceNameMax, autoComplete: "off" }}
          errors={fieldErrorsOf(actionData, "name")}
          hint="Bu cihazdaki yönetici oturumunuz kapanır ve PIN ekranı açılır."
        />
        <button type="submit" className="button" disabled={busy}>
          Bu cihazı ortak tablet yap
        </button>
      </Form>
    </section>
  );
}
