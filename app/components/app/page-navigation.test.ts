import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigationSettled, noteNavigation, watchNativeSubmits } from "./page-navigation";

// When a 401 may speak for the page: between moves at once, during a move once it is over.

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  noteNavigation(false);
  vi.useRealTimers();
});

const settledAfter = async (ms: number) => {
  let settled = false;
  void navigationSettled().then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
};

describe("navigationSettled", () => {
  it("resolves at once between moves, and after React Router's move when there is one", async () => {
    expect(await settledAfter(0)).toBe(true);
    noteNavigation(true);
    expect(await settledAfter(60_000)).toBe(false);
    let settled = false;
    void navigationSettled().then(() => (settled = true));
    noteNavigation(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it("waits for a form the browser posts itself (before hydration), not for one React Router took", async () => {
    const target = new EventTarget();
    watchNativeSubmits(target as unknown as Window);
    const taken = new Event("submit", { cancelable: true });
    taken.preventDefault();
    target.dispatchEvent(taken);
    expect(await settledAfter(0)).toBe(true);
    target.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(await settledAfter(5_000)).toBe(false);
    // Still here 10 s later (a download): the page stayed, its 401s speak again.
    expect(await settledAfter(6_000)).toBe(true);
  });
});
