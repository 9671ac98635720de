// Guards throw: a redirect (pages) or a 401/403 JSON answer (API).
import { createContext, data, redirect, type MiddlewareFunction } from "react-router";
import { apiError, messages } from "~/utils/http.server";
import { clearSessionCookie, findRestaurantSession, readSessionToken, type HeaderSource, type RestaurantAuth } from "./sessions.server";

/** The logged-in restaurant user, set by requireRestaurantUser for every /app page below it. */
export const restaurantAuthContext = createContext<RestaurantAuth>();

export const MANAGER_ONLY_PAGE = "Bu sayfa yönetici girişi gerektirir. Rol seçiminden yönetici şifresiyle giriş yapın.";

/** Layout middleware of /app/*: logged-out visitors go to /app, expired sessions too, with a message. */
export const requireRestaurantUser: MiddlewareFunction<Response> = async ({ request, context }) => {
  const lookup = await findRestaurantSession(await readSessionToken(request));
  if (lookup.status === "none") throw redirect("/app");
  if (lookup.status !== "ok") {
    throw redirect("/app?expired=1", { headers: { "Set-Cookie": await clearSessionCookie() } });
  }
  context.set(restaurantAuthContext, lookup.auth);
};

/** Layout middleware of manager pages (below requireRestaurantUser). */
export const requireManagerMode: MiddlewareFunction<Response> = ({ context }) => {
  if (context.get(restaurantAuthContext).mode !== "manager") {
    throw data({ message: MANAGER_ONLY_PAGE, action: "manager-login" }, { status: 403 });
  }
};

/** For the /app login page: the session if there is a valid one. */
export async function optionalRestaurantAuth(request: Request): Promise<RestaurantAuth | null> {
  const lookup = await findRestaurantSession(await readSessionToken(request));
  return lookup.status === "ok" ? lookup.auth : null;
}

/** The session of an authenticated /api call, set by requireApiSession for every endpoint below the API layout. */
export const apiAuthContext = createContext<RestaurantAuth>();

/**
 * Layout middleware of the authenticated /api/* endpoints (routes/api/authenticated.ts): no
 * endpoint below it can forget its guard. 401 (JSON) without a live session.
 */
export const requireApiSession: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(apiAuthContext, await requireApiAuth(request));
};

/** API guard: 401 without a session or with an expired one. */
export async function requireApiAuth(request: HeaderSource): Promise<RestaurantAuth> {
  const lookup = await findRestaurantSession(await readSessionToken(request));
  if (lookup.status === "none") throw apiError(401, messages.unauthorized);
  if (lookup.status === "malformed") throw apiError(401, messages.malformedAuthorization);
  if (lookup.status === "invalid") throw apiError(401, messages.sessionExpired);
  return lookup.auth;
}

/** API guard for manager-only calls: 403 in staff mode. */
export function requireApiManager(auth: RestaurantAuth): void {
  if (auth.mode !== "manager") throw apiError(403, messages.managerOnly);
}
