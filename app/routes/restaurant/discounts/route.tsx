import { randomUUID } from "node:crypto";
import { data, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { AppHeader } from "~/components/app/app-header";
import { GeneralErrorBoundary } from "~/components/error-page";
import { FormError } from "~/components/forms";
import { restaurantAuthContext } from "~/modules/auth/guards.server";
import { requireFeature } from "~/modules/billing/access.server";
import {
  createDiscount,
  deleteDiscount,
  discountStats,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from "~/modules/discounts/discounts.server";
import { ACTIVATED, CREATED, DEACTIVATED, DELETED, LOAD_FAILED, TOGGLE_FAILED, UPDATED } from "~/modules/discounts/rules";
import { DiscountFormSchema } from "~/modules/discounts/schemas";
import { localDay } from "~/utils/dates";
import { flashHeaders, takeFlash } from "~/utils/flash.server";
import { positiveIntOrNull } from "~/utils/numbers";
import { orRefuse, pageAction } from "~/utils/page-action.server";
import { formErrorsOf, revalidateAfterConflict, submittedValue } from "~/utils/page-reply";
import { withParams } from "~/utils/url";
import { DiscountDialogs } from "./dialogs";
import { DiscountCards, DiscountStats } from "./discount-list";
import "~/styles/discounts.css";

const PATH = "/app/discounts";

export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  const tz = restaurant.timezone;
  const id = (name: string) => positiveIntOrNull(url.searchParams.get(name));
  const [editId, deleteId] = [id("edit"), id("delete")];
  const [discounts, stats, editing, deleting] = await Promise.all([
    listDiscounts(restaurant.id, tz),
    discountStats(restaurant.id),
    editId ? orRefuse(getDiscount(restaurant.id, editId, tz)) : null,
    deleteId ? orRefuse(getDiscount(restaurant.id, deleteId, tz)) : null,
  ]);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      discounts,
      stats,
      flash,
      creating: url.searchParams.get("new") === "1",
      // A new key per form shown: a double submit of this form creates one discount.
      createKey: randomUUID(),
      editing,
      deleting,
      today: localDay(new Date(), tz).date,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { restaurant } = context.get(restaurantAuthContext);
  return pageAction(await request.formData(), DiscountFormSchema, async (form) => {
    requireFeature(restaurant, "discounts");
    switch (form.intent) {
      case "create": {
        const { intent: _intent, create_key, ...input } = form;
        const { discount } = await createDiscount(restaurant.id, input, create_key, restaurant.timezone);
        throw redirect(`${PATH}#discount-${discount.id}`, { headers: await flashHeaders(CREATED) });
      }
      case "update": {
        const { intent: _intent, id, ...input } = form;
        await updateDiscount(restaurant.id, id, input, restaurant.timezone);
        throw redirect(`${PATH}#discount-${id}`, { headers: await flashHeaders(UPDATED) });
      }
      case "toggle":
        await updateDiscount(restaurant.id, form.id, { is_active: form.is_active, version: form.version }, restaurant.timezone);
        throw redirect(`${PATH}#discount-${form.id}`, { headers: await flashHeaders(form.is_active ? ACTIVATED : DEACTIVATED) });
      case "delete":
        await deleteDiscount(restaurant.id, form.id);
        throw redirect(PATH, { headers: await flashHeaders(DELETED) });
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "İndirimler — Sofra" }];

export default function Discounts({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const toggleErrors = submittedValue(actionData, "intent") === "toggle" ? formErrorsOf(actionData) : undefined;
  return (
    <>
      <AppHeader heading title="İndirimler" backTo="/app/admin">
        <Link className="button button--primary" to={withParams(location, { new: "1" })} preventScrollReset>
          + Yeni İndirim
        </Link>
      </AppHeader>
      <main className="app-main">
        <div className="container stack">
          {loaderData.flash ? (
            <p className="notice notice--success" role="status" data-testid="flash">
              {loaderData.flash}
            </p>
          ) : null}
          <FormError errors={toggleErrors ? [TOGGLE_FAILED, ...toggleErrors] : undefined} />
          <DiscountStats stats={loaderData.stats} />
          <DiscountCards discounts={loaderData.discounts} />
        </div>
      </main>
      <DiscountDialogs
        discounts={loaderData.discounts}
        creating={loaderData.creating}
        createKey={loaderData.createKey}
        editing={loaderData.editing}
        deleting={loaderData.deleting}
        today={loaderData.today}
        actionData={actionData}
      />
    </>
  );
}

/** Refusals (403, 404) as everywhere; anything else is the load failure message. */
export const ErrorBoundary = () => <GeneralErrorBoundary unexpectedMessage={LOAD_FAILED} />;
