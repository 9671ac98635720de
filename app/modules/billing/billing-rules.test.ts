import { describe, expect, it } from "vitest";
import { formatIban, invoiceStatusLabel, usageTone } from "./billing-rules";

describe("usageTone (spec: 90 % or more red, 75 % or more amber, otherwise green)", () => {
  it.each([
    [0, "green"],
    [74, "green"],
    [75, "amber"],
    [89, "amber"],
    [90, "red"],
    [150, "red"],
  ] as const)("%i %% is %s", (percentage, tone) => {
    expect(usageTone(percentage)).toBe(tone);
  });
});

describe("invoiceStatusLabel", () => {
  it("paid is Ödendi, a replaced invoice İptal edildi, anything else Beklemede", () => {
    expect(invoiceStatusLabel("paid")).toBe("Ödendi");
    expect(invoiceStatusLabel("cancelled")).toBe("İptal edildi");
    expect(invoiceStatusLabel("pending")).toBe("Beklemede");
    expect(invoiceStatusLabel("failed")).toBe("Beklemede");
  });
});

describe("formatIban", () => {
  it("groups of four, as banks print it", () => {
    expect(formatIban("TR330006100519786457841326")).toBe("TR33 0006 1005 1978 6457 8413 26");
  });
});
