import { describe, expect, it } from "vitest";
import { readyListConcerned } from "./tickets";

describe("readyListConcerned: which ticket events make a waiter's phone read its Hazır list again", () => {
  const lines = [{ ticket_id: 11 }, { ticket_id: 12 }];

  it("lines this waiter sent became ready", () => {
    expect(readyListConcerned({ ticket_id: 40, ready: { sent_by_id: 7, names: ["Adana"] } }, 7, [])).toBe(true);
  });

  it("a ticket the list shows changed (served, taken back, voided, moved)", () => {
    expect(readyListConcerned({ ticket_id: 12, status: "preparing" }, 7, lines)).toBe(true);
    expect(readyListConcerned({ ticket_id: 11, alert: true }, 7, lines)).toBe(true);
  });

  it("another waiter's lines, or a ticket the list does not show: no read", () => {
    expect(readyListConcerned({ ticket_id: 40, ready: { sent_by_id: 8, names: ["Adana"] } }, 7, lines)).toBe(false);
    expect(readyListConcerned({ ticket_id: 40, status: "preparing" }, 7, lines)).toBe(false);
    expect(readyListConcerned({ ticket_id: 40, status: "ready" }, 7, [])).toBe(false);
  });

  it("an event without a ticket id concerns no shown line", () => {
    expect(readyListConcerned({}, 7, lines)).toBe(false);
  });
});
