import { Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { StaffScreenHeader } from "~/components/app/staff-screen-header";
import { FormError } from "~/components/forms";
import { useHydrated } from "~/components/app/use-hydrated";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { mayEnterManagerMode } from "~/modules/auth/roles";
import { listStations } from "~/modules/kitchen/stations.server";
import { KitchenFormSchema } from "~/modules/kitchen/ticket-schemas";
import { bumpTicket, bumpTicketItem, kitchenSettings, listTickets } from "~/modules/kitchen/tickets.server";
import { STATUS_LABELS, type KitchenStatus } from "~/modules/kitchen/tickets";
import { positiveIntOrNull } from "~/utils/numbers";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { TicketCard } from "./ticket-card";
import { useAutoPrint, useNow, useTicketSound, useWakeLock } from "./kitchen-device";
import { TicketPaper } from "./ticket-paper";
import { useTickets } from "./use-tickets";
import "./kitchen.css";

// The kitchen display (issue 21, decision 079): the station's tickets in a column per state, a
// tap bumps a line or a whole ticket. Without JavaScript every bump is a form and the page
// reloads itself; with it, bumps post in the background and the tickets are re-read as they change.
const NO_JS_REFRESH_SECONDS = 10;
const FALLBACK_POLL_MS = 5000;
const COLUMNS: KitchenStatus[] = ["new", "preparing", "ready"];

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const { restaurant, user } = auth;
  const stations = await listStations(restaurant.id);
  const asked = positiveIntOrNull(url.searchParams.get("station"));
  const stationId = stations.some((s) => s.id === asked) ? asked : null;
  const [tickets, settings] = await Promise.all([
    listTickets(restaurant.id, { stationId, status: "recent" }),
    kitchenSettings(restaurant.id),
  ]);
  return {
    // Only an owner or admin has a role to go back and choose; the kitchen account skips role selection.
    choosesRole: mayEnterManagerMode(auth),
    staffName: `${user.firstName} ${user.lastName}`,
    stations: stations.map((s) => ({ id: s.id, name: s.name })),
    stationId,
    tickets,
    now: new Date().toISOString(),
    timeZone: restaurant.timezone,
    amberMinutes: settings.amberMinutes,
    redMinutes: settings.redMinutes,
    autoPrint: settings.autoPrint,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  return pageAction(await request.formData(), KitchenFormSchema, async (form) => {
    if (form.intent === "ticket") await bumpTicket(restaurant.id, form.id, form.status, form.version ?? null);
    else await bumpTicketItem(restaurant.id, form.id, form.status, form.version ?? null, "kitchen");
    // Back to the same station's board (a plain post lands on a fresh page; a background one re-reads it).
    throw redirect(`${url.pathname}${url.search}`);
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Mutfak — Sofra" }];

export default function Kitchen({ loaderData, actionData }: Route.ComponentProps) {
  const { stations, stationId, timeZone, amberMinutes, redMinutes } = loaderData;
  const { tickets, lost } = useTickets(loaderData.tickets, stationId, FALLBACK_POLL_MS);
  const now = useNow(loaderData.now, 30_000);
  const sound = useTicketSound(tickets);
  useWakeLock();
  const printing = useAutoPrint(tickets, loaderData.autoPrint);
  const hydrated = useHydrated();
  const errors = formErrorsOf(actionData);
  const alerted = tickets.filter((t) => t.alert_at && t.status !== "served");
  const served = tickets.filter((t) => t.status === "served");
  const station = stations.find((s) => s.id === stationId);
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={String(NO_JS_REFRESH_SECONDS)} />
      </noscript>
      <StaffScreenHeader title={`Mutfak · ${loaderData.staffName}`} choosesRole={loaderData.choosesRole}>
        {hydrated ? (
          <button
            type="button"
            className={`button${sound.enabled ? " button--primary" : ""}`}
            onClick={sound.toggle}
            aria-pressed={sound.enabled}
          >
            {sound.enabled ? "Ses açık" : sound.wanted ? "Sesi yeniden aç" : "Sesi aç"}
          </button>
        ) : null}
      </StaffScreenHeader>
      <main className="app-main kitchen">
        <div className="kitchen-bar">
          <h1 className="page-title">{station ? station.name : "Tüm istasyonlar"}</h1>
          <nav aria-label="İstasyon" className="station-chips">
            <Link to="?" className="chip" aria-current={stationId === null ? "true" : undefined}>
              Tümü
            </Link>
            {stations.map((s) => (
              <Link key={s.id} to={`?station=${s.id}`} className="chip" aria-current={s.id === stationId ? "true" : undefined}>
                {s.name}
              </Link>
            ))}
          </nav>
          {lost ? (
            <p className="connection-lost" role="status">
              Bağlantı koptu: fişler güncel olmayabilir. Yeniden deneniyor…
            </p>
          ) : null}
        </div>
        {errors ? <FormError errors={errors} /> : null}
        {alerted.length > 0 ? (
          <div className="kitchen-alerts" role="alert">
            {alerted.map((t) => (
              <p key={t.id}>
                Masa {t.table_number} · {t.station.name}: gönderilen bir kalem iptal edildi ya da ikram yapıldı.
              </p>
            ))}
          </div>
        ) : null}
        <div className="kitchen-board">
          {COLUMNS.map((status) => {
            const column = tickets.filter((t) => t.status === status);
            return (
              <section key={status} className={`kitchen-column is-${status}`} aria-labelledby={`col-${status}`}>
                <h2 id={`col-${status}`}>
                  {STATUS_LABELS[status]} <span className="count">{column.length}</span>
                </h2>
                {column.length === 0 ? <p className="muted">Fiş yok.</p> : null}
                {column.map((t) => (
                  <TicketCard key={t.id} ticket={t} now={now} timeZone={timeZone} amberMinutes={amberMinutes} redMinutes={redMinutes} />
                ))}
              </section>
            );
          })}
        </div>
        {served.length > 0 ? (
          <section className="kitchen-served" aria-labelledby="col-served">
            <h2 id="col-served">Son servis edilenler (10 dakika içinde geri alınabilir)</h2>
            <div className="kitchen-served-list">
              {served.map((t) => (
                <TicketCard key={t.id} ticket={t} now={now} timeZone={timeZone} amberMinutes={amberMinutes} redMinutes={redMinutes} />
              ))}
            </div>
          </section>
        ) : null}
      </main>
      {printing ? (
        <div className="kitchen-print-slot">
          <TicketPaper ticket={printing} timeZone={timeZone} />
        </div>
      ) : null}
    </>
  );
}
