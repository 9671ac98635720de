import { randomUUID } from "node:crypto";
import { data, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { GeneralErrorBoundary } from "~/components/error-page";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import {
  deleteReservation,
  getReservation,
  listReservations,
  moveReservation,
  reservationStats,
  updateReservation,
  createReservation,
} from "~/modules/reservations/reservations.server";
import {
  CREATED,
  DELETED,
  LOAD_FAILED,
  RESERVATION_STATUSES,
  STATUS_CHANGED,
  UPDATED,
  type ReservationStatus,
} from "~/modules/reservations/rules";
import { ReservationFormSchema } from "~/modules/reservations/schemas";
import { isCalendarDate, toLocal } from "~/modules/reservations/time";
import { groupBySection } from "~/modules/tables/grid";
import { listTables } from "~/modules/tables/tables.server";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { positiveIntOrNull } from "~/utils/numbers";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { formErrorsOf, revalidateAfterConflict, submittedValue } from "~/utils/page-reply";
import { withParams, withQuery } from "~/utils/url";
import { ReservationDialogs } from "./dialogs";
import { Filters, ReservationCards, Stats } from "./reservation-list";
import "~/styles/reservations.css";

/** The dialogs' query parameters: closed after every successful post. */
const DIALOGS = { new: null, edit: null, delete: null };

export const shouldRevalidate = revalidateAfterConflict;

/** The list's filter from the address: unknown values are ignored (a hand-typed URL shows everything). */
function filterOf(url: URL) {
  const status = url.searchParams.get("status");
  const date = url.searchParams.get("date");
  return {
    status: RESERVATION_STATUSES.includes(status as ReservationStatus) ? (status as ReservationStatus) : undefined,
    date: date && isCalendarDate(date) ? date : undefined,
    past: url.searchParams.get("past") === "1",
  };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const id = (name: string) => positiveIntOrNull(url.searchParams.get(name));
  const [editId, deleteId] = [id("edit"), id("delete")];
  const filter = filterOf(url);
  const [reservations, stats, editing, deleting, tables] = await Promise.all([
    listReservations(restaurant, filter),
    reservationStats(restaurant),
    editId ? orRefuse(getReservation(restaurant, editId)) : null,
    deleteId ? orRefuse(getReservation(restaurant, deleteId)) : null,
    listTables(restaurant.id),
  ]);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      reservations,
      stats,
      filter,
      flash,
      creating: url.searchParams.get("new") === "1",
      // A new key per form shown: a double submit of this form creates one reservation.
      createKey: randomUUID(),
      editing,
      deleting,
      today: toLocal(new Date(), restaurant.timezone).date,
      // The form picks a table by the name the floor knows it by, under its section (the value stays its number).
      tableGroups: groupBySection(tables).map((g) => ({
        section: g.section?.name ?? null,
        tables: g.tables.map((t) => ({ number: t.number, label: t.display_name || `Masa ${t.number}` })),
      })),
    },
    { headers },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  // `url`, not request.url: a JavaScript post goes to the route's .data address.
  // Back to the list as it was filtered, dialogs closed.
  const back = withQuery(`${url.pathname}${url.search}`, DIALOGS);
  return pageAction(await request.formData(), ReservationFormSchema, async (form) => {
    requireFeature(restaurant, "reservations");
    switch (form.intent) {
      case "create": {
        const { intent: _intent, create_key, ...input } = form;
        const { reservation } = await createReservation(restaurant, input, create_key);
        throw redirect(`${back}#reservation-${reservation.id}`, { headers: await flashHeaders(CREATED) });
      }
      case "update": {
        const { intent: _intent, id, customer_email, notes, ...input } = form;
        // Emptied optional fields clear them.
        await updateReservation(restaurant, id, { ...input, customer_email: customer_email ?? null, notes: notes ?? null });
        throw redirect(`${back}#reservation-${id}`, { headers: await flashHeaders(UPDATED) });
      }
      case "status":
        await moveReservation(restaurant, form.id, form.status);
        throw redirect(`${back}#reservation-${form.id}`, { headers: await flashHeaders(STATUS_CHANGED[form.status]) });
      case "delete":
        await deleteReservation(restaurant.id, form.id);
        throw redirect(back, { headers: await flashHeaders(DELETED) });
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Rezervasyonlar — Sofra" }];

export default function Reservations({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const intent = submittedValue(actionData, "intent");
  // A refused one-tap move, or a refused form whose reservation is not on this list (so no dialog shows it).
  const shown = loaderData.reservations.some((r) => String(r.id) === submittedValue(actionData, "id"));
  const refusal = intent === "status" || ((intent === "update" || intent === "delete") && !shown) ? formErrorsOf(actionData) : undefined;
  return (
    <>
      <AppHeader title="Rezervasyonlar" backTo="/app/admin">
        {/* Short, so the header keeps room for its title on a phone. */}
        <Link
          className="button button--primary"
          to={withParams(location, { ...DIALOGS, new: "1" })}
          preventScrollReset
          aria-label="Yeni Rezervasyon"
        >
          + Yeni
        </Link>
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          <h1 className="visually-hidden">Rezervasyonlar</h1>
          {loaderData.flash ? (
            <p className="notice notice--success" role="status" data-testid="flash">
              {loaderData.flash}
            </p>
          ) : null}
          {refusal ? (
            <p className="notice notice--error" role="alert" data-testid="refusal">
              {refusal.join(" ")}
            </p>
          ) : null}
          <Stats stats={loaderData.stats} />
          <Filters filter={loaderData.filter} />
          <ReservationCards reservations={loaderData.reservations} filter={loaderData.filter} />
        </div>
      </main>
      <ReservationDialogs
        reservations={loaderData.reservations}
        creating={loaderData.creating}
        createKey={loaderData.createKey}
        editing={loaderData.editing}
        deleting={loaderData.deleting}
        today={loaderData.today}
        tableGroups={loaderData.tableGroups}
        actionData={actionData}
      />
    </>
  );
}

/** Refusals (403, 404) as everywhere; anything else is the spec's load failure message. */
export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage={LOAD_FAILED} />;
