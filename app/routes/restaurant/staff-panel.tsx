import { lazy, Suspense, useCallback, useEffect, useRef } from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/staff-panel";
import { StaffScreenHeader } from "~/components/app/staff-screen-header";
import { NotificationPermission } from "~/components/app/connection-notices";
import { TableGroups } from "~/components/app/table-grid";
import { TableTile } from "~/components/app/table-tile";

// What this device keeps for offline use (IndexedDB) is read after the page is up: the server
// cannot know it, and the first load stays small (npm run size). Rendered only once the page has loaded, so
// no server-rendered Suspense boundary waits for JavaScript.
const PendingBadge = lazy(() => import("~/components/app/pending-badge").then((m) => ({ default: m.PendingBadge })));
const OfflineOrders = lazy(() => import("~/components/app/offline-orders").then((m) => ({ default: m.OfflineOrders })));
const offlineDb = () => import("~/offline/offline-db");
import { followFloor, usePoll } from "~/components/app/use-poll";
import { FLOOR_EVENTS } from "~/components/app/live-event-types";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { endManagerModeOnArrival } from "~/modules/auth/sessions.server";
import { can, mayEnterManagerMode } from "~/modules/auth/roles";
import { tileAction } from "~/modules/tables/labels";
import { listTablesAt, type TableDto } from "~/modules/tables/tables.server";
import { savedOrderNotice } from "~/modules/orders/orders.server";
import { ServedFormSchema } from "~/modules/kitchen/ticket-schemas";
import { readyListConcerned } from "~/modules/kitchen/tickets";
import { bumperOf, bumpTicketItem, readyLinesOf, type ReadyLine } from "~/modules/kitchen/tickets.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { useAfterLoad } from "~/components/app/use-hydrated";
import { isNetworkFailure, rememberedSession } from "~/offline/session";
import { useOnline } from "~/offline/use-online";
import { formatMoney } from "~/utils/money";
import { positiveIntOrNull } from "~/utils/numbers";

/** The order the URL names was saved: its table and total from the database (never from the URL). */
async function savedNotice(restaurantId: number, url: URL) {
  const id = url.searchParams.get("success") === "order" ? positiveIntOrNull(url.searchParams.get("order")) : null;
  return id ? savedOrderNotice(restaurantId, id) : null;
}

/** An order kept on this device while offline: its table and total from this device's queue. */
async function queuedNotice(url: URL) {
  const id = positiveIntOrNull(url.searchParams.get("queued"));
  const order = id
    ? await offlineDb()
        .then((db) => db.getOfflineOrder(id))
        .catch(() => undefined)
    : undefined;
  return order ? { table: order.table_number, total: order.total_amount ?? null } : null;
}

/** The tables, and the floor's version they were read at (the grid then applies only later events). */
async function floorOf(restaurantId: number) {
  const { tables, version } = await listTablesAt(restaurantId);
  return { tables, tablesVersion: version };
}

export async function loader({ context, url, request }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const { user, restaurant } = auth;
  // The staff panel is where the next waiter picks the tablet up: manager mode ends here.
  await endManagerModeOnArrival(request, auth);
  return {
    restaurantId: restaurant.id as number | null,
    staffName: `${user.firstName} ${user.lastName}`,
    userId: user.id as number | null,
    ...(await floorOf(restaurant.id)),
    offline: false,
    saved: await savedNotice(restaurant.id, url),
    queued: null as { table: number; total: number | null } | null,
    networkError: url.searchParams.get("error") === "network",
    // A waiter whose restaurant took payments away from waiters is not offered them (app/modules/auth/roles.ts).
    canPay: can(auth, "payments"),
    // Only an owner or admin has a role to go back and choose; staff accounts skip role selection.
    choosesRole: mayEnterManagerMode(auth),
    // The lines this user sent that the kitchen has made ready (decision 079): served with a tap.
    ready: await readyLinesOf(restaurant.id, user.id),
  };
}

