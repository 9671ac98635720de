import { Icon } from "~/components/icons/icon";
import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/manager-panel";
import { AppHeader } from "~/components/app/app-header";
import { FormError } from "~/components/forms";
import { Modal } from "~/components/app/modal";
import { withParams } from "~/utils/url";
import { TableGroups } from "~/components/app/table-grid";
import { TableTile } from "~/components/app/table-tile";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { dailyReport } from "~/modules/reports/daily.server";
import { dayHistory } from "~/modules/orders/history.server";
import { OrderHistory } from "~/components/app/order-history";
import { MANAGEMENT_MENU } from "~/modules/restaurants/app-sections";
import { TABLE_STATUS_LABELS, TABLE_STATUSES } from "~/modules/tables/labels";
import { TableStatusFormSchema } from "~/modules/tables/schemas";
import { listTables, setTableStatus } from "~/modules/tables/tables.server";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import { formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { positiveIntOrNull } from "~/utils/numbers";

const REFRESH_MS = 30_000;
const LONG_PRESS_MS = 550;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { restaurant, user } = context.get(restaurantAuthContext);
  const [report, tables, history] = await Promise.all([
    dailyReport(restaurant.id, restaurant.timezone),
    listTables(restaurant.id),
    dayHistory(restaurant.id, restaurant.timezone),
  ]);
  const statusTable = Number(url.searchParams.get("table_status"));
  return {
    restaurantName: restaurant.name,
    firstName: user.firstName,
    report,
    tables,
    history,
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
  const { report, tables } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  // Figures and tables refresh every 30 seconds while the page is visible.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  const occupied = tables.filter((t) => t.status === "occupied").length;
  const totalOrders = Math.max(report.total_orders, 1);
  const cashShare = Math.round((report.cash_orders / totalOrders) * 100);
  const cardShare = Math.round((report.card_orders / totalOrders) * 100);
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
            <h1 style={{ marginBottom: 0 }}>Hoş geldiniz, {loaderData.firstName}</h1>
            <p className="muted">Bugün, {formatLongDate(new Date(), loaderData.timeZone)}</p>
          </div>

          <section aria-labelledby="summary-title">
            <h2 id="summary-title" className="visually-hidden">
              Günlük özet
            </h2>
            <div className="stat-grid">
              <Stat label="Bugünkü ciro" value={formatMoney(report.total_revenue)} testId="stat-revenue" />
              <Stat label="Ödenen sipariş" value={String(report.total_orders)} testId="stat-orders" />
              <Stat label="Ortalama sipariş" value={formatMoney(report.avg_order_value)} />
              <Stat label="Dolu masa" value={`${occupied} / ${tables.length}`} />
            </div>
          </section>

          <section className="card" aria-labelledby="revenue-title">
            <h2 id="revenue-title" style={{ fontSize: "1.1rem" }}>
              Gelir
            </h2>
            <div className="share-bar" aria-hidden="true">
              <span style={{ width: `${cashShare}%` }} />
              <span style={{ width: `${cardShare}%` }} />
            </div>
            <div className="two-col">
              <p style={{ margin: 0 }}>
                <strong>Nakit</strong> {formatMoney(report.cash_revenue)}
                <br />
                <span className="muted">
                  {report.cash_orders} sipariş · %{cashShare}
                </span>
              </p>
              <p style={{ margin: 0 }}>
                <strong>Kart</strong> {formatMoney(report.card_revenue)}
                <br />
                <span className="muted">
                  {report.card_orders} sipariş · %{cardShare}
                </span>
              </p>
            </div>
            {/* Revenue is what was charged; what discount codes took off is shown apart. */}
            <p className="muted small" style={{ margin: "8px 0 0" }} data-testid="stat-discounts">
              İndirim kodları: {report.discount_count} ödeme · {formatMoney(report.discount_amount)} (ciro indirim sonrasıdır)
            </p>
          </section>

          <div className="two-col">
            <section className="card" aria-labelledby="top-tables">
              <h2 id="top-tables" style={{ fontSize: "1.1rem" }}>
                En aktif masalar
              </h2>
              {report.table_performance.length === 0 ? (
                <p className="muted">Bugün henüz ödeme alınmadı.</p>
              ) : (
                <ol className="rank-list">
                  {report.table_performance.slice(0, 6).map((t) => (
                    <li key={t._id}>
                      <span>Masa {t._id}</span>
                      <span>
                        {formatMoney(t.revenue)} <span className="muted">· {t.orders} sipariş</span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section className="card" aria-labelledby="top-waiters">
              <h2 id="top-waiters" style={{ fontSize: "1.1rem" }}>
                Garson performansı
              </h2>
              {report.waiter_performance.length === 0 ? (
                <p className="muted">Bugün henüz ödeme alınmadı.</p>
              ) : (
                <ol className="rank-list">
                  {report.waiter_performance.slice(0, 3).map((w) => (
                    <li key={w.user_id ?? w._id}>
                      <span>{w._id}</span>
                      <span>
                        {formatMoney(w.revenue)} <span className="muted">· {w.orders} sipariş</span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>

          <section className="card" aria-labelledby="voids-title">
            <h2 id="voids-title" style={{ fontSize: "1.1rem" }}>
              İptal ve ikram
            </h2>
            <p style={{ margin: 0 }} data-testid="stat-voids">
              <strong>İptal</strong> {report.void_count} · {formatMoney(report.void_amount)}
              <span className="muted"> — </span>
              <strong>İkram</strong> {report.complimentary_count} · {formatMoney(report.complimentary_amount)}
            </p>

            {loaderData.history.length === 0 ? (
              <p className="muted">Bugün gönderilmiş üründe iptal ya da ikram yok.</p>
            ) : (
              <OrderHistory events={loaderData.history} timeZone={loaderData.timeZone} showTable />
            )}
          </section>

          <section aria-labelledby="quick-title">
            <h2 id="quick-title" style={{ fontSize: "1.1rem" }}>
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

          <section aria-labelledby="tables-title">
            <h2 id="tables-title" style={{ fontSize: "1.1rem" }}>
              Masalar
            </h2>
            <p className="muted" style={{ fontSize: "0.9rem" }}>
              Durumu değiştirmek için masaya sağ tıklayın, basılı tutun ya da ⋯ düğmesine dokunun.
            </p>
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
      {loaderData.menuOpen ? (
        <Modal title="Tüm Yönetim" closeTo={withParams(location, { menu: null })}>
          <nav className="tile-grid" aria-label="Tüm yönetim">
            {MANAGEMENT_MENU.map((s) => (
              <Link key={s.path} className="tile" to={`/app/${s.path}`}>
                <Icon name={s.icon} size={28} />
                <span>{s.title}</span>
              </Link>
            ))}
          </nav>
        </Modal>
      ) : null}
      {loaderData.logoutOpen ? (
        <Modal title="Çıkış yap" closeTo={withParams(location, { logout: null })}>
          <p>Çıkış yapmak istediğinizden emin misiniz?</p>
          <Form method="post" action="/logout" className="button-row">
            <Link className="button" to={withParams(location, { logout: null })} replace>
              Vazgeç
            </Link>
            <button type="submit" className="button button--danger">
              Çıkış Yap
            </button>
          </Form>
        </Modal>
      ) : null}
    </>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="card stat">
      <div className="stat__label">{label}</div>
      <div className="stat__value" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/**
 * The finger that held a tile down is still on the screen when the status sheet
 * opens under it: its release must not pick the option it lands on (SERVİS
 * DIŞI on a free table). The one click that release makes is dropped.
 */
function swallowNextClick() {
  const swallow = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
    stop();
  };
  // A new touch is a new tap, whose click is the user's own. Not a fixed delay: on a busy phone
  // the sheet can take more than a second to open, and the holding finger's release still follows.
  const newTap = () => stop();
  const stop = () => {
    window.removeEventListener("click", swallow, true);
    window.removeEventListener("pointerdown", newTap, true);
    clearTimeout(expiry);
  };
  // On window, capturing: before React's own listener on the document sees it.
  window.addEventListener("click", swallow, true);
  window.addEventListener("pointerdown", newTap, true);
  // A release that never clicks (the finger slid away) must not leave the listener for ever.
  const expiry = setTimeout(stop, 10_000);
}

/** A table tile whose status menu opens on right-click or long-press, or from its ⋯ link. */
function ManagedTile({ table, onMenu }: { table: Route.ComponentProps["loaderData"]["tables"][number]; onMenu: () => void }) {
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return (
    <TableTile
      table={table}
      to={table.status === "occupied" ? `/payments?table=${table.number}` : `/app/order-taking?table=${table.number}`}
      onContextMenu={(e) => {
        e.preventDefault();
        onMenu();
      }}
      onPointerDown={(e) => {
        if (e.pointerType === "mouse") return;
        longPressed.current = false;
        timer.current = setTimeout(() => {
          longPressed.current = true;
          swallowNextClick();
          onMenu();
        }, LONG_PRESS_MS);
      }}
      onPointerUp={cancel}
      onClickCapture={(e) => {
        // A long press opened the menu; the click that ends it must not follow the tile's link.
        if (longPressed.current) {
          e.preventDefault();
          e.stopPropagation();
          longPressed.current = false;
        }
      }}
    >
      <Link
        className="table-tile__menu"
        to={withParams(location, { table_status: String(table.number) })}
        preventScrollReset
        aria-label={`Masa ${table.number} durumunu değiştir`}
      >
        ⋯
      </Link>
    </TableTile>
  );
}

function StatusMenu({
  table,
  errors,
  closeTo,
}: {
  table: { number: number; status: string; waiter_name: string | null; customer_count: number };
  errors: string[] | undefined;
  closeTo: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [status, setStatus] = useState(table.status);
  return (
    <Modal title={`Masa ${table.number} durumu`} closeTo={closeTo}>
      <Form method="post" action="/app/admin" className="form">
        <input type="hidden" name="intent" value="table-status" />
        <input type="hidden" name="table" value={table.number} />
        <FormError errors={errors} />
        <fieldset className="radio-list">
          <legend className="visually-hidden">Durum</legend>
          {TABLE_STATUSES.map((s) => (
            <label key={s}>
              <input type="radio" name="status" value={s} checked={status === s} onChange={() => setStatus(s)} />
              {TABLE_STATUS_LABELS[s]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="waiter_name">Garson (dolu için)</label>
          <input id="waiter_name" name="waiter_name" defaultValue={table.waiter_name ?? ""} maxLength={120} />
        </div>
        <div className="field">
          <label htmlFor="customer_count">Kişi sayısı (dolu için)</label>
          <input id="customer_count" name="customer_count" type="number" min={1} max={50} defaultValue={table.customer_count || 1} />
        </div>
        <div className="button-row">
          <Link className="button" to={closeTo} replace>
            Vazgeç
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            Kaydet
          </button>
        </div>
      </Form>
    </Modal>
  );
}
