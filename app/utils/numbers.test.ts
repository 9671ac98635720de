import { describe, expect, it } from "vitest";
import { positiveIntOrNull, strictNumberInput } from "./numbers";

describe("strictNumberInput", () => {
  it("takes plain decimals", () => {
    expect(strictNumberInput("12")).toBe(12);
    expect(strictNumberInput("-3")).toBe(-3);
    expect(strictNumberInput("2.5")).toBe(2.5);
    expect(strictNumberInput(7)).toBe(7);
  });
  it.each(["0x10", "1e1", "+1", " 1", "1 ", "", "1.", ".5", "Infinity", "1,5", "123456789012345678901"])("refuses %j", (v) => {
    expect(strictNumberInput(v)).toBeNaN();
  });
});

describe("positiveIntOrNull", () => {
  it("a positive whole number or null", () => {
    expect(positiveIntOrNull("4")).toBe(4);
    for (const v of ["0", "-1", "1.5", "0x4", "99999999999999999999", null, undefined]) expect(positiveIntOrNull(v)).toBeNull();
  });
});
