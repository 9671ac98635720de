// The browser side of the /api/* contract: same-origin fetches with the
// session cookie. A 401 anywhere means the session is over: back to /app with
// the spec's message.

import { navigationSettled } from "./page-navigation";

export const EXPIRED_URL = "/app?expired=1";

export type ApiOutcome<T> =
  /** With `ifNoneMatch`, status 304 means nothing changed since that tag, and `data` is undefined. */
  | { ok: true; status: number; data: T; etag?: string }
  | { ok: false; status: number; detail: string; body: Record<string, unknown> | null }
  | { ok: false; status: 0; detail: string; body: null; network: true };

export async function apiFetch<T>(
  path: string,
  /** background: the app's own request (a poll), which does not keep a shared tablet's session alive (decision 071). */
  init: { method?: string; body?: unknown; signal?: AbortSignal; background?: boolean; ifNoneMatch?: string } = {},
): Promise<ApiOutcome<T>> {
  // The page that asks: a background request's 401 speaks for it alone (see below).
  const askedFrom = typeof window === "undefined" ? null : window.location.href;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.background ? { "x-sofra-background": "1" } : {}),
        // A conditional poll (decision 091): the browser then passes the 304 on as it is.
        ...(init.ifNoneMatch ? { "if-none-match": init.ifNoneMatch } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch {
    return { ok: false, status: 0, detail: "Bağlantı hatası. Lütfen tekrar deneyin.", body: null, network: true };
  }
  if (response.status === 401) {
    // A poll that was answered after the page moved on (the owner made this browser the shared
    // tablet: the session ended on purpose, and the PIN pad is already showing, or on its way)
    // says nothing to the next page; that page's own requests will tell if its session is over.
    if (init.background) await navigationSettled();
    if (init.background && askedFrom !== window.location.href) {
      return { ok: false, status: 401, detail: "Oturum kapandı.", body: null };
    }
    window.location.assign(EXPIRED_URL);
    // Never resolves: the page is going away.
    return new Promise(() => {});
  }
  const etag = response.headers.get("etag") ?? undefined;
  if (response.status === 304) return { ok: true, status: 304, data: undefined as T, etag };
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, status: response.status, data: body as T, etag };
  const detail = typeof body?.detail === "string" ? body.detail : `Sunucu hatası: ${response.status}`;
  return { ok: false, status: response.status, detail, body };
}
