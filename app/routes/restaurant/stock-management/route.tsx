import { randomUUID } from "node:crypto";
import { data, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { GeneralErrorBoundary } from "~/components/error-page";
import { actorOf } from "~/modules/auth/actor";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import { CREATED, DELETED, LOAD_FAILED, UPDATED } from "~/modules/stock/rules";
import { StockFormSchema } from "~/modules/stock/schemas";
import {
  createStockItem,
  deleteStockItem,
  getStockItem,
  listMovements,
  listStock,
  lowStockItems,
  updateStockItem,
} from "~/modules/stock/stock.server";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { revalidateAfterConflict } from "~/utils/page-reply";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { withParams } from "~/utils/url";
import { positiveIntOrNull } from "~/utils/numbers";
import { StockDialogs } from "./dialogs";
import { LowStockWarning, StockGroups } from "./stock-list";
import "./stock-management.css";

const PATH = "/app/stock-management";

export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const id = (name: string) => positiveIntOrNull(url.searchParams.get(name));
  const [editId, itemId, deleteId] = [id("edit"), id("item"), id("delete")];
  const [items, editing, detail, deleting] = await Promise.all([
    listStock(restaurant.id),
    editId ? orRefuse(getStockItem(restaurant.id, editId)) : null,
    itemId
      ? orRefuse(Promise.all([getStockItem(restaurant.id, itemId), listMovements(restaurant.id, itemId)])).then(([item, movements]) => ({
          item,
          movements,
        }))
      : null,
    deleteId ? orRefuse(getStockItem(restaurant.id, deleteId)) : null,
  ]);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      items,
      low: lowStockItems(items),
      flash,
      creating: url.searchParams.get("new") === "1",
      // A new key per form shown: a double submit of this form creates one item.
      createKey: randomUUID(),
      editing,
      detail,
      deleting,
      timeZone: restaurant.timezone,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(restaurantAuthContext);
  const actor = actorOf(auth);
  return pageAction(await request.formData(), StockFormSchema, async (form) => {
    requireFeature(auth.restaurant, "stock_management");
    switch (form.intent) {
      case "create": {
        const { intent: _intent, create_key, ...input } = form;
        const { item } = await createStockItem(actor, input, create_key);
        throw redirect(`${PATH}#stock-${item.id}`, { headers: await flashHeaders(CREATED) });
      }
      case "update": {
        const { intent: _intent, id, supplier, ...input } = form;
        // An emptied supplier field clears it.
        await updateStockItem(actor, id, { ...input, supplier: supplier ?? null }, { requireReason: true });
        throw redirect(`${PATH}#stock-${id}`, { headers: await flashHeaders(UPDATED) });
      }
      case "delete":
        await deleteStockItem(auth.restaurant.id, form.id);
        throw redirect(PATH, { headers: await flashHeaders(DELETED) });
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Stok Yönetimi — Sofra" }];

export default function StockManagement({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <>
      <AppHeader heading title="Stok Yönetimi" backTo="/app/admin">
        <Link className="button button--primary" to={withParams(location, { new: "1" })} preventScrollReset>
          + Yeni Ürün
        </Link>
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          {loaderData.flash ? (
            <p className="notice notice--success" role="status" data-testid="flash">
              {loaderData.flash}
            </p>
          ) : null}
          <LowStockWarning items={loaderData.low} />
          <StockGroups items={loaderData.items} />
        </div>
      </main>
      <StockDialogs
        items={loaderData.items}
        creating={loaderData.creating}
        createKey={loaderData.createKey}
        editing={loaderData.editing}
        detail={loaderData.detail}
        deleting={loaderData.deleting}
        timeZone={loaderData.timeZone}
        actionData={actionData}
      />
    </>
  );
}

/** Refusals (403, 404) as everywhere; anything else is the spec's load failure message. */
export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage={LOAD_FAILED} />;
