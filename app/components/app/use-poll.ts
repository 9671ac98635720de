import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "./api-client";
import { floorStep, floorVersionOf } from "~/modules/tables/floor-patch";
import type { LiveMessage } from "./live-client";
import { afterPageLoad } from "./use-after-load";

/** With the live stream up, a poll still runs this seldom (a safety net, decision 078). */
const LIVE_POLL_MS = 60_000;
/** Events applied on top of the last answer that are kept to apply again (a read older than them). */
const MAX_APPLIED = 200;

export interface Follow<T> {
  /** The version of the `initial` data (its loader's), when known. */
  initialVersion?: number | null;
  /** The version of an answer, from its ETag (null: unknown). */
  versionOf(etag: string | undefined): number | null;
  step(shown: T, version: number | null, message: LiveMessage): { kind: "skip" } | { kind: "patch"; data: T } | { kind: "read" };
}

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
  /**
   * Events that carry what they changed (the floor's rows, decision 094): given the version of
   * what is shown (from the last answer's ETag; null when unknown, e.g. the loader's data), an
   * event is skipped (the answer shown is newer), applied, or read for.
   */
  follow?: Follow<T>,
) {
  const [data, setShown] = useState(initial);
  const shown = useRef(data);
  const setData = useCallback((next: T) => {
    shown.current = next;
    setShown(next);
  }, []);
  const concernsRef = useRef(concerns);
  concernsRef.current = concerns;
  const followRef = useRef(follow);
  followRef.current = follow;
  // The version of what is shown, and the events applied on top of it (applied again over a read
  // that comes back older than them).
  const version = useRef<number | null>(follow?.initialVersion ?? null);
  const applied = useRef<LiveMessage[]>([]);
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
          const ours = types.includes(message.type);
          const step = ours && followRef.current ? followRef.current.step(shown.current, version.current, message) : null;
          if (step?.kind === "skip") return;
          if (step?.kind === "patch") {
            applied.current = [...applied.current.slice(-(MAX_APPLIED - 1)), message];
            setData(step.data);
            return;
          }
          const filter = ours ? concernsRef.current : undefined;
          if (!filter || filter(message.data, shown.current)) refresh.current?.();
        });
        const stopStatus = client.onLiveStatus((s) => (isLive.current = s === "live"));
        isLive.current = client.liveStatus() === "live";
        // Subscribed after the tab's stream was up (opened by another hook of the page, or by the
        // screen before): its "ready" and the events before this moment went to others. Read when
        // the stream has seen the floor move past the version this screen's tables were read at
        // (a screen that does not know it, order taking's picker, reads at the next event).
        const seen = client.lastSeenId();
        if (seen !== null && version.current !== null && seen > version.current) refresh.current?.();
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
  }, [liveKey, setData]);

  // An answer of version `at` (null: unknown), with the events applied since that it is older
  // than (they are not in it).
  const show = useCallback(
    (answer: T, at: number | null) => {
      version.current = at;
      let next = answer;
      const newer = at === null ? [] : applied.current.filter((m) => m.id !== null && m.id > at);
      applied.current = newer;
      for (const message of newer) {
        const step = followRef.current!.step(next, at, message);
        if (step.kind === "patch") next = step.data;
        else if (step.kind === "read") refresh.current?.();
      }
      setData(next);
    },
    [setData],
  );

  // A new loader answer (navigation, revalidation) replaces the polled one: of the loader's
  // version, when it gave one (otherwise the next event is read for).
  useEffect(() => {
    if (initialRef.current !== initial) {
      initialRef.current = initial;
      show(initial, followRef.current?.initialVersion ?? null);
    }
  }, [initial, show]);

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
        if (result.status !== 304) showAnswer(result.data, result.etag);
        tag = result.etag;
        setStale(false);
      } else {
        setStale(true);
      }
    };
    const showAnswer = (answer: T, etag: string | undefined) => show(answer, followRef.current?.versionOf(etag) ?? null);
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
  }, [path, intervalMs, setData, show]);

  return { data, stale };
}

/**
 * GET /api/tables on the floor's events: the events that carry their tables' rows are applied,
 * the others read for (decision 094). Generic over the rows, so this module stays free of the
 * tables module's server types.
 */
export function followFloor<R extends { id: number }>(): Follow<R[]> {
  return { versionOf: floorVersionOf, step: floorStep };
}
