import { data, redirect } from "react-router";
import type { Route } from "./+types/trial-banner";
import { findRestaurantSession, readSessionToken } from "~/modules/auth/sessions.server";
import { dismissBannerCookie } from "~/modules/billing/banner-cookie.server";
import { BillingError, extendTrial } from "~/modules/billing/trial.server";
import { isDataRequest } from "~/utils/http.server";
import { safeReturnTo, withQuery } from "~/utils/url";

/** The trial banner's forms: dismiss it, or (manager) extend the trial; upgrades go to /app/plans. */
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
    case "extend": {
      // The spec's one-day extension, offered while the trial runs (decision 063); the same
      // rules as POST /api/trial/extend (manager mode, open account, at most 7 days in all).
      const { auth } = lookup;
      if (auth.mode !== "manager") throw redirect(withQuery(returnTo, { extend_error: "1" }));
      try {
        await extendTrial(auth.restaurant.id, 1);
      } catch (error) {
        if (error instanceof BillingError) throw redirect(withQuery(returnTo, { extend_error: "1" }));
        throw error;
      }
      throw redirect(withQuery(returnTo, { extended: "1" }));
    }
    case "upgrade":
      // The old one-tap upgrade (a page cached before issue 20): a plan change is confirmed
      // first, on the plan page, so this changes nothing and goes there.
      throw redirect("/app/plans");
    default:
      throw data({ message: "Geçersiz işlem." }, { status: 400 });
  }
}

export function loader() {
  throw redirect("/app");
}
