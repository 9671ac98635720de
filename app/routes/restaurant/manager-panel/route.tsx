import { lazy, Suspense, useEffect, useState } from "react";
import { Link, redirect, useLocation, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { withParams } from "~/utils/url";
import { TableGroups } from "~/components/app/table-grid";
import { useLiveReload } from "~/components/app/use-live-reload";
import type { LiveMessage } from "~/components/app/live-client";
import { useAfterLoad } from "~/components/app/use-hydrated";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { TableStatusFormSchema } from "~/modules/tables/schemas";
import { listTablesAt, setTableStatus, type TableDto } from "~/modules/tables/tables.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import { formatLongDate } from "~/utils/dates";
import { positiveIntOrNull } from "~/utils/numbers";
import { DayReport } from "./day-report";
import { panelFigures, type PanelFigures } from "./figures.server";
import { ManagedTile } from "./managed-tile";
import { LogoutDialog, ManagementMenu } from "./panel-dialogs";
import { StatusMenu } from "./status-menu";

const REFRESH_MS = 30_000;
// Loaded after the page: the panel's first load stays within its JavaScript budget (decision 019).
const TablesFollower = lazy(() => import("~/components/app/tables-follower"));
/** What changes the day's figures and history: orders, and payments (a part paid is a table.updated with `payment`). */
const FIGURE_EVENTS = ["order.created", "order.updated", "order.paid", "table.updated"] as const;
const changesFigures = (message: LiveMessage) => message.type !== "table.updated" || message.data.payment === true;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { restaurant, user } = context.get(restaurantAuthContext);
  const [figures, { tables, version: tablesVersion }] = await Promise.all([
    panelFigures(restaurant.id, restaurant.timezone),
    listTablesAt(restaurant.id),
  ]);
  const statusTable = Number(url.searchParams.get("table_status"));
  return {
    restaurantName: restaurant.name,
    firstName: user.firstName,
    figures,
    tables,
    tablesVersion,
    statusFor: tables.find((t) => t.number === statusTable) ?? null,
    menuOpen: url.searchParams.get("menu") === "1",
    logoutOpen: url.searchParams.get("logout") === "1",
    timeZone: restaurant.timezone,
  };
}

/**
 * The manager's table status menu (manager mode is enforced by the layout). The example of the
 * page-action pattern: the form's schema, the domain call, a redirect; refusals come back as the
 * form's reply (see app/utils/page-action.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  return pageAction(await request.formData(), TableStatusFormSchema, async ({ table, ...status }) => {
    await setTableStatus(restaurant.id, table, status);
    throw redirect("/app/admin");
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Yönetici Paneli — Sofra" }];

export default function ManagerPanel({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // Tables and the day's figures follow the live events (the 30-second refresh below stays as the
  // fallback): the tables as the staff grid does, from the rows the events carry (decision 094);
  // the figures alone (GET /app/admin/figures) are loaded again on the events that change them
  // (orders, payments), and the newer of that read and the page's is shown.
  const [followed, setFollowed] = useState<TableDto[] | null>(null);
  const tables = followed ?? loaderData.tables;
  const loaded = useAfterLoad();
  const [fetched, setFetched] = useState<PanelFigures | null>(null);
  const { report, history } = fetched && fetched.readAt > loaderData.figures.readAt ? fetched : loaderData.figures;
  useLiveReload(
    FIGURE_EVENTS,
    async () => {
      const answer = await fetch("/app/admin/figures", { headers: { Accept: "application/json" }, redirect: "manual" });
      // Anything else (the session or manager mode ended: a redirect, a 403) is the page's to show.
      if (answer.ok && answer.headers.get("Content-Type")?.startsWith("application/json"))
        setFetched((await answer.json()) as PanelFigures);
      else await revalidator.revalidate();
    },
    changesFigures,
  );

  // Figures and tables refresh every 30 seconds while the page is visible.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  const occupied = tables.filter((t) => t.status === "occupied").length;
  const refusedFor = positiveIntOrNull(submittedValue(actionData, "table"));
  const statusTable = loaderData.statusFor ?? tables.find((t) => t.number === refusedFor) ?? null;

  return (
    <>
      <AppHeader title={`Yönetici Paneli · ${loaderData.restaurantName}`} backTo="/app/role-selection" backLabel="Rol seçimine dön">
        <Link
          className="button"
          to="/app/admin"
          aria-label="Yenile"
          onClick={(e) => {
            e.preventDefault();
            void revalidator.revalidate();
          }}
        >
          ↻
        </Link>
        <Link className="button" to={withParams(location, { logout: "1" })} preventScrollReset>
          Çıkış
        </Link>
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          <div>
            <h1 className="mb-0">Hoş geldiniz, {loaderData.firstName}</h1>
            <p className="muted">Bugün, {formatLongDate(new Date(), loaderData.timeZone)}</p>
          </div>

          <DayReport report={report} occupied={occupied} tableCount={tables.length} history={history} timeZone={loaderData.timeZone} />

          <section aria-labelledby="quick-title">
            <h2 id="quick-title" className="section-title">
              Hızlı işlemler
            </h2>
            <div className="button-row">
              <Link className="button button--primary" to="/app/order-taking">
                Sipariş Al
              </Link>
              <Link className="button" to="/payments">
                Ödeme Al
              </Link>
              <Link className="button" to={withParams(location, { menu: "1" })} preventScrollReset>
                Tüm Yönetim
              </Link>
            </div>
          </section>

          {loaded ? (
            <Suspense fallback={null}>
              <TablesFollower
                initial={loaderData.tables}
                initialVersion={loaderData.tablesVersion}
                intervalMs={REFRESH_MS}
                onChange={setFollowed}
              />
            </Suspense>
          ) : null}
          <section aria-labelledby="tables-title">
            <h2 id="tables-title" className="section-title">
              Masalar
            </h2>
            <p className="muted small">Durumu değiştirmek için masaya sağ tıklayın, basılı tutun ya da ⋯ düğmesine dokunun.</p>
            <TableGroups
              tables={tables}
              tile={(t) => (
                <ManagedTile
                  key={t.id}
                  table={t}
                  onMenu={() => navigate(withParams(location, { table_status: String(t.number) }), { preventScrollReset: true })}
                />
              )}
            />
          </section>
        </div>
      </main>

      {statusTable ? (
        <StatusMenu table={statusTable} errors={formErrorsOf(actionData)} closeTo={withParams(location, { table_status: null })} />
      ) : null}
      {loaderData.menuOpen ? <ManagementMenu closeTo={withParams(location, { menu: null })} /> : null}
      {loaderData.logoutOpen ? <LogoutDialog closeTo={withParams(location, { logout: null })} /> : null}
    </>
  );
}
