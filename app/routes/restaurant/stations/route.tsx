import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { FormError } from "~/components/forms";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { createPrintDevice, deletePrintDevice, listPrintDevices } from "~/modules/kitchen/print-devices.server";
import { StationsPageFormSchema } from "~/modules/kitchen/station-schemas";
import { createStation, deleteStation, listStations, updateStation } from "~/modules/kitchen/stations.server";
import { newClientOrderId } from "~/utils/client-order-id";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { CreatedDevice, StationCard } from "./station-card";
import "./stations.css";

// The kitchen's stations (decision 077) and the printers that print their tickets (decision 080),
// in manager mode. Every change is a plain form; a new printer's key is shown once, on the answer
// to its form (never in a URL or a cookie).
const PATH = "/app/stations";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const [stations, devices, flash] = await Promise.all([listStations(restaurant.id), listPrintDevices(restaurant.id), takeFlash(request)]);
  return data(
    {
      stations,
      devices,
      flash: flash.flash,
      // The forms' idempotency keys: a double submit adds one station or one printer.
      createKey: newClientOrderId(),
      origin: new URL(request.url).origin,
    },
    { headers: flash.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  return pageAction(await request.formData(), StationsPageFormSchema, async (form) => {
    const done = async (message: string) => redirect(PATH, { headers: await flashHeaders(message) });
    switch (form.intent) {
      case "station-create": {
        const { station } = await createStation(restaurant.id, form.name, form.create_key);
        throw await done(`“${station.name}” istasyonu eklendi.`);
      }
      case "station-rename": {
        const station = await updateStation(restaurant.id, form.id, { name: form.name }, form.version);
        throw await done(`İstasyon “${station.name}” olarak kaydedildi.`);
      }
      case "station-move": {
        const station = await updateStation(restaurant.id, form.id, { position: form.to }, null);
        throw await done(`“${station.name}” istasyonunun sırası kaydedildi.`);
      }
      case "station-delete": {
        const { name, moved } = await deleteStation(restaurant.id, form.id, form.move_to);
        throw await done(moved > 0 ? `“${name}” silindi; ${moved} kategori taşındı.` : `“${name}” istasyonu silindi.`);
      }
      case "device-create": {
        const created = await createPrintDevice(restaurant.id, { name: form.name, stationId: form.station_id }, form.create_key);
        // Answered, not redirected: the key is on this page once, and not kept anywhere it could be read again.
        return data(
          { created: { name: created.device.name, station: created.device.station.name, token: created.token } },
          { headers: { "Cache-Control": "no-store" } },
        );
      }
      case "device-delete": {
        await deletePrintDevice(restaurant.id, form.id);
        throw await done("Yazıcı silindi; anahtarı artık çalışmaz.");
      }
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Mutfak İstasyonları — Sofra" }];

export default function Stations({ loaderData, actionData }: Route.ComponentProps) {
  const { stations, devices, createKey, origin } = loaderData;
  const errors = formErrorsOf(actionData);
  const created = actionData && "created" in actionData ? actionData.created : null;
  return (
    <>
      <AppHeader heading title="Mutfak İstasyonları" backTo="/app/admin" />
      <main className="app-main">
        <div className="container stack">
          {loaderData.flash ? (
            <p className="form-notice" role="status">
              {loaderData.flash}
            </p>
          ) : null}
          {created ? <CreatedDevice created={created} origin={origin} /> : null}
          <FormError errors={errors} />
          <p className="muted">
            Her menü kategorisi bir istasyonda hazırlanır; sipariş gelince her istasyon yalnızca kendi fişini görür. Kategorinin istasyonunu{" "}
            <Link to="/app/menu-management?kategoriler=1">Menü Yönetimi → Kategorileri düzenle</Link> bölümünden seçin.
          </p>
          <ol className="station-list">
            {stations.map((s, i) => (
              <StationCard
                key={s.id}
                station={s}
                first={i === 0}
                last={i === stations.length - 1}
                others={stations.filter((o) => o.id !== s.id)}
                devices={devices.filter((d) => d.station.id === s.id)}
                createKey={createKey}
              />
            ))}
          </ol>
          <form method="post" className="card stack station-add">
            <input type="hidden" name="intent" value="station-create" />
            <input type="hidden" name="create_key" value={createKey} />
            <div className="field">
              <label htmlFor="new-station">Yeni istasyon</label>
              <input id="new-station" name="name" required maxLength={40} placeholder="Örn. Izgara, Tatlı, Soğuk mutfak" />
            </div>
            <button type="submit" className="button button--primary">
              İstasyon ekle
            </button>
          </form>
        </div>
      </main>
    </>
  );
}
