import { lazy, Suspense } from "react";
import { redirect, useLocation } from "react-router";
import type { Route } from "./+types/order-taking";
import { AppHeader } from "~/components/app/app-header";
import { withParams } from "~/utils/url";
import { PremiumGate } from "~/components/app/premium-gate";
import { afterPageLoad } from "~/components/app/use-after-load";
import { useAfterLoad } from "~/components/app/use-hydrated";
import { OrderScreen } from "~/components/order-taking/order-screen";
import type { OrderScreenData } from "~/components/order-taking/screen-data";
import { TablePicker } from "~/components/order-taking/table-picker";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { premiumGate } from "~/modules/billing/gate.server";
import { listCategories } from "~/modules/menu/categories.server";
import { listMenu } from "~/modules/menu/menu.server";
import { listOptionGroups, withOptionGroups } from "~/modules/menu/options.server";
import { approveTakeAway, approverOf } from "~/modules/orders/approval.server";
import { QUANTITY_STEP } from "~/modules/orders/cart";
import {
  changeDraftQuantity,
  clearDraft,
  readCart,
  rebaseDraft,
  removeDraftItem,
  saveDraftChoices,
  setDraftFree,
  submitCart,
} from "~/modules/orders/drafts.server";
import { STALE_EDIT } from "~/modules/orders/orders.server";
import { NO_TABLE, STALE_EDIT_REAPPLIED } from "~/modules/orders/rules";
import { DomainError } from "~/utils/domain-error";
import { OrderTakingFormSchema } from "~/modules/orders/schemas";
import { listTables } from "~/modules/tables/tables.server";
import { newClientOrderId } from "~/utils/client-order-id";
import { positiveIntOrNull } from "~/utils/numbers";
import { pageAction } from "~/utils/page-action.server";
import { formErrorsOf } from "~/utils/page-reply";
import { clientAddressContext } from "~/utils/request-context";

// The badge fills in from IndexedDB after hydration: its code (and IndexedDB's) is
// loaded then, outside the page's JavaScript budget. (The premium gate is not
// lazy: the server must render it for browsers without JavaScript, and React
// streams a server-rendered Suspense boundary as hidden content that only
// JavaScript reveals.)
const PendingBadge = lazy(() => import("~/components/app/pending-badge").then((m) => ({ default: m.PendingBadge })));

export async function loader({ context, url }: Route.LoaderArgs): Promise<OrderScreenData> {
  const auth = context.get(restaurantAuthContext);
  const actor = actorOf(auth);
  const requested = positiveIntOrNull(url.searchParams.get("table"));
  const [tables, menu, categories, optionGroups, gate] = await Promise.all([
    listTables(auth.restaurant.id),
    // Hidden categories are not offered (decision 068).
    listMenu(auth.restaurant.id, { visibleOnly: true }),
    listCategories(auth.restaurant.id, { visibleOnly: true }),
    listOptionGroups(auth.restaurant.id),
    premiumGate(auth, "order_taking"),
  ]);
  const table = requested && tables.some((t) => t.number === requested) ? requested : null;
  const cart = table ? await readCart(actor, table) : null;
  return {
    restaurantId: auth.restaurant.id,
    staffName: actor.name,
    offline: false,
    fixing: null,
    tables,
    menu: withOptionGroups(menu, categories, optionGroups),
    categories: categories.map((c) => ({ key: c.key, label: c.name })),
    table,
    unknownTable: requested !== null && table === null ? requested : null,
    lines: cart?.lines ?? [],
    openOrderId: cart?.openOrderId ?? null,
    baseVersion: cart?.baseVersion ?? null,
    sentLines: cart?.sentLines ?? [],
    // The idempotency key of this cart's submit, rendered into the form: a double
    // submit or a resent POST carries the same key and saves the cart once.
    submitKey: newClientOrderId(),
    q: url.searchParams.get("q") ?? "",
    category: url.searchParams.get("category") ?? "",
    confirmClear: url.searchParams.get("confirm") === "clear",
    backTo: auth.mode === "manager" ? "/app/admin" : "/app/staff",
    managerMode: auth.mode === "manager",
    gate,
  };
}

