import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./http.server";

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", true],
    ["x-gzip", true],
    ["GZIP", true],
    ["*", true],
    ["deflate, *;q=0.5", true],
    [undefined, false],
    ["", false],
    ["identity", false],
    ["br, deflate", false],
    ["gzip;q=0", false],
    ["gzip;q=0.000, *", false],
    ["*;q=0", false],
    ["gzip;q=0, *;q=1", false],
    ["gzip;q=abc", false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
