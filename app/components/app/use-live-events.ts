// The restaurant's live events as React hooks (decision 078), over the tab's one stream in
// live-client.ts. The stream's client is loaded after the page, when a hook first subscribes: a
// screen's first load does not carry it (the page's JavaScript budget), and it cannot subscribe
// before its effects run anyway.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { Handler, LiveMessage, LiveStatus } from "./live-client";

export type { LiveMessage, LiveStatus } from "./live-client";

/**
 * Calls `onEvent` for each of the restaurant's live events of these types (and "reset"/"ready",
 * which mean: reload), through the tab's one stream. Returns whether the stream is live.
 */
export function useLiveEvents(types: readonly string[], onEvent: Handler): LiveStatus {
  const [current, setCurrent] = useState<LiveStatus>("lost");
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const key = types.join(",");
  useEffect(() => {
    if (!key) return;
    let stop: (() => void) | null = null;
    let left = false;
    void import("./live-client").then(({ liveStatus, onLiveStatus, subscribeLive }) => {
      if (left) return;
      const unsubscribe = subscribeLive(key.split(","), (m) => handler.current(m));
      const stopStatus = onLiveStatus((s: LiveStatus) => setCurrent(s));
      setCurrent(liveStatus());
      stop = () => {
        stopStatus();
        unsubscribe();
      };
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [key]);
  return current;
}

/**
 * Reloads the route's data (its loaders) when one of these events arrives, within a fraction of
 * a second (a burst is one reload). `accept` narrows which ones matter to this screen.
 * (use-live-reload.ts does the same with any reload, in a module of its own: the screens that load
 * this one, order taking among them, do not carry its code, within their JavaScript budget.)
 */
export function useLiveRevalidate(types: readonly string[], accept?: (message: LiveMessage) => boolean): LiveStatus {
  const revalidator = useRevalidator();
  const latest = useRef({ revalidator, accept });
  useEffect(() => {
    latest.current = { revalidator, accept };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useLiveEvents(types, (message) => {
    // A screen's filter sees "ready" and "reset" too: a bill under its confirmation refuses every reload.
    if (latest.current.accept && !latest.current.accept(message)) return;
    clearTimeout(timer.current);
    const run = () => {
      const { revalidator: r } = latest.current;
      // A reload in progress: once it is done, one more (it may have read before this change).
      if (r.state !== "idle") timer.current = setTimeout(run, 150);
      else void r.revalidate();
    };
    timer.current = setTimeout(run, 100);
  });
}