/** "Servis edildi" on a ready line: a plain form (the notices do the same with JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  return pageAction(await request.formData(), ServedFormSchema, async (form) => {
    await bumpTicketItem(auth.restaurant.id, form.id, "served", null, bumperOf(auth));
    throw redirect("/app/staff");
  });
}

/** Without a connection the screen opens from this device's copies. */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  try {
    const data = await serverLoader();
    return url.searchParams.has("queued") ? { ...data, queued: await queuedNotice(url) } : data;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const session = rememberedSession();
    const tables = await (await offlineDb()).getCachedTables();
    return {
      restaurantId: session?.restaurantId ?? null,
      staffName: session?.staffName ?? "",
      tables: tables.map((t) => ({
        id: t.id,
        number: t.number,
        status: t.status,
        waiter_name: t.waiter_name ?? null,
        customer_count: t.customer_count ?? 0,
        display_name: t.display_name ?? null,
        section: t.section ?? null,
      })),
      tablesVersion: null,
      offline: true,
      saved: null,
      queued: await queuedNotice(url),
      networkError: url.searchParams.get("error") === "network",
      canPay: true,
      choosesRole: false,
      userId: null,
      ready: [] as ReadyLine[],
    };
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Personel Paneli — Sofra" }];

/** The waiter's ready lines, each with its "Servis edildi" form. */
function ReadyLines({ lines, errors }: { lines: ReadyLine[]; errors?: string[] }) {
  if (lines.length === 0 && !errors) return null;
  return (
    <section className="card stack ready-lines" aria-labelledby="ready-title">
      <h2 id="ready-title" className="section-title m-0">
        Hazır
      </h2>
      {errors ? (
        <p className="form-error" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
      <ul className="list-plain stack">
        {lines.map((l) => (
          <li key={l.id} className="cluster">
            <span className="grow">
              Masa {l.table_number} · {l.quantity} × {l.name}
              {l.note || l.options.length > 0 ? ` (${[...l.options, ...(l.note ? [l.note] : [])].join(", ")})` : ""}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="served" />
              <input type="hidden" name="id" value={l.id} />
              <button type="submit" className="button button--small">
                Servis edildi
                <span className="visually-hidden">
                  : Masa {l.table_number}, {l.name}
                </span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The ready list follows the kitchen's bumps: read again on a ticket event that concerns it (lines
 * this user sent became ready, or a ticket it shows changed); every 30 s while the stream is lost.
 */
const READY_EVENTS = ["ticket.updated"] as const;
const FOLLOW_FLOOR = followFloor<TableDto>();

export default function StaffPanel({ loaderData, actionData }: Route.ComponentProps) {
  const userId = loaderData.userId;
  const readyConcerns = useCallback(
    (data: Record<string, unknown>, lines: ReadyLine[]) => userId === null || readyListConcerned(data, userId, lines),
    [userId],
  );
  const { data: ready } = usePoll<ReadyLine[]>("/api/kitchen/ready", 30_000, loaderData.ready, READY_EVENTS, readyConcerns);
  // The tables are read again on each live event of the floor; every 3 seconds while the stream is lost.
  // An event that carries its tables' rows is applied without a read (decision 094).
  const { data: tables, stale } = usePoll<TableDto[]>("/api/tables", 3000, loaderData.tables, FLOOR_EVENTS, undefined, {
    ...FOLLOW_FLOOR,
    initialVersion: loaderData.tablesVersion,
  });
  // The device's copy of the tables follows the poll (for a screen opened offline), when they change.
  const lastCached = useRef("");
  const loaded = useAfterLoad();
  useEffect(() => {
    if (!loaded || loaderData.offline || stale || tables.length === 0) return;
    const snapshot = JSON.stringify(tables);
    if (snapshot === lastCached.current) return;
    lastCached.current = snapshot;
    void offlineDb().then((db) => db.cacheTables(tables));
  }, [loaded, tables, stale, loaderData.offline]);
  const online = useOnline();
  const { saved, queued } = loaderData;
  return (
    <>
      <StaffScreenHeader title={loaderData.staffName || "Personel"} choosesRole={loaderData.choosesRole}>
        {loaded ? (
          <Suspense fallback={null}>
            <PendingBadge restaurantId={loaderData.restaurantId} />
          </Suspense>
        ) : null}
      </StaffScreenHeader>
      <main className="app-main">
        <div className="container stack">
          {saved ? (
            <p className="notice notice--success" role="status">
              <strong>Sipariş kaydedildi!</strong>
              Masa {saved.table}
              {saved.total !== null ? ` · ${formatMoney(saved.total)}` : ""}
            </p>
          ) : null}
          {queued ? (
            <p className="notice notice--info" role="status">
              <strong>Sipariş bu cihaza kaydedildi</strong>
              Masa {queued.table}
              {queued.total !== null ? ` · ${formatMoney(queued.total)}` : ""}. Bağlantı gelince kendiliğinden gönderilecek.
            </p>
          ) : null}
          {loaderData.networkError ? (
            <p className="notice notice--error" role="alert">
              <strong>Bağlantı hatası</strong>
              Sipariş sunucuya ulaşmadı. İnternet bağlantınızı kontrol edip tekrar deneyin.
            </p>
          ) : null}
          <div className="button-pair">
            <Link className="button button--primary" to="/app/order-taking">
              Sipariş Al
            </Link>
            {loaderData.canPay ? (
              <Link className="button" to="/payments">
                Ödeme Al
              </Link>
            ) : null}
          </div>

          {loaded ? (
            <Suspense fallback={null}>
              <OfflineOrders restaurantId={loaderData.restaurantId} />
            </Suspense>
          ) : null}

          <div className="cluster cluster--between cluster--baseline cluster--nowrap">
            <h1 className="page-title m-0">Masalar</h1>
            {!online || loaderData.offline ? (
              <span className="stale">Çevrimdışı: bu cihazdaki son bilgiler</span>
            ) : stale ? (
              <span className="stale">Bağlantı yok, son bilgiler gösteriliyor</span>
            ) : null}
          </div>
          <ReadyLines lines={loaderData.offline ? [] : ready} errors={formErrorsOf(actionData)} />
          {tables.length === 0 ? (
            <div className="card stack text-center">
              <p>Masa bilgisi bulunamadı.</p>
              <Link className="button" to="/app/staff" reloadDocument>
                Tekrar Dene
              </Link>
            </div>
          ) : (
            <TableGroups
              tables={tables}
              tile={(t) => (
                <TableTile key={t.id} table={t} to={`/app/order-taking?table=${t.number}`} footer={tileAction(t.status as never)} />
              )}
            />
          )}
          <NotificationPermission />
        </div>
      </main>
    </>
  );
}
