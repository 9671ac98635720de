import { describe, expect, it } from "vitest";
import { isValidTckn, isValidVkn, taxNumberProblem, TAX_NUMBER_INVALID, TCKN_CHECK_FAILED, VKN_CHECK_FAILED } from "./tax-number";

// Valid examples are the ones published with python-stdnum's tr.vkn / tr.tckimlik and the
// algorithm's well-known test numbers; each invalid one differs from a valid one in its check digit.
describe("isValidVkn", () => {
  it.each(["4540536920", "1234567890", "9029589240", "3721052062"])("%s is a valid VKN", (vkn) => {
    expect(isValidVkn(vkn)).toBe(true);
  });
  it.each(["4540536921", "1234567891", "9029589241", "3721052060", "454053692", "45405369200", "454053692a", ""])("%j is not", (vkn) => {
    expect(isValidVkn(vkn)).toBe(false);
  });
});

describe("isValidTckn", () => {
  it.each(["17291716060", "10000000146", "11111111110", "12345678950"])("%s is a valid TCKN", (tckn) => {
    expect(isValidTckn(tckn)).toBe(true);
  });
  it.each([
    ["17291716050", "10th digit wrong"],
    ["17291716061", "11th digit wrong"],
    ["12345678901", "both wrong"],
    ["01234567890", "leading zero"],
    ["1729171606", "10 digits"],
  ])("%s is not (%s)", (tckn) => {
    expect(isValidTckn(tckn)).toBe(false);
  });
});

describe("taxNumberProblem", () => {
  it("names what is wrong, in Turkish", () => {
    expect(taxNumberProblem("4540536920")).toBeNull();
    expect(taxNumberProblem("17291716060")).toBeNull();
    expect(taxNumberProblem("4540536921")).toBe(VKN_CHECK_FAILED);
    expect(taxNumberProblem("17291716050")).toBe(TCKN_CHECK_FAILED);
    expect(taxNumberProblem("123")).toBe(TAX_NUMBER_INVALID);
    expect(taxNumberProblem("12345678901234")).toBe(TAX_NUMBER_INVALID);
  });
});
