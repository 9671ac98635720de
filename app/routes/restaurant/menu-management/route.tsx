// /app/menu-management: the owner's menu. Items grouped by the six categories,
// a search (a GET form), add and edit in a dialog (?new=1, ?edit=<id>), delete
// after a confirmation (?delete=<id>), a one-tap sale switch and moving an item
// up or down in its category. Every dialog is a URL and every button a form, so
// it all works without JavaScript; with it, the same forms submit without a reload.
// An item's photo (?photo=<id>) is a multipart form: this path is an upload path
// (server/uploads.mjs), so its posts are read by readUploadForm with the photo's limit.
import { data, Link, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { PremiumGate } from "~/components/app/premium-gate";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { premiumGate } from "~/modules/billing/gate.server";
import { PLAN_CHANGE_URL, planLimit } from "~/modules/billing/limits.server";
import { listStations } from "~/modules/kitchen/stations.server";
import { defaultKdvRate, listCategories } from "~/modules/menu/categories.server";
import { listManagedMenu } from "~/modules/menu/menu.server";
import { OPTION_GROUP_NOT_FOUND } from "~/modules/menu/options";
import { listOptionGroups } from "~/modules/menu/options.server";
import { ITEM_NOT_FOUND, MAX_ITEM_DESCRIPTION, MAX_ITEM_NAME, MAX_PRICE } from "~/modules/menu/rules";
import { listPhotoRefs } from "~/modules/menu/photos.server";
import { newClientOrderId } from "~/utils/client-order-id";
import { takeFlash } from "~/utils/flash.server";
import { positiveIntOrNull } from "~/utils/numbers";
import { formErrorsOf, submittedValue } from "~/utils/page-reply";
import { DomainError } from "~/utils/domain-error";
import { readUploadForm } from "~/utils/uploads.server";
import { withParams } from "~/utils/url";
import { DeleteDialog, ItemDialog } from "./item-dialogs";
import { PhotoDialog } from "./photo-dialog";
import "~/styles/menu-photos.css";
import { CategoryGroup, SearchForm } from "./item-list";
import { categoryAction, isCategoryIntent } from "./category-actions.server";
import { itemAction } from "./item-actions.server";
import { isOptionIntent, optionAction } from "./option-actions.server";
import { OptionPanel } from "./option-panel";
import { optionFormErrors, optionPanelData } from "./option-view";
import { BulkBar, CategoryPanel } from "./category-panel";
import { groupMenu, type MenuGroup } from "./grouping";

const PATH = "/app/menu-management";
/** Query parameters of the dialogs: dropped when a form is done. */
const DIALOG_PARAMS = { new: null, edit: null, delete: null, category: null, photo: null, secenek: null, "secenek-sil": null } as const;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = context.get(restaurantAuthContext);
  const restaurantId = auth.restaurant.id;
  const [managed, categories, stations, photos, limit, gate, flash, optionGroups] = await Promise.all([
    listManagedMenu(restaurantId),
    listCategories(restaurantId),
    listStations(restaurantId),
    listPhotoRefs(restaurantId),
    planLimit(restaurantId, "menu_items"),
    premiumGate(auth, "menu_management"),
    takeFlash(request),
    listOptionGroups(restaurantId),
  ]);
  const items = managed.map((i) => ({ ...i, photo: photos.get(i.id) ?? null }));
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_ITEM_NAME);
  const category = url.searchParams.get("category");
  const editId = positiveIntOrNull(url.searchParams.get("edit"));
  const deleteId = positiveIntOrNull(url.searchParams.get("delete"));
  const photoId = positiveIntOrNull(url.searchParams.get("photo"));
  const edit = editId ? (items.find((i) => i.id === editId) ?? null) : null;
  const remove = deleteId ? (items.find((i) => i.id === deleteId) ?? null) : null;
  const photo = photoId ? (items.find((i) => i.id === photoId) ?? null) : null;
  // A dialog for an item that is not there (deleted since, or another restaurant's id): the page says so, with 404.
  const itemMissing = (editId !== null && !edit) || (deleteId !== null && !remove) || (photoId !== null && !photo);
  // The option groups' panel (decision 082): its edit and delete ids are checked the same way.
  const options = optionPanelData(url.searchParams, optionGroups, categories, managed);
  const missing = itemMissing || options.missing;
  return data(
    {
      groups: groupMenu(items, q, categories),
      total: items.length,
      q,
      creating: url.searchParams.get("new") === "1",
      newCategory: categories.some((c) => c.key === category) ? category! : (categories[0]?.key ?? ""),
      edit,
      remove,
      photo,
      missing: itemMissing,
      // The create form's idempotency key: a double submit or a resent POST adds the item once.
      createKey: newClientOrderId(),
      // The option groups' panel and its create form's key (decision 082).
      options,
      optionCreateKey: newClientOrderId(),
      limit: { plan: limit.planName, max: limit.limit, used: limit.used },
      planChangeUrl: PLAN_CHANGE_URL,
      flash: flash.flash,
      gate,
      rules: { maxName: MAX_ITEM_NAME, maxDescription: MAX_ITEM_DESCRIPTION, maxPrice: MAX_PRICE },
      categories: categories.map((c) => ({ value: c.key, label: c.hidden ? `${c.name} (gizli)` : c.name })),
      // The category panel and the bulk bar (decision 068).
      categoryList: categories,
      stations: stations.map((st) => ({ id: st.id, name: st.name })),
      categoryCreateKey: newClientOrderId(),
      defaultKdv: await defaultKdvRate(restaurantId),
    },
    { status: missing ? 404 : 200, headers: flash.headers },
  );
}

