import { useEffect, useRef, useState } from "react";
import { apiFetch } from "./api-client";
import { afterPageLoad } from "./use-after-load";

/** With the live stream up, a poll still runs this seldom (a safety net, decision 078). */
const LIVE_POLL_MS = 60_000;

/**
 * Re-reads a JSON endpoint every `intervalMs` while the page is visible (and
 * at once when it becomes visible again). Starts from the loader's data, keeps
 * the last good answer when the network fails, and reports that it is stale.
 * With `live` event types, it re-reads when one of them arrives instead, and
 * polls every `intervalMs` only while the live stream is lost.
 */
export function usePoll<T>(
  path: string,
  intervalMs: number,
  initial: T,
  live: readonly string[] = [],
  /** Of the `live` events, which call for a read, given what the screen shows (all of them when left out). */
  concerns?: (data: Record<string, unknown>, shown: T) => boolean,
) {
  const [data, setData] = useState(initial);
  const shown = useRef(data);
  shown.current = data;
  const concernsRef = useRef(concerns);
  concernsRef.current = concerns;
  const [stale, setStale] = useState(false);
  const initialRef = useRef(initial);
  const refresh = useRef<(() => void) | undefined>(undefined);
  const isLive = useRef(false);
  // The stream's client is loaded once the page is up: a screen's first load does not carry it.
  const liveKey = live.join(",");
  useEffect(() => {
    if (!liveKey) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void afterPageLoad()
      .then(() => import("./live-client"))
      .then((client) => {
        if (cancelled) return;
        const types = liveKey.split(",");
        const unsubscribe = client.subscribeLive(types, (message) => {
          // A reset or a new stream (ready) may have missed anything: always a read.
          const filter = types.includes(message.type) ? concernsRef.current : undefined;
          if (!filter || filter(message.data, shown.current)) refresh.current?.();
        });
        const stopStatus = client.onLiveStatus((s) => (isLive.current = s === "live"));
        isLive.current = client.liveStatus() === "live";
        stop = () => {
          stopStatus();
          unsubscribe();
        };
      });
    return () => {
      cancelled = true;
      isLive.current = false;
      stop?.();
    };
  }, [liveKey]);

  // A new loader answer (navigation, revalidation) replaces the polled one.
  useEffect(() => {
    if (initialRef.current !== initial) {
      initialRef.current = initial;
      setData(initial);
    }
  }, [initial]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let stopped = false;
    let lastTick = Date.now();
    let soon: ReturnType<typeof setTimeout> | undefined;
    // The tag of the last answer (an endpoint that sends one, GET /api/tables): the next poll asks
    // whether anything changed since, and a 304 carries no body.
    let tag: string | undefined;

    const tick = async () => {
      if (document.visibilityState !== "visible") return;
      lastTick = Date.now();
      controller?.abort();
      controller = new AbortController();
      const result = await apiFetch<T>(path, { signal: controller.signal, background: true, ifNoneMatch: tag });
      if (stopped) return;
      if (result.ok) {
        // 304: what the screen shows is still true (the server compared the tag of the last answer).
        if (result.status !== 304) setData(result.data);
        tag = result.etag;
        setStale(false);
      } else {
        setStale(true);
      }
    };
    const schedule = () => {
      timer = setTimeout(async () => {
        if (!isLive.current || Date.now() - lastTick >= LIVE_POLL_MS) await tick();
        if (!stopped) schedule();
      }, intervalMs);
    };
    // An event: read now (a burst of events is one read).
    refresh.current = () => {
      clearTimeout(soon);
      soon = setTimeout(() => void tick(), 50);
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void tick();
    };
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      refresh.current = undefined;
      clearTimeout(soon);
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [path, intervalMs]);

  return { data, stale };
}
