import { afterEach, describe, expect, it, vi } from "vitest";
import { deviceState, WORKER_WAIT_MS } from "./push-client";

/** A browser whose service worker becomes active `activeAfterMs` after the page asked (or never). */
function fakeBrowser(activeAfterMs: number | null) {
  const registration = { pushManager: { getSubscription: async () => null } };
  let registered = false;
  if (activeAfterMs !== null) setTimeout(() => (registered = true), activeAfterMs);
  vi.stubGlobal("window", { PushManager: class {}, Notification: class {} });
  vi.stubGlobal("Notification", { permission: "default" });
  vi.stubGlobal("navigator", {
    serviceWorker: {
      getRegistration: async () => (registered ? registration : undefined),
      ready: new Promise((resolve) => {
        if (activeAfterMs !== null) setTimeout(() => resolve(registration), activeAfterMs);
      }),
    },
  });
  vi.stubGlobal("PushManager", class {});
}

describe("deviceState", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("on a first visit, waits for the worker the page registers at its load event instead of saying there is none", async () => {
    vi.useFakeTimers();
    fakeBrowser(300);
    const state = deviceState();
    await vi.advanceTimersByTimeAsync(300);
    await expect(state).resolves.toBe("unsubscribed");
  });

  it("says there is no worker when none becomes active in time", async () => {
    vi.useFakeTimers();
    fakeBrowser(null);
    const state = deviceState();
    await vi.advanceTimersByTimeAsync(WORKER_WAIT_MS);
    await expect(state).resolves.toBe("no-worker");
  });
});
