import { describe, expect, it } from "vitest";
import { canMove, formatDay } from "./rules";
import { fromLocal, isCalendarDate, toLocal } from "./time";

describe("reservation days and times", () => {
  it("a local day and time in Istanbul (UTC+3) is the instant three hours earlier, and back", () => {
    const at = fromLocal("2027-03-10", "19:00", "Europe/Istanbul");
    expect(at.toISOString()).toBe("2027-03-10T16:00:00.000Z");
    expect(toLocal(at, "Europe/Istanbul")).toEqual({ date: "2027-03-10", time: "19:00" });
    // Just after midnight local is the previous day in UTC.
    expect(fromLocal("2027-01-01", "00:30", "Europe/Istanbul").toISOString()).toBe("2026-12-31T21:30:00.000Z");
  });

  it("follows a zone's clock change (Berlin: UTC+1 in winter, UTC+2 in summer)", () => {
    expect(fromLocal("2027-01-15", "12:00", "Europe/Berlin").toISOString()).toBe("2027-01-15T11:00:00.000Z");
    expect(fromLocal("2027-07-15", "12:00", "Europe/Berlin").toISOString()).toBe("2027-07-15T10:00:00.000Z");
  });

  it("knows real calendar days", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-13-01")).toBe(false);
    expect(isCalendarDate("27-01-01")).toBe(false);
    expect(isCalendarDate("1999-12-31")).toBe(false);
    expect(isCalendarDate("9999-12-31")).toBe(false);
  });

  it("the card's moves are the spec's: pending → confirmed or cancelled, confirmed → completed", () => {
    expect(canMove("pending", "confirmed")).toBe(true);
    expect(canMove("pending", "cancelled")).toBe(true);
    expect(canMove("confirmed", "completed")).toBe(true);
    expect(canMove("confirmed", "cancelled")).toBe(false);
    expect(canMove("completed", "pending")).toBe(false);
    expect(canMove("cancelled", "confirmed")).toBe(false);
    expect(formatDay("2026-11-24")).toBe("24 Kasım 2026");
  });
});
