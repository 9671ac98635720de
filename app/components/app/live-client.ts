// The restaurant's live events in the browser (GET /api/events, decision 078). One EventSource per
// tab, shared by every component that listens: browsers allow six HTTP/1.1 connections per host
// across all tabs, so a stream per component would starve the page. It reconnects with the last
// id it saw (the server replays what was missed, or says `reset`), also when the tab comes back
// into view or out of the back/forward cache: mobile browsers drop a stream in the background
// without telling the page.
// The stream itself, without React: loaded lazily by the polls (use-poll.ts) so that a screen's
// first load does not carry it; the hooks in use-live-events.ts use it directly.
import { EXPIRED_URL } from "./api-client";
import { FLOOR_EVENTS } from "./live-event-types";
import { navigationSettled } from "./page-navigation";

/** "live": events arrive; "lost": they do not (screens fall back to polling). */
export type LiveStatus = "live" | "lost";

/**
 * An event as the screens see it. Besides the server's types (order.created, table.updated, …):
 * "reset" when events were missed beyond what the server keeps, and "ready" once when the tab's
 * stream first opens (what changed between the page's load and that moment is unknown): reload.
 */
export interface LiveMessage {
  type: string;
  id: number | null;
  data: Record<string, unknown>;
}

export type Handler = (message: LiveMessage) => void;
interface Subscriber {
  types: readonly string[];
  handler: Handler;
}

const ALWAYS = ["reset", "ready"];
/** How long the stream stays open after the last listener leaves (a navigation to the next screen). */
const LINGER_MS = 5_000;
/** The tab was hidden this long: its stream may be dead without an error (mobile), so it reconnects. */
const HIDDEN_RECONNECT_MS = 10_000;

const subscribers = new Set<Subscriber>();
const statusListeners = new Set<(status: LiveStatus) => void>();
let source: EventSource | null = null;
/** The event types the current EventSource has listeners for. */
let listening = new Set<string>();
let status: LiveStatus = "lost";
let lastEventId: string | null = null;
/** The newest event id this tab's stream has given (its "ready" included), for lastSeenId. */
let seenId: number | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
let hiddenAt: number | null = null;
/** Whether this tab's stream has been ready once (see LiveMessage's "ready"). */
let everReady = false;
let pageHooks = false;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener(next);
}

function dispatch(message: LiveMessage) {
  for (const s of subscribers) {
    if (s.types.includes(message.type) || ALWAYS.includes(message.type)) {
      try {
        s.handler(message);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

function onMessage(event: MessageEvent<string>) {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(event.data) as Record<string, unknown>;
  } catch {
    // a payload this client does not read still tells it something changed
  }
  const id = event.lastEventId ? Number(event.lastEventId) : null;
  if (id !== null && Number.isSafeInteger(id) && (seenId === null || id > seenId)) seenId = id;
  if (event.type === "ready") {
    failures = 0;
    setStatus("live");
    // Only the tab's first stream: a reconnect resumed from lastEventId and missed nothing.
    if (!everReady) {
      everReady = true;
      dispatch({ type: "ready", id, data });
    }
    return;
  }
  dispatch({ type: event.type, id, data });
}

function listen(types: Iterable<string>) {
  if (!source) return;
  for (const type of types) {
    if (listening.has(type)) continue;
    listening.add(type);
    source.addEventListener(type, onMessage as EventListener);
  }
}

function wantedTypes() {
  // The floor's events always, so that lastSeenId counts them even before a screen that follows
  // the floor subscribes (the tab's stream may have been opened by another hook of the page).
  const types = new Set([...ALWAYS, ...FLOOR_EVENTS]);
  for (const s of subscribers) for (const t of s.types) types.add(t);
  return types;
}

function disconnect() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
  listening = new Set();
}

function connect() {
  disconnect();
  if (typeof EventSource === "undefined") return setStatus("lost");
  const url = lastEventId === null ? "/api/events" : `/api/events?last_event_id=${encodeURIComponent(lastEventId)}`;
  const opened = new EventSource(url);
  source = opened;
  listen(wantedTypes());
  opened.onerror = () => {
    if (source !== opened) return;
    setStatus("lost");
    // Lingering after the last screen left (the next page may not be one of the session's: the
    // shared tablet's PIN pad): nobody needs the stream, so it neither asks nor retries.
    if (subscribers.size === 0) return disconnect();
    // The browser retries by itself after a dropped connection (with Last-Event-ID); after an
    // error answer (401, 503) it gives up: retry here, further apart each time.
    if (opened.readyState === EventSource.CLOSED) {
      void probeSession();
      failures += 1;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
    }
  };
}

/**
 * An error answer may be the end of the session (the stream's own check closed it, then 401): ask
 * once as the polls do; on a 401 the page goes to /app with the spec's message, unless it has
 * moved on meanwhile, or was moving and ended, on a page that does not listen (the shared
 * tablet's PIN pad).
 */
async function probeSession() {
  const answer = await fetch("/api/auth/me", {
    headers: { accept: "application/json", "x-sofra-background": "1" },
    credentials: "same-origin",
  }).catch(() => null);
  if (answer?.status !== 401) return;
  // Heard while the page moves (the form that ended the session on purpose, on its way to the PIN
  // pad): the screen that listened may be leaving; ask once the move is over.
  await navigationSettled();
  if (subscribers.size > 0) window.location.assign(EXPIRED_URL);
}

function onVisibility() {
  if (document.visibilityState === "hidden") {
    hiddenAt = Date.now();
    return;
  }
  const away = hiddenAt === null ? 0 : Date.now() - hiddenAt;
  hiddenAt = null;
  if (subscribers.size > 0 && (status !== "live" || away > HIDDEN_RECONNECT_MS || !source)) connect();
}

function onPageShow(event: PageTransitionEvent) {
  // Back from the back/forward cache: the old connection is gone.
  if (event.persisted && subscribers.size > 0) connect();
}

/** Subscribes to these event types (and "reset"/"ready") through the tab's one stream; returns the unsubscribe. */
export function subscribeLive(types: readonly string[], handler: Handler): () => void {
  return subscribe({ types, handler });
}

/**
 * The newest event id the tab's stream has given, null before it was first ready. "ready" is given
 * once per tab: a screen that subscribes later compares this with the version its data was read at
 * (a newer id: it may have missed that event, and reads).
 */
export const lastSeenId = () => seenId;

/** The stream's status now, and its changes. */
export const liveStatus = () => status;
export function onLiveStatus(listener: (status: LiveStatus) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export const ALWAYS_EVENTS: readonly string[] = ALWAYS;

function subscribe(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  clearTimeout(lingerTimer);
  if (!pageHooks) {
    pageHooks = true;
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pageshow", onPageShow);
  }
  if (!source && !retryTimer) connect();
  else listen(subscriber.types);
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size > 0) return;
    clearTimeout(lingerTimer);
    lingerTimer = setTimeout(() => {
      if (subscribers.size > 0) return;
      disconnect();
      setStatus("lost");
    }, LINGER_MS);
  };
}
