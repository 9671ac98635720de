import { describe, expect, it } from "vitest";
import { floorRowsOf, floorStep, floorVersionOf, patchFloor, tableRefsOf } from "./floor-patch";
import { floorTag } from "./floor-tag";

const t = (id: number, status = "empty") => ({ id, number: id, status });

describe("floorVersionOf", () => {
  it("reads the version out of the poll's tag, whatever its reservations and minute", () => {
    const now = new Date("2026-11-27T19:00:10Z");
    expect(floorVersionOf(floorTag({ restaurantId: 7, version: 41, upcoming: null }, now))).toBe(41);
    const soon = '[{"table": 3, "at": "2026-11-27T19:45:00Z", "name": "Ayşe", "tz": "Europe/Istanbul"}]';
    expect(floorVersionOf(floorTag({ restaurantId: 7, version: BigInt(9_000_123), upcoming: soon }, now))).toBe(9_000_123);
    expect(floorVersionOf(floorTag({ restaurantId: 7, version: 0, upcoming: null }, now))).toBe(0);
  });

  it("is null for any other tag", () => {
    for (const tag of [undefined, null, "", '"abc"', 'W/"abc"', 'W/"t1.7.x.1.0"']) expect(floorVersionOf(tag)).toBeNull();
  });
});

describe("tableRefsOf", () => {
  it("names tables by number and by id", () => {
    expect(tableRefsOf({ order_id: 3, table_number: 5 })).toEqual({ numbers: [5], ids: [] });
    expect(tableRefsOf({ table_id: 12, number: 4, status: "empty" })).toEqual({ numbers: [4], ids: [12] });
    expect(tableRefsOf({ section_id: 2, change: "section" })).toEqual({ numbers: [], ids: [] });
    expect(tableRefsOf({ table_number: "5", table_id: -1 })).toEqual({ numbers: [], ids: [] });
  });
});

describe("patchFloor", () => {
  const floor = [t(1), t(2), t(3)];

  it("puts the event's rows in place of theirs, leaving the others and the order", () => {
    const next = patchFloor(floor, { table_number: 2, tables: [t(2, "occupied")] });
    expect(next).toEqual([t(1), t(2, "occupied"), t(3)]);
    expect(floor[1]!.status).toBe("empty");
  });

  it("is null without rows, or for a table the grid does not have", () => {
    expect(patchFloor(floor, { table_number: 2 })).toBeNull();
    expect(patchFloor(floor, { tables: [] })).toBeNull();
    expect(patchFloor(floor, { tables: [{ number: 2 }] })).toBeNull();
    expect(patchFloor(floor, { tables: [t(4, "occupied")] })).toBeNull();
    expect(floorRowsOf({ tables: "x" })).toBeNull();
  });
});

describe("floorStep", () => {
  const floor = [t(1), t(2)];
  const rows = { table_number: 1, tables: [t(1, "occupied")] };

  it("reads when the version shown is unknown (a loader's answer)", () => {
    expect(floorStep(floor, null, { id: 10, data: rows })).toEqual({ kind: "read" });
  });

  it("skips an event the answer shown was read after", () => {
    expect(floorStep(floor, 10, { id: 10, data: rows })).toEqual({ kind: "skip" });
    expect(floorStep(floor, 10, { id: 9, data: { table_number: 1 } })).toEqual({ kind: "skip" });
  });

  it("applies a newer event that carries its rows, and reads for one that does not", () => {
    expect(floorStep(floor, 10, { id: 11, data: rows })).toEqual({ kind: "patch", data: [t(1, "occupied"), t(2)] });
    expect(floorStep(floor, 10, { id: 11, data: { section_id: 3 } })).toEqual({ kind: "read" });
  });
});
