import { useSyncExternalStore } from "react";

// Work a screen does not need to show or to answer a tap (keeping copies for
// offline use, reading this device's queue, loading the offline notices) waits
// until the page has loaded and the browser is idle: on a cheap phone the first
// paint and the first tap come before it (Lighthouse, issue 8).

let settled = false;
let waiting: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Resolves once the page has loaded and the main thread has had a quiet moment (at most ~2 s after load). */
export function afterPageLoad(): Promise<void> {
  if (settled) return Promise.resolve();
  waiting ??= new Promise<void>((resolve) => {
    const idle = () => {
      const done = () => {
        settled = true;
        resolve();
        for (const listener of listeners) listener();
      };
      if ("requestIdleCallback" in window) window.requestIdleCallback(done, { timeout: 2000 });
      else setTimeout(done, 300);
    };
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
  return waiting;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  void afterPageLoad();
  return () => listeners.delete(listener);
};

/** False on the server, during hydration and until the page has loaded and gone idle; then true for good. */
export function useAfterLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  );
}
