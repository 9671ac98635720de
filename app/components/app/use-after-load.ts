// Work a screen does not need to show or to answer a tap (keeping copies for
// offline use, reading this device's queue, loading the offline notices) waits
// until the page has loaded and the browser is idle: on a cheap phone the first
// paint and the first tap come before it (Lighthouse, decision 031). Components
// read it with useAfterLoad (use-hydrated.tsx).

let settled = false;
let waiting: Promise<void> | null = null;

/** Resolves once the page has loaded and the main thread has had a quiet moment (at most ~2 s after load). */
export function afterPageLoad(): Promise<void> {
  if (settled) return Promise.resolve();
  waiting ??= new Promise<void>((resolve) => {
    const idle = () => {
      const done = () => {
        settled = true;
        resolve();
      };
      if ("requestIdleCallback" in window) window.requestIdleCallback(done, { timeout: 2000 });
      else setTimeout(done, 300);
    };
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
  return waiting;
}
