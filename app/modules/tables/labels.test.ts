import { describe, expect, it } from "vitest";
import { withLocative } from "./labels";

describe("withLocative", () => {
  it.each([
    [1, "1'de"],
    [2, "2'de"],
    [3, "3'te"],
    [4, "4'te"],
    [5, "5'te"],
    [6, "6'da"],
    [7, "7'de"],
    [8, "8'de"],
    [9, "9'da"],
    [10, "10'da"],
    [12, "12'de"],
    [20, "20'de"],
    [30, "30'da"],
    [40, "40'ta"],
    [50, "50'de"],
    [60, "60'ta"],
    [70, "70'te"],
    [80, "80'de"],
    [90, "90'da"],
    [100, "100'de"],
    [1000, "1000'de"],
  ])("%i → %s", (n, expected) => expect(withLocative(n)).toBe(expected));
});
