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

/**
 * Where a form may send the user back to: a path of the restaurant app on this site
 * (/app… or /payments…), nothing else. Other hosts (`//evil`, `https:`), backslashes,
 * control characters (a CR/LF would break the Location header after the write was
 * done) and overlong values fall back to role selection.
 */
export function safeReturnTo(value: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (typeof value !== "string" || value.length > 2000 || /[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_RETURN_TO;
  return /^\/(app|payments)(\/|\?|$)/.test(value) ? value : DEFAULT_RETURN_TO;
}
