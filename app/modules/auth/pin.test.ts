import { describe, expect, it } from "vitest";
import { isTrivialPin, pinProblem, PIN_FORMAT_MESSAGE, PIN_TRIVIAL_MESSAGE } from "./pin-rules";
import { hashPin, pinLookup, verifyPin } from "./pin.server";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";

describe("PIN rules", () => {
  it("accepts 4–6 digits that are not trivial", () => {
    expect(pinProblem("2580")).toBeNull();
    expect(pinProblem("31415")).toBeNull();
    expect(pinProblem("902174")).toBeNull();
  });

  it("refuses the wrong shape with a Turkish message", () => {
    for (const pin of ["", "123", "1234567", "12a4", " 2580", "2580 ", "٢٥٨٠"]) {
      expect(pinProblem(pin)).toBe(PIN_FORMAT_MESSAGE);
    }
  });

  it("refuses repeated digits and runs up or down", () => {
    for (const pin of ["0000", "111111", "1234", "0123", "456789", "4321", "98765"]) {
      expect(isTrivialPin(pin)).toBe(true);
      expect(pinProblem(pin)).toBe(PIN_TRIVIAL_MESSAGE);
    }
    expect(isTrivialPin("1235")).toBe(false);
    expect(isTrivialPin("9012")).toBe(false);
  });
});

describe("PIN lookup and hash", () => {
  it("is 64 hex characters, the same for the same restaurant and PIN", () => {
    const value = pinLookup(1, "2580", SECRET);
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(pinLookup(1, "2580", SECRET)).toBe(value);
  });

  it("differs by restaurant, by PIN and by secret", () => {
    const value = pinLookup(1, "2580", SECRET);
    expect(pinLookup(2, "2580", SECRET)).not.toBe(value);
    expect(pinLookup(1, "2581", SECRET)).not.toBe(value);
    expect(pinLookup(1, "2580", `${SECRET}x`)).not.toBe(value);
    // Not a bare SHA-256 of the PIN either: the table alone cannot be tried against 10,000 PINs.
    expect(pinLookup(1, "2580", SECRET)).not.toContain("2580");
  });

  it("hashes with argon2id and verifies only the same PIN", async () => {
    const hash = await hashPin("2580");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPin(hash, "2580")).toBe(true);
    expect(await verifyPin(hash, "2581")).toBe(false);
  });
});
