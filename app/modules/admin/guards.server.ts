// Guards of the platform-admin zone, as layout middleware (routes/admin/layout.tsx for pages,
// routes/api/admin-authenticated.ts for /api/admin/* and /api/cms/*): no admin page or endpoint
// can forget its check. Restaurant sessions are refused with a 403, visitors without a session
// are sent to the admin login (pages) or answered 401 (API).
import { createContext, data, redirect, type MiddlewareFunction } from "react-router";
import { findRestaurantSession, readSessionToken } from "~/modules/auth/sessions.server";
import { apiError, messages } from "~/utils/http.server";
import { clearAdminCookie, findAdminSession, readAdminToken, type AdminAuth } from "./sessions.server";

export type { AdminAuth } from "./sessions.server";

/** The logged-in platform admin, for every admin page and endpoint below the guards. */
export const adminAuthContext = createContext<AdminAuth>();

export const ADMIN_ONLY = "Bu işlem platform yöneticisi girişi gerektirir.";
export const ADMIN_ONLY_PAGE = "Bu sayfa yalnızca platform yöneticilerine açıktır.";

/** Where the admin login sends back to: only paths of the admin zone itself. */
export function safeAdminRedirect(value: FormDataEntryValue | string | null | undefined): string {
  if (typeof value !== "string") return "/admin/dashboard";
  return /^\/admin(\/[\w\-/?=&%.]*)?$/.test(value) && !value.startsWith("/admin/login") && !value.startsWith("//")
    ? value
    : "/admin/dashboard";
}

export const requireAdminPage: MiddlewareFunction<Response> = async ({ request, context }) => {
  const lookup = await findAdminSession(await readAdminToken(request));
  if (lookup.status === "ok") {
    context.set(adminAuthContext, lookup.auth);
    return;
  }
  const url = new URL(request.url);
  const to = `/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
  if (lookup.status === "none") {
    // A restaurant user who wandered here is told so rather than shown a login they cannot use.
    const restaurant = await findRestaurantSession(await readSessionToken(request));
    if (restaurant.status === "ok") throw data({ message: ADMIN_ONLY_PAGE }, { status: 403 });
    throw redirect(to);
  }
  throw redirect(`${to}&expired=1`, { headers: { "Set-Cookie": await clearAdminCookie() } });
};

export const requireAdminApi: MiddlewareFunction<Response> = async ({ request, context }) => {
  const token = await readAdminToken(request);
  const lookup = await findAdminSession(token);
  if (lookup.status === "ok") {
    context.set(adminAuthContext, lookup.auth);
    return;
  }
  if (lookup.status === "malformed") throw apiError(401, messages.malformedAuthorization);
  // A restaurant's token (bearer) or cookie is a session, just not one that may do this.
  const restaurant = await findRestaurantSession(lookup.status === "none" ? await readSessionToken(request) : token);
  if (restaurant.status === "ok") throw apiError(403, ADMIN_ONLY);
  throw apiError(401, lookup.status === "none" ? messages.unauthorized : messages.sessionExpired);
};