/**
 * The cart's form posts, for browsers without JavaScript (with it, the cart lives
 * on the page). Each change redirects back to the item tapped (`#item-<id>` in
 * the menu, `#cart-item-<id>` in the cart), so the page does not reload at its top.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const actor = actorOf(auth);
  return pageAction(
    await request.formData(),
    OrderTakingFormSchema,
    async (form) => {
      const back = withParams({ pathname: "/app/order-taking", search: url.search }, { table: String(form.table), confirm: null });
      // The lines' notes and options ride with every button of the cart's form.
      if ((form.line_notes || form.line_options) && form.intent !== "clear") {
        await saveDraftChoices(actor, form.table, { notes: form.line_notes, options: form.line_options });
      }
      switch (form.intent) {
        case "add":
        case "add3":
        case "dec":
          await changeDraftQuantity(actor, form.table, form.item, QUANTITY_STEP[form.intent]);
          break;
        case "remove":
          await removeDraftItem(actor, form.table, form.item);
          break;
        case "comp":
        case "uncomp":
          await setDraftFree(actor, form.table, form.item, form.intent === "comp");
          break;
        case "clear":
          await clearDraft(actor, form.table);
          break;
        case "notes":
          break;
        case "submit": {
          requireFeature(auth.restaurant, "order_taking");
          const { reason, note, manager_password } = form;
          const approval = await approveTakeAway(approverOf(auth, context.get(clientAddressContext)), { reason, note, manager_password });
          const { order } = await submitCart(
            actor,
            form.table,
            form.client_order_id,
            approval,
            undefined,
            form.customer_count ?? null,
          ).catch(async (error: unknown) => {
            // The order changed on another device since this cart was loaded from it: the cart
            // is made again from the order as it is now, with the waiter's additions on top.
            if (!(error instanceof DomainError) || error.message !== STALE_EDIT) throw error;
            throw new DomainError(409, (await rebaseDraft(actor, form.table)) ? STALE_EDIT_REAPPLIED : STALE_EDIT);
          });
          throw redirect(`/app/staff?success=order&order=${order.id}`);
        }
      }
      throw redirect(`${back}${"item" in form ? `#${form.from === "cart" ? "cart-item" : "item"}-${form.item}` : ""}`);
    },
    { hideFields: ["manager_password"] },
  );
}

/**
 * Without a connection the screen opens from this device's copies of the menu
 * and tables, with an empty cart (a refused offline order's items when fixing
 * one). It also corrects a page the service worker served from the device's
 * copy of another table's screen. The IndexedDB code is loaded only when used.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs): Promise<OrderScreenData> {
  const url = new URL(request.url);
  const wanted = positiveIntOrNull(url.searchParams.get("table"));
  const fix = positiveIntOrNull(url.searchParams.get("fix"));
  const offline = () => import("~/offline/order-taking-data");
  let data: OrderScreenData;
  try {
    data = await serverLoader();
    if ((data.table ?? null) !== wanted && !(data.unknownTable && data.unknownTable === wanted))
      data = await (await offline()).offlineScreenData(url, data);
    else if (navigator.onLine) {
      const answer = data;
      // Copies for offline use are written once the page is up (not during the first paint).
      void afterPageLoad()
        .then(offline)
        .then((m) => m.keepForOffline(answer));
    }
  } catch (error) {
    const { isNetworkFailure } = await import("~/offline/session");
    if (!isNetworkFailure(error)) throw error;
    data = await (await offline()).offlineScreenData(url);
  }
  return fix ? (await offline()).withRefusedOrder(data, fix) : data;
}
clientLoader.hydrate = true as const;

export default function OrderTaking({ loaderData, actionData }: Route.ComponentProps) {
  const { table, tables, backTo, gate, openOrderId } = loaderData;
  const location = useLocation();
  const errors = formErrorsOf(actionData);
  const loaded = useAfterLoad();
  return (
    <>
      <AppHeader heading title={openOrderId !== null ? "Sipariş Düzenle" : "Sipariş Al"} backTo={backTo}>
        {loaded ? (
          <Suspense fallback={null}>
            <PendingBadge restaurantId={loaderData.restaurantId} />
          </Suspense>
        ) : null}
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          {loaderData.offline ? (
            <p className="notice notice--info" role="status">
              <strong>Çevrimdışı</strong>
              Menü ve masalar bu cihazdaki son bilgilerden. Alınan siparişler cihazda saklanır, bağlantı gelince gönderilir.
            </p>
          ) : null}
          {loaderData.fixing ? (
            <p className="notice notice--info" role="status">
              Gönderilemeyen siparişi düzeltiyorsunuz; kaydedince eskisi silinir.
            </p>
          ) : null}
          {loaderData.unknownTable ? (
            <p className="notice notice--error" role="alert">
              Masa bulunamadı: {loaderData.unknownTable}
            </p>
          ) : null}
          {errors ? (
            <p className="notice notice--error" role="alert">
              <strong>SİPARİŞ HATASI</strong>
              {errors.join(" ")}
            </p>
          ) : null}
          <TablePicker tables={tables} table={table} />
          {table ? (
            <OrderScreen
              key={`${table}:${openOrderId ?? "new"}:${loaderData.baseVersion ?? ""}:${loaderData.fixing ?? ""}:${loaderData.offline}`}
              data={loaderData}
            />
          ) : (
            <p className="muted">{NO_TABLE} Sipariş almak için yukarıdan bir masa seçin.</p>
          )}
        </div>
      </main>
      {gate ? <PremiumGate gate={gate} returnTo={`${location.pathname}${location.search}`} /> : null}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Sipariş — Sofra" }];
