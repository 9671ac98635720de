// Query strings and return addresses: the one home of these rules (pages and components use it; no zod).

/** A path with some query parameters set (null removes one); the path may carry a query already. */
export function withQuery(path: string, changes: Record<string, string | null>): string {
  const at = path.indexOf("?");
  return withParams({ pathname: at < 0 ? path : path.slice(0, at), search: at < 0 ? "" : path.slice(at) }, changes);
}

/** The current URL with some query parameters set (null removes one). */
export function withParams(location: { pathname: string; search: string }, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

export const DEFAULT_RETURN_TO = "/app/role-selection";

const RETURN_PATH = /^\/(app|payments)(\/|\?|$)/;
const BASE = "http://return-to.invalid";

/**
 * Where a form may send the user back to: a path of the restaurant app on this site
 * (/app… or /payments…), nothing else. Other hosts (`//evil`, `https:`), backslashes,
 * control characters (a CR/LF would break the Location header after the write was
 * done), dot segments leaving /app and overlong values fall back to role selection.
 * The answer is percent-encoded (as the URL parser writes it): a `ğ` sent raw into a
 * Location header is a 500 after the action's write committed (issue 20).
 */
export function safeReturnTo(value: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (typeof value !== "string" || value.length > 2000 || /[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_RETURN_TO;
  if (!RETURN_PATH.test(value)) return DEFAULT_RETURN_TO;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return DEFAULT_RETURN_TO;
  }
  const path = `${url.pathname}${url.search}`;
  // Re-checked after parsing: "/app/../admin" resolves outside the app.
  return url.origin === BASE && RETURN_PATH.test(path) && path.length <= 2000 ? path : DEFAULT_RETURN_TO;
}
