import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "./api-client";
import { noteNavigation } from "./page-navigation";

// A 401 ends the page's session with the spec's message, except for a background poll answered
// after the page moved on: the next page (the shared tablet's PIN pad) is not the one that asked.

const assign = vi.fn();
const location = { href: "http://sofra.test/app/staff-management", assign };
let answer: () => Promise<Response>;

beforeEach(() => {
  assign.mockClear();
  location.href = "http://sofra.test/app/staff-management";
  vi.stubGlobal("window", { location });
  vi.stubGlobal(
    "fetch",
    vi.fn(() => answer()),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("a 401", () => {
  it("sends the page to /app?expired=1 (a background poll of the page that asked, too)", async () => {
    answer = async () => new Response("{}", { status: 401 });
    void apiFetch("/api/tables", { background: true });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/app?expired=1"));
  });

  it("of a background poll answered after the page moved on: nothing moves, the poll just fails", async () => {
    let release!: () => void;
    answer = () => new Promise((resolve) => (release = () => resolve(new Response("{}", { status: 401 }))));
    const pending = apiFetch("/api/tables", { background: true });
    location.href = "http://sofra.test/app/pin?ready=1";
    release();
    expect(await pending).toMatchObject({ ok: false, status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });

  it("of a background poll answered while the page moves: waits for the move, and says nothing if it left the page", async () => {
    answer = async () => new Response("{}", { status: 401 });
    noteNavigation(true);
    const pending = apiFetch("/api/tables", { background: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(assign).not.toHaveBeenCalled();
    location.href = "http://sofra.test/app/pin?ready=1";
    noteNavigation(false);
    expect(await pending).toMatchObject({ ok: false, status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });

  it("of the user's own request still ends the session, wherever the page is", async () => {
    let release!: () => void;
    answer = () => new Promise((resolve) => (release = () => resolve(new Response("{}", { status: 401 }))));
    void apiFetch("/api/orders", { method: "POST", body: {} });
    location.href = "http://sofra.test/app/other";
    release();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/app?expired=1"));
  });
});
