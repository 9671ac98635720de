import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { csvDateTime, csvField, csvLine } from "./csv";

describe("csv", () => {
  it("quotes separators, quotes and line breaks; decimal commas; local date-times", () => {
    expect(csvLine(["a;b", 'say "hi"', "two\nlines", 12.5, new Prisma.Decimal("185.5"), true, null], "Europe/Istanbul")).toBe(
      '"a;b";"say ""hi""";"two\nlines";12,5;185,50;Evet;\r\n',
    );
    expect(csvDateTime(new Date("2026-11-23T21:30:05Z"), "Europe/Istanbul")).toBe("2026-11-24 00:30:05");
  });
  it("text that a spreadsheet would run as a formula is defused; numbers are not", () => {
    expect(csvField('=HYPERLINK("http://x")', "UTC")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField("+90 532", "UTC")).toBe("'+90 532");
    expect(csvField("@SUM(A1)", "UTC")).toBe("'@SUM(A1)");
    expect(csvField(-5, "UTC")).toBe("-5");
  });
});
