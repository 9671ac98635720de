import { describe, expect, it } from "vitest";
import { parseLastEventId, stepCursor, stepFill, stepResume } from "./cursor";

const ev = (...ids: number[]) => ids.map((id) => ({ id }));

describe("stepCursor", () => {
  it("sends the next ids in order", () => {
    expect(stepCursor(4, ev(5))).toEqual({ kind: "send", events: ev(5) });
    expect(stepCursor(4, ev(6, 5, 7))).toEqual({ kind: "send", events: ev(5, 6, 7) });
  });

  it("drops ids already sent and repeats", () => {
    expect(stepCursor(7, ev(3, 7))).toEqual({ kind: "send", events: [] });
    expect(stepCursor(7, ev(7, 8, 8, 6))).toEqual({ kind: "send", events: ev(8) });
  });

  it("asks for the hole before an id that does not follow lastSent", () => {
    expect(stepCursor(4, ev(6))).toEqual({ kind: "fill", after: 4, until: 6 });
    expect(stepCursor(10, ev(12, 11, 14))).toEqual({ kind: "fill", after: 10, until: 14 });
    expect(stepCursor(0, ev(2, 1, 1, 9))).toEqual({ kind: "fill", after: 0, until: 9 });
  });

  it("starts a stream with nothing sent at id 1", () => {
    expect(stepCursor(0, ev(1))).toEqual({ kind: "send", events: ev(1) });
  });
});

describe("stepFill", () => {
  it("sends the rows read for a hole", () => {
    expect(stepFill(4, ev(5, 6))).toEqual({ kind: "send", events: ev(5, 6) });
    expect(stepFill(4, [])).toEqual({ kind: "send", events: [] });
  });

  it("resets when the first rows after the stream's position are gone", () => {
    expect(stepFill(4, ev(8, 9))).toEqual({ kind: "reset" });
  });
});

describe("stepResume", () => {
  it("replays what is kept after the id", () => {
    expect(stepResume(19, 22, ev(20, 21, 22), 1000)).toEqual({ kind: "send", events: ev(20, 21, 22) });
    expect(stepResume(22, 22, [], 1000)).toEqual({ kind: "send", events: [] });
    expect(stepResume(0, 0, [], 1000)).toEqual({ kind: "send", events: [] });
  });
  it("resets when events after the id were pruned, the id was never given, or the replay is too long", () => {
    expect(stepResume(10, 50, ev(20, 21), 1000)).toEqual({ kind: "reset" });
    expect(stepResume(30, 50, [], 1000)).toEqual({ kind: "reset" });
    expect(stepResume(51, 50, [], 1000)).toEqual({ kind: "reset" });
    expect(stepResume(20, 50, ev(21), 10)).toEqual({ kind: "reset" });
  });
});

describe("parseLastEventId", () => {
  it("reads a non-negative integer only", () => {
    expect(parseLastEventId("12")).toBe(12);
    expect(parseLastEventId(" 0 ")).toBe(0);
    expect(parseLastEventId(null)).toBeNull();
    expect(parseLastEventId("")).toBeNull();
    expect(parseLastEventId("-1")).toBeNull();
    expect(parseLastEventId("1e3")).toBeNull();
    expect(parseLastEventId("99999999999")).toBeNull();
  });
});
