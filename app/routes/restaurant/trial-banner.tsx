import { data, redirect } from "react-router";
import type { Route } from "./+types/trial-banner";
import { findRestaurantSession, readSessionToken } from "~/modules/auth/sessions.server";
import { dismissBannerCookie } from "~/modules/billing/banner-cookie.server";
import { trialUpgradePlanFor } from "~/modules/billing/billing.server";
import { BillingError, upgradeFromTrial } from "~/modules/billing/trial.server";
import { isDataRequest } from "~/utils/http.server";
import { safeReturnTo, withQuery } from "~/utils/url";

/** The trial banner's forms: dismiss it, or (manager) upgrade from an expired trial. */
export async function action({ request }: Route.ActionArgs) {
  const lookup = await findRestaurantSession(await readSessionToken(request));
  if (lookup.status !== "ok") throw redirect("/app");
  const form = await request.formData();
  const returnTo = safeReturnTo(form.get("return_to"));

  switch (form.get("intent")) {
    case "dismiss": {
      const headers = { "Set-Cookie": await dismissBannerCookie() };
      // With JavaScript the banner hides in place; without it, back to the page.
      if (isDataRequest(request)) return data({ dismissed: true }, { headers });
      throw redirect(returnTo, { headers });
    }
    case "upgrade": {
      const { auth } = lookup;
      if (auth.mode !== "manager") throw redirect(withQuery(returnTo, { upgrade_error: "1" }));
      try {
        const plan = await trialUpgradePlanFor(auth.restaurant.id, auth.restaurant.requestedPlanId);
        await upgradeFromTrial(auth.restaurant.id, plan, auth.restaurant.billingCycle);
      } catch (error) {
        if (error instanceof BillingError) throw redirect(withQuery(returnTo, { upgrade_error: "1" }));
        throw error;
      }
      throw redirect(withQuery(returnTo, { upgraded: "1" }));
    }
    default:
      throw data({ message: "Geçersiz işlem." }, { status: 400 });
  }
}

export function loader() {
  throw redirect("/app");
}
