// A live reload of anything (decision 099): the debounce of useLiveRevalidate (use-live-events.ts)
// around a function of the screen's, in a module of its own so that the screens that only
// revalidate do not carry it (their JavaScript budget).
import { useEffect, useRef } from "react";
import { useLiveEvents, type LiveMessage, type LiveStatus } from "./use-live-events";

/**
 * Runs `reload` when one of these events arrives, within a fraction of a second: a burst is one
 * reload, and an event arriving while a reload runs gets one more after it (that one may have read
 * before the change). `accept` narrows which events matter.
 */
export function useLiveReload(
  types: readonly string[],
  reload: () => Promise<unknown> | void,
  accept?: (message: LiveMessage) => boolean,
): LiveStatus {
  const latest = useRef({ reload, accept });
  useEffect(() => {
    latest.current = { reload, accept };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useLiveEvents(types, (message) => {
    // A screen's filter sees "ready" and "reset" too: a bill under its confirmation refuses every reload.
    if (latest.current.accept && !latest.current.accept(message)) return;
    clearTimeout(timer.current);
    const run = () => {
      if (running.current) {
        timer.current = setTimeout(run, 150);
        return;
      }
      running.current = true;
      void Promise.resolve()
        .then(() => latest.current.reload())
        .catch(() => {})
        .finally(() => {
          running.current = false;
        });
    };
    timer.current = setTimeout(run, 100);
  });
}