/** Every form of the screen (manager mode is enforced by the layout; the premium gate by each form helper). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const back = withParams({ pathname: PATH, search: url.search }, DIALOG_PARAMS);
  let formData: FormData;
  try {
    formData = await readUploadForm(request);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Too large (413) or not a form (400): the photo dialog shows why.
    return data(
      { result: { status: "error" as const, initialValue: { intent: "photo" }, error: { "": [error.message] } } },
      { status: error.status, headers: error.headers },
    );
  }
  if (isCategoryIntent(formData.get("intent"))) return categoryAction(formData, restaurant, back);
  if (isOptionIntent(formData.get("intent"))) return optionAction(formData, restaurant, back);
  return itemAction(formData, restaurant, back);
}

/** After any post, read the menu again: a refusal (409, 403) must show the item and the counts as they are now. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: "Menü Yönetimi — Sofra" }];

export default function MenuManagement({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { groups, limit, q } = loaderData;
  const here = { pathname: location.pathname, search: location.search };
  const errors = formErrorsOf(actionData);
  const failedIntent = submittedValue(actionData, "intent");
  // Errors of the add, edit and photo forms show in their dialog; the others above the list.
  const dialogErrors = failedIntent === "create" || failedIntent === "update" ? errors : undefined;
  const photoErrors = (failedIntent === "photo" || failedIntent === "photo-remove") && loaderData.photo ? errors : undefined;
  const optionErrors = loaderData.options.open
    ? optionFormErrors(errors, (name) => submittedValue(actionData, name), loaderData.options.edit)
    : undefined;
  const pageErrors = dialogErrors || photoErrors || optionErrors ? undefined : errors;
  const atLimit = limit.max !== null && limit.used >= limit.max;
  const shown = groups.reduce((n: number, g: MenuGroup) => n + g.items.length, 0);

  return (
    <>
      <AppHeader heading title="Menü Yönetimi" backTo="/app/admin" backLabel="Yönetici paneline dön">
        <Link className="button button--primary" to={withParams(here, { ...DIALOG_PARAMS, new: "1" })} preventScrollReset>
          + Yeni Ürün
        </Link>
      </AppHeader>
      <main className="app-main">
        <div className="container stack menu-admin">
          {loaderData.flash ? (
            <p className="notice notice--success" role="status">
              {loaderData.flash}
            </p>
          ) : null}
          {pageErrors ? (
            <p className="notice notice--error" role="alert">
              {pageErrors.join(" ")}
            </p>
          ) : null}
          {(loaderData.missing || loaderData.options.missing) && !pageErrors ? (
            <p className="notice notice--error" role="alert">
              {loaderData.missing ? ITEM_NOT_FOUND : OPTION_GROUP_NOT_FOUND}
            </p>
          ) : null}
          <p className="muted menu-admin__usage" data-testid="menu-usage">
            {limit.max === null ? `${limit.used} ürün · ${limit.plan} planı` : `${limit.used} / ${limit.max} ürün · ${limit.plan} planı`}
          </p>
          {atLimit ? (
            <p className="notice notice--info" role="status">
              {limit.plan} planının ürün sınırına ({limit.max}) ulaştınız. <a href={loaderData.planChangeUrl}>Planı değiştir</a>
            </p>
          ) : null}
          <CategoryPanel
            categories={loaderData.categoryList}
            stations={loaderData.stations}
            createKey={loaderData.categoryCreateKey}
            defaultKdv={loaderData.defaultKdv}
            here={here}
            open={new URLSearchParams(location.search).get("kategoriler") === "1"}
          />
          <OptionPanel
            {...loaderData.options}
            createKey={loaderData.optionCreateKey}
            here={here}
            actionData={actionData}
            errors={optionErrors}
          />
          <SearchForm q={q} here={here} />
          {shown > 0 ? <BulkBar categories={loaderData.categoryList} here={here} /> : null}
          {q ? (
            <p className="muted" role="status">
              “{q}” için {shown} ürün bulundu.
            </p>
          ) : null}
          {groups.map((g) => (
            <CategoryGroup key={g.category} group={g} here={here} searching={q !== ""} />
          ))}
        </div>
      </main>

      {loaderData.creating || loaderData.edit ? (
        <ItemDialog
          key={loaderData.edit ? `edit-${loaderData.edit.id}-${loaderData.edit.version}` : `new-${loaderData.createKey}`}
          item={loaderData.edit}
          createKey={loaderData.createKey}
          newCategory={loaderData.newCategory}
          categories={loaderData.categories}
          rules={loaderData.rules}
          actionData={actionData}
          errors={dialogErrors}
          planLink={atLimit ? loaderData.planChangeUrl : null}
          closeTo={withParams(here, DIALOG_PARAMS)}
        />
      ) : null}
      {loaderData.remove ? <DeleteDialog item={loaderData.remove} closeTo={withParams(here, DIALOG_PARAMS)} /> : null}
      {loaderData.photo ? (
        <PhotoDialog
          key={`${loaderData.photo.id}-${loaderData.photo.photo?.hash ?? ""}`}
          item={loaderData.photo}
          errors={photoErrors}
          closeTo={withParams(here, DIALOG_PARAMS)}
        />
      ) : null}
      {loaderData.gate ? <PremiumGate gate={loaderData.gate} returnTo={`${location.pathname}${location.search}`} /> : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
