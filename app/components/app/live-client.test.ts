import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The tab's one live stream (live-client.ts) with a fake EventSource: what it does when its
// stream is refused, with and without a screen still listening.

/** GET /api/auth/me: the session has ended. */
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response("{}", { status: 401 }));
const assign = vi.fn();

class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.made.push(this);
  }
  listeners = new Map<string, (event: { lastEventId: string; data: string; type: string }) => void>();
  addEventListener(type: string, listener: (event: { lastEventId: string; data: string; type: string }) => void) {
    this.listeners.set(type, listener);
  }
  /** An event the server sent: heard only when the page listens for its type. */
  emit(type: string, id: number, data: Record<string, unknown> = {}) {
    this.listeners.get(type)?.({ type, lastEventId: String(id), data: JSON.stringify(data) });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server answered an error (a 401 after the session ended): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  fetchMock.mockClear();
  assign.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  FakeEventSource.made = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("document", { addEventListener() {}, visibilityState: "visible" });
  vi.stubGlobal("window", { addEventListener() {}, location: { assign } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe("a refused stream", () => {
  it("under a screen that listens: asks /api/auth/me once, as the polls do (a 401 there ends the page)", async () => {
    const { subscribeLive } = await import("./live-client");
    subscribeLive(["order.created"], () => {});
    FakeEventSource.made[0]!.refuse();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/auth/me");
    expect(assign).toHaveBeenCalledWith("/app?expired=1");
  });

  it("when the screen leaves while the question is on its way: the answer's 401 moves nothing", async () => {
    const { subscribeLive } = await import("./live-client");
    const leave = subscribeLive(["order.created"], () => {});
    FakeEventSource.made[0]!.refuse();
    leave();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it("while the page moves (the form that made this browser the shared tablet): waits, and says nothing once the screen has left", async () => {
    // CI saw the PIN pad at /app/pin?idle=1: the stream was refused and /api/auth/me answered 401
    // after the form's post, before its redirect's page had replaced the screen that listened.
    const { noteNavigation } = await import("./page-navigation");
    const { subscribeLive } = await import("./live-client");
    const leave = subscribeLive(["order.created"], () => {});
    noteNavigation(true);
    FakeEventSource.made[0]!.refuse();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    leave();
    noteNavigation(false);
    await flush();
    expect(assign).not.toHaveBeenCalled();
  });

  it("while the page moves between two of the session's screens: the 401 ends the page once the move is over", async () => {
    const { noteNavigation } = await import("./page-navigation");
    const { subscribeLive } = await import("./live-client");
    subscribeLive(["order.created"], () => {});
    noteNavigation(true);
    FakeEventSource.made[0]!.refuse();
    await flush();
    expect(assign).not.toHaveBeenCalled();
    noteNavigation(false);
    await flush();
    expect(assign).toHaveBeenCalledWith("/app?expired=1");
  });

  it("after the last screen left (the stream lingers into the next page): closes, asks nothing, does not retry", async () => {
    // The owner made this browser the shared tablet: their session ended and the PIN pad has no
    // listener; the old stream's refusal must not send the PIN pad to /app?expired=1.
    const { subscribeLive, liveStatus } = await import("./live-client");
    const leave = subscribeLive(["order.created"], () => {});
    leave();
    FakeEventSource.made[0]!.refuse();
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.made).toHaveLength(1);
    expect(liveStatus()).toBe("lost");
  });
});

describe("a screen that subscribes after the stream is up", () => {
  it("can tell from lastSeenId what it may have missed: the ready's id, then every floor event, listened for or not", async () => {
    const { lastSeenId, subscribeLive } = await import("./live-client");
    expect(lastSeenId()).toBeNull();
    // The manager panel's figures open the stream first; the tables' follower subscribes later.
    const figures: string[] = [];
    subscribeLive(["order.paid"], (m) => figures.push(m.type));
    const stream = FakeEventSource.made[0]!;
    stream.emit("ready", 10, { last_event_id: 10 });
    expect(lastSeenId()).toBe(10);
    // A floor event no subscriber has asked for yet still counts.
    stream.emit("cart.changed", 11, { table_number: 3 });
    expect(lastSeenId()).toBe(11);
    expect(figures).toEqual(["ready"]);
    const follower: string[] = [];
    subscribeLive(["cart.changed"], (m) => follower.push(m.type));
    // Nothing is replayed to it: it compares lastSeenId with its own version and reads.
    expect(follower).toEqual([]);
    stream.emit("cart.changed", 12, { table_number: 3 });
    expect(follower).toEqual(["cart.changed"]);
    expect(lastSeenId()).toBe(12);
  });
});
