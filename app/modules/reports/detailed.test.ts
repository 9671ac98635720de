// Calendar periods in the restaurant's zone, at their edges.
import { describe, expect, it } from "vitest";
import { exportFileName, reportPeriod } from "./detailed";

const IST = "Europe/Istanbul";
const at = (iso: string) => new Date(iso);

describe("reportPeriod", () => {
  it("a day ends at Istanbul's midnight (21:00 UTC), not UTC's", () => {
    expect(reportPeriod("daily", at("2026-11-23T20:59:59.999Z"), IST)).toMatchObject({
      from: "2026-11-23",
      to: "2026-11-23",
      start: at("2026-11-22T21:00:00.000Z"),
      end: at("2026-11-23T21:00:00.000Z"),
      label: "23 Kasım 2026",
    });
    expect(reportPeriod("daily", at("2026-11-23T21:00:00.000Z"), IST).from).toBe("2026-11-24");
  });

  it("a week is Monday to Sunday (ISO), also across a month and a year", () => {
    // Sunday 29 November 23:59 in Istanbul: still the week of Monday the 23rd.
    expect(reportPeriod("weekly", at("2026-11-29T20:59:00Z"), IST)).toMatchObject({
      from: "2026-11-23",
      to: "2026-11-29",
      start: at("2026-11-22T21:00:00Z"),
      end: at("2026-11-29T21:00:00Z"),
      label: "23 – 29 Kasım 2026",
    });
    expect(reportPeriod("weekly", at("2026-11-29T21:00:00Z"), IST).from).toBe("2026-11-30");
    expect(reportPeriod("weekly", at("2026-12-02T10:00:00Z"), IST).label).toBe("30 Kasım – 6 Aralık 2026");
    expect(reportPeriod("weekly", at("2027-01-01T10:00:00Z"), IST)).toMatchObject({
      from: "2026-12-28",
      to: "2027-01-03",
      label: "28 Aralık 2026 – 3 Ocak 2027",
    });
  });

  it("a month and a year start at local midnight of their first day", () => {
    expect(reportPeriod("monthly", at("2026-12-31T20:59:59Z"), IST)).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-31",
      start: at("2026-11-30T21:00:00Z"),
      end: at("2026-12-31T21:00:00Z"),
      label: "Aralık 2026",
    });
    expect(reportPeriod("yearly", at("2026-12-31T21:00:00Z"), IST)).toMatchObject({
      from: "2027-01-01",
      to: "2027-12-31",
      start: at("2026-12-31T21:00:00Z"),
      end: at("2027-12-31T21:00:00Z"),
      label: "2027",
    });
    expect(reportPeriod("monthly", at("2028-02-15T12:00:00Z"), IST).to).toBe("2028-02-29");
  });

  it("a week with a summer-time change is 167 hours long where the clocks go forward", () => {
    const week = reportPeriod("weekly", at("2026-03-27T12:00:00Z"), "Europe/Berlin");
    expect(week).toMatchObject({
      from: "2026-03-23",
      to: "2026-03-29",
      start: at("2026-03-22T23:00:00Z"),
      end: at("2026-03-29T22:00:00Z"),
    });
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(167);
  });

  it("names the CSV after the report, the period and its first day", () => {
    expect(exportFileName("sales", reportPeriod("monthly", at("2026-11-23T12:00:00Z"), IST))).toBe(
      "sofra-satis-raporu-aylik-2026-11-01.csv",
    );
    expect(exportFileName("staff", reportPeriod("yearly", at("2026-11-23T12:00:00Z"), IST))).toBe(
      "sofra-personel-raporu-yillik-2026-01-01.csv",
    );
  });
});
