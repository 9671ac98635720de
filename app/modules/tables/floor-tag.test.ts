import { describe, expect, it } from "vitest";
import { floorTag } from "./floor-tag";

const at = (iso: string) => new Date(iso);

describe("floorTag", () => {
  const base = { restaurantId: 7, version: 41, upcoming: null };
  const now = at("2026-11-27T19:00:10Z");

  it("is the same for the same version, reservations and minute", () => {
    expect(floorTag(base, now)).toBe(floorTag({ ...base, version: BigInt(41) }, at("2026-11-27T19:00:40Z")));
    expect(floorTag(base, now)).toMatch(/^W\/"t\d+\.7\.41\.[0-9a-z]+\.0"$/);
  });

  it("changes with the version, the restaurant, the reservations due and the minute", () => {
    const tag = floorTag(base, now);
    expect(floorTag({ ...base, version: 42 }, now)).not.toBe(tag);
    expect(floorTag({ ...base, restaurantId: 8 }, now)).not.toBe(tag);
    const soon = '[{"table": 3, "at": "2026-11-27T19:45:00Z", "name": "Ayşe", "tz": "Europe/Istanbul"}]';
    expect(floorTag({ ...base, upcoming: soon }, now)).not.toBe(tag);
    expect(floorTag({ ...base, upcoming: soon }, now)).toBe(floorTag({ ...base, upcoming: soon }, now));
    expect(floorTag(base, at("2026-11-27T19:01:10Z"))).not.toBe(tag);
  });

  it("moves on at a different second for each restaurant (not every phone at once)", () => {
    // Restaurant 7's minute turns at :53, restaurant 30's at :30.
    const seven = (iso: string) => floorTag(base, at(iso));
    expect(seven("2026-11-27T19:00:52Z")).toBe(seven("2026-11-27T19:00:10Z"));
    expect(seven("2026-11-27T19:00:53Z")).not.toBe(seven("2026-11-27T19:00:52Z"));
    const thirty = (iso: string) => floorTag({ ...base, restaurantId: 30 }, at(iso));
    expect(thirty("2026-11-27T19:00:29Z")).not.toBe(thirty("2026-11-27T19:00:30Z"));
  });
});
