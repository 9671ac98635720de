import { data, redirect } from "react-router";
import type { Route } from "./+types/trial-banner";
import { findRestaurantSession, readSessionToken } from "~/modules/auth/sessions.server";
import { dismissBannerCookie } from "~/modules/billing/banner-cookie.server";
import { SELF_SERVICE_UPGRADE_PLANS, type PaidPlanId } from "~/modules/billing/catalog";
import { BillingError, upgradeFromTrial } from "~/modules/billing/trial.server";
import { isDataRequest } from "~/utils/http.server";

/**
 * Back to the page the banner was on: a path under /app on this site, nothing
 * else. Control characters (a CR/LF would break the Location header after the
 * upgrade was written), backslashes and other hosts fall back to role selection.
 */
export function safeReturnTo(value: FormDataEntryValue | null): string {
  const fallback = "/app/role-selection";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (typeof value !== "string" || value.length > 2000 || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  if (!/^\/app(\/|$|\?)/.test(value)) return fallback;
  return value;
}

function withParam(path: string, key: string) {
  return `${path}${path.includes("?") ? "&" : "?"}${key}=1`;
}

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
      if (auth.mode !== "manager") throw redirect(withParam(returnTo, "upgrade_error"));
      const requested = auth.restaurant.requestedPlanId;
      const plan = (SELF_SERVICE_UPGRADE_PLANS as readonly string[]).includes(requested ?? "")
        ? (requested as PaidPlanId)
        : "basic";
      try {
        await upgradeFromTrial(auth.restaurant.id, plan, auth.restaurant.billingCycle);
      } catch (error) {
        if (error instanceof BillingError) throw redirect(withParam(returnTo, "upgrade_error"));
        throw error;
      }
      throw redirect(withParam(returnTo, "upgraded"));
    }
    default:
      throw data({ message: "Geçersiz işlem." }, { status: 400 });
  }
}

export function loader() {
  throw redirect("/app");
}
