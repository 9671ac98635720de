// Guards throw: a redirect (pages) or a 401/403 JSON answer (API).
import { createContext, data, redirect, type MiddlewareFunction } from "react-router";
import { apiError, messages } from "~/utils/http.server";
import { can, mayEnterManagerMode, mayRequest, ruleFor, type AccessSubject, type Capability } from "./roles";
import {
  activityOf,
  clearSessionCookie,
  findRestaurantSession,
  readSessionToken,
  type HeaderSource,
  type RestaurantAuth,
} from "./sessions.server";

/** The logged-in restaurant user, set by requireRestaurantUser for every /app page below it. */
export const restaurantAuthContext = createContext<RestaurantAuth>();

export const MANAGER_ONLY_PAGE = "Bu sayfa yönetici girişi gerektirir. Rol seçiminden yönetici şifresiyle giriş yapın.";
export const ROLE_FORBIDDEN_PAGE = "Bu sayfa hesabınızın rolüne açık değil.";
export const ROLE_FORBIDDEN = "Bu işlem için yetkiniz yok.";
export const MANAGER_ROLE_REQUIRED = "Yönetici paneline yalnızca Yönetici rolündeki hesaplar girebilir.";

/**
 * Why a session may not make a request: an owner or admin outside manager mode is asked for the
 * manager password; anyone else's role does not allow it, whatever password they know.
 */
function refusalOf(auth: AccessSubject, capability: Capability | "any") {
  return capability === "manager_mode" && mayEnterManagerMode(auth) ? "manager-login" : "role";
}

/** The 403 page of a refused screen (rendered by the restaurant layout's error boundary). */
export function forbiddenPage(auth: AccessSubject, capability: Capability | "any" = "manager_mode") {
  return refusalOf(auth, capability) === "manager-login"
    ? data({ message: MANAGER_ONLY_PAGE, action: "manager-login" }, { status: 403 })
    : data({ message: ROLE_FORBIDDEN_PAGE, action: "role" }, { status: 403 });
}

/** The 403 answer of a refused API call. */
export function forbiddenApi(auth: AccessSubject, capability: Capability | "any" = "manager_mode") {
  return apiError(403, refusalOf(auth, capability) === "manager-login" ? messages.managerOnly : ROLE_FORBIDDEN);
}

/** Layout middleware of /app/*: logged-out visitors go to /app, expired sessions too, with a message. */
export const requireRestaurantUser: MiddlewareFunction<Response> = async ({ request, context, pattern }) => {
  const lookup = await findRestaurantSession(await readSessionToken(request), new Date(), activityOf(request));
  if (lookup.status === "none") throw redirect("/app");
  if (lookup.status !== "ok") {
    throw redirect("/app?expired=1", { headers: { "Set-Cookie": await clearSessionCookie() } });
  }
  // What the account's role allows, for the route this request is for (app/modules/auth/roles.ts).
  if (!mayRequest(lookup.auth, pattern, request.method)) throw forbiddenPage(lookup.auth, ruleFor(pattern, request.method));
  context.set(restaurantAuthContext, lookup.auth);
};

/** Layout middleware of manager pages (below requireRestaurantUser). */
export const requireManagerMode: MiddlewareFunction<Response> = ({ context }) => {
  const auth = context.get(restaurantAuthContext);
  if (!can(auth, "manager_mode")) throw forbiddenPage(auth);
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
export const requireApiSession: MiddlewareFunction<Response> = async ({ request, context, pattern }) => {
  const auth = await requireApiAuth(request);
  // What the account's role allows, for the endpoint called (app/modules/auth/roles.ts).
  if (!mayRequest(auth, pattern, request.method)) throw forbiddenApi(auth, ruleFor(pattern, request.method));
  context.set(apiAuthContext, auth);
};

/** API guard: 401 without a session or with an expired one. */
export async function requireApiAuth(request: HeaderSource): Promise<RestaurantAuth> {
  const lookup = await findRestaurantSession(await readSessionToken(request), new Date(), activityOf(request));
  if (lookup.status === "none") throw apiError(401, messages.unauthorized);
  if (lookup.status === "malformed") throw apiError(401, messages.malformedAuthorization);
  if (lookup.status === "invalid") throw apiError(401, messages.sessionExpired);
  return lookup.auth;
}

/** API guard for manager-only calls: 403 in staff mode, and for every role that cannot be a manager. */
export function requireApiManager(auth: RestaurantAuth): void {
  if (!can(auth, "manager_mode")) throw forbiddenApi(auth);
}
