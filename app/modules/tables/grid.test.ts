import { describe, expect, it } from "vitest";
import { groupBySection } from "./grid";
import { tableLabel } from "./labels";

const bar = { id: 7, name: "Bar", color: "red", sort_order: 1 };
const bahce = { id: 3, name: "Bahçe", color: "green", sort_order: 0 };

describe("groupBySection", () => {
  it("sections in their order, tables by number, tables without a section last", () => {
    const groups = groupBySection([
      { number: 5, section: bar },
      { number: 2, section: null },
      { number: 9, section: bahce },
      { number: 1, section: bahce },
      { number: 3 },
    ]);
    expect(groups.map((g) => [g.section?.name ?? null, g.tables.map((t) => t.number)])).toEqual([
      ["Bahçe", [1, 9]],
      ["Bar", [5]],
      [null, [2, 3]],
    ]);
  });

  it("tables in natural order of their names: Masa 2 before Masa 10, named ones by name (Turkish letters in place)", () => {
    const groups = groupBySection([
      { number: 10, section: bar },
      { number: 2, section: bar },
      { number: 11, section: bar, display_name: "Bar 1" },
      { number: 4, section: null, display_name: "Çardak 10" },
      { number: 3, section: null, display_name: "Çardak 9" },
      { number: 1, section: null, display_name: "Cam kenarı" },
    ]);
    expect(groups.map((g) => g.tables.map((t) => tableLabel(t)))).toEqual([
      ["Bar 1", "Masa 2", "Masa 10"],
      ["Cam kenarı", "Çardak 9", "Çardak 10"],
    ]);
  });

  it("no sections: one group without a section, in the given order", () => {
    expect(groupBySection([{ number: 1 }, { number: 2 }])).toEqual([{ section: null, tables: [{ number: 1 }, { number: 2 }] }]);
    expect(groupBySection([])).toEqual([{ section: null, tables: [] }]);
  });
});

describe("tableLabel", () => {
  it("the display name, else Masa N", () => {
    expect(tableLabel({ number: 4, display_name: "Bahçe 1" })).toBe("Bahçe 1");
    expect(tableLabel({ number: 4, display_name: null })).toBe("Masa 4");
    expect(tableLabel({ number: 4 })).toBe("Masa 4");
  });
});
