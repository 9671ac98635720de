// Lost connection is not a 500 page (issue 20). With JavaScript a form's post is a fetch; when the
// server cannot be reached that fetch throws, and React Router would show the route's error page
// in place of the form, losing what was typed. One client middleware on the root route turns such
// a failure of any form post (pages, dialogs, fetchers) into an answer of the route that posted:
// 503, so the screens' data is not re-read (React Router skips revalidation after a 4xx/5xx
// action), the form stays on the screen with what was typed, its button is free again, and the
// notice below says what happened. Pressing the button again retries. Without JavaScript the
// browser shows its own offline page and Back keeps the form. Order taking keeps its offline
// queue: it sends with its own fetch (send-order.ts), not through a route action.
import { useEffect, useRef, useState } from "react";
import { data, useLocation, type DataStrategyResult, type MiddlewareFunction } from "react-router";

export const CONNECTION_ERROR = "Bağlantı hatası. Lütfen tekrar deneyin.";
const EVENT = "sofra:connection-error";

/** The answer a failed post gives its route's component (`actionData`): no form reply, so no field is marked. */
export interface ConnectionErrorReply {
  connectionError: string;
}

/** A fetch that never reached the server (refused, reset, DNS, offline) rejects with a TypeError. */
function isConnectionFailure(error: unknown): boolean {
  return error instanceof TypeError || (typeof navigator !== "undefined" && navigator.onLine === false && error instanceof Error);
}

function isDataWrapper(value: unknown): value is { data: unknown } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit" && "data" in value;
}

export const connectionErrorMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const results = await next();
  // Reads (navigations) keep their own handling: the offline copies, the error page.
  if (request.method === "GET" || request.method === "HEAD") return results;
  let failed = false;
  for (const [routeId, outcome] of Object.entries(results)) {
    // Single fetch hands an action's error on wrapped in data() (with the status it had, none here).
    const error = isDataWrapper(outcome.result) ? outcome.result.data : outcome.result;
    if (outcome.type !== "error" || !isConnectionFailure(error)) continue;
    results[routeId] = { type: "data", result: data<ConnectionErrorReply>({ connectionError: CONNECTION_ERROR }, { status: 503 }) };
    failed = true;
  }
  if (failed) window.dispatchEvent(new CustomEvent(EVENT));
  return results;
};

export function isConnectionErrorReply(value: unknown): value is ConnectionErrorReply {
  return typeof value === "object" && value !== null && "connectionError" in value;
}

/**
 * A screen whose dialog is its last post's answer (the payment confirmation) keeps that answer
 * when the next post cannot reach the server, so the dialog stays open for the retry.
 */
export function useKeptActionData<T>(actionData: T): Exclude<T, ConnectionErrorReply> {
  const kept = useRef(actionData);
  if (!isConnectionErrorReply(actionData)) kept.current = actionData;
  return kept.current as Exclude<T, ConnectionErrorReply>;
}

/**
 * The notice of a failed post, over every screen and dialog; it goes at the next post (a retry)
 * or on another screen.
 */
export function ConnectionErrorNotice() {
  const [shown, setShown] = useState(false);
  const location = useLocation();
  useEffect(() => {
    const show = () => setShown(true);
    const hide = () => setShown(false);
    window.addEventListener(EVENT, show);
    // Capture: a retry's submit hides it before the post goes out.
    document.addEventListener("submit", hide, true);
    return () => {
      window.removeEventListener(EVENT, show);
      document.removeEventListener("submit", hide, true);
    };
  }, []);
  useEffect(() => setShown(false), [location.pathname]);
  if (!shown) return null;
  return (
    <p className="connection-error" role="alert" data-testid="connection-error">
      {CONNECTION_ERROR}
    </p>
  );
}
