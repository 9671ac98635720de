import { describe, expect, it } from "vitest";
import {
  applyCartIntent,
  cartChanged,
  cartCount,
  cartItems,
  cartTotal,
  needsApproval,
  takeAwayOf,
  unsentAdditions,
  withAdditions,
  withNote,
  withOption,
} from "./cart";
import { MAX_QUANTITY, QUANTITY_RANGE } from "./rules";

describe("takeAwayOf", () => {
  it("counts paid units removed, ikram added and ikram removed; paid units turned into ikram count once", () => {
    expect(takeAwayOf({ paid: 3, free: 0 }, { paid: 4, free: 0 })).toEqual({ freed: 0, paidVoided: 0, freeVoided: 0 });
    expect(takeAwayOf({ paid: 3, free: 0 }, { paid: 1, free: 0 })).toEqual({ freed: 0, paidVoided: 2, freeVoided: 0 });
    expect(takeAwayOf({ paid: 3, free: 0 }, { paid: 2, free: 1 })).toEqual({ freed: 1, paidVoided: 0, freeVoided: 0 });
    expect(takeAwayOf({ paid: 3, free: 0 }, { paid: 0, free: 1 })).toEqual({ freed: 1, paidVoided: 2, freeVoided: 0 });
    expect(takeAwayOf({ paid: 1, free: 2 }, { paid: 1, free: 0 })).toEqual({ freed: 0, paidVoided: 0, freeVoided: 2 });
  });
});

describe("needsApproval", () => {
  const sent = [
    { menuItemId: 1, quantity: 2 },
    { menuItemId: 2, quantity: 1, free: 1 },
  ];
  it("adding needs nothing; keeping an ikram as it is needs nothing", () => {
    expect(
      needsApproval(sent, [
        { menuItemId: 1, quantity: 3 },
        { menuItemId: 2, quantity: 1, free: 1 },
        { menuItemId: 3, quantity: 1 },
      ]),
    ).toBe(false);
  });
  it("lowering, removing, a new ikram or dropping an ikram needs a manager", () => {
    expect(
      needsApproval(sent, [
        { menuItemId: 1, quantity: 1 },
        { menuItemId: 2, quantity: 1, free: 1 },
      ]),
    ).toBe(true);
    expect(needsApproval(sent, [{ menuItemId: 2, quantity: 1, free: 1 }])).toBe(true);
    expect(
      needsApproval(sent, [
        { menuItemId: 1, quantity: 1, free: 1 },
        { menuItemId: 2, quantity: 1, free: 1 },
      ]),
    ).toBe(true);
    expect(
      needsApproval(sent, [
        { menuItemId: 1, quantity: 2 },
        { menuItemId: 2, quantity: 1 },
      ]),
    ).toBe(true);
    expect(needsApproval([], [{ menuItemId: 4, quantity: 0, free: 1 }])).toBe(true);
  });
});

describe("cartItems", () => {
  it("sends paid and ikram units as separate lines", () => {
    expect(
      cartItems([
        { menuItemId: 1, quantity: 2, free: 1 },
        { menuItemId: 2, quantity: 0, free: 2 },
        { menuItemId: 3, quantity: 1 },
      ]),
    ).toEqual([
      { menu_item_id: 1, quantity: 2 },
      { menu_item_id: 1, quantity: 1, complimentary: true },
      { menu_item_id: 2, quantity: 2, complimentary: true },
      { menu_item_id: 3, quantity: 1 },
    ]);
  });
});

describe("notes", () => {
  it("go with both the paid and the ikram line of an item, trimmed; an empty note is none", () => {
    expect(
      cartItems([
        { menuItemId: 1, quantity: 2, free: 1, note: " acısız " },
        { menuItemId: 2, quantity: 1, note: "  " },
      ]),
    ).toEqual([
      { menu_item_id: 1, quantity: 2, note: "acısız" },
      { menu_item_id: 1, quantity: 1, complimentary: true, note: "acısız" },
      { menu_item_id: 2, quantity: 1 },
    ]);
  });

  it("a changed note makes the cart unsent; withNote changes one line only", () => {
    const sent = [
      { menuItemId: 1, quantity: 1 },
      { menuItemId: 2, quantity: 1, note: "az pişmiş" },
    ];
    expect(cartChanged(sent, sent)).toBe(false);
    const noted = withNote(sent, 1, "acısız");
    expect(noted).toEqual([{ menuItemId: 1, quantity: 1, note: "acısız" }, sent[1]]);
    expect(cartChanged(sent, noted)).toBe(true);
    expect(cartChanged(sent, withNote(sent, 2, " az pişmiş "))).toBe(false);
  });
});

describe("options", () => {
  it("go with both lines of an item; withOption sets one group's choice and clears it; a changed choice is unsent", () => {
    const sent = [{ menuItemId: 1, quantity: 2, free: 1, options: [11] }];
    expect(cartItems(sent)).toEqual([
      { menu_item_id: 1, quantity: 2, options: [11] },
      { menu_item_id: 1, quantity: 1, complimentary: true, options: [11] },
    ]);
    // Group A is options 11 and 12, group B 21 and 22.
    const changed = withOption(sent, 1, [11, 12], 12);
    expect(changed[0]!.options).toEqual([12]);
    expect(cartChanged(sent, changed)).toBe(true);
    const both = withOption(changed, 1, [21, 22], 21);
    expect(both[0]!.options).toEqual([12, 21]);
    expect(withOption(both, 1, [11, 12], null)[0]!.options).toEqual([21]);
    // The same choice in another order is the same cart.
    expect(cartChanged([{ menuItemId: 1, quantity: 1, options: [21, 12] }], [{ menuItemId: 1, quantity: 1, options: [12, 21] }])).toBe(
      false,
    );
    expect(cartItems([{ menuItemId: 2, quantity: 1, options: [] }])).toEqual([{ menu_item_id: 2, quantity: 1 }]);
  });

  it("count in the total: paid units at the price with their options' differences", () => {
    const deltas = new Map([
      [12, 60],
      [21, -5],
    ]);
    const lines = [
      { menuItemId: 1, quantity: 2, free: 1, options: [12, 21] },
      { menuItemId: 2, quantity: 1 },
    ];
    expect(
      cartTotal(
        lines,
        (id) => ({ 1: 100, 2: 20 })[id],
        (o) => deltas.get(o) ?? 0,
      ),
    ).toBe(2 * 155 + 20);
  });
});

describe("applyCartIntent", () => {
  const price = new Map([
    [1, 50],
    [2, 20],
  ]);

  it("adds, adds three, takes one away and drops a line with no units left", () => {
    let lines = applyCartIntent([], "add", 1).lines;
    expect(lines).toEqual([{ menuItemId: 1, quantity: 1 }]);
    lines = applyCartIntent(lines, "add3", 1).lines;
    expect(lines).toEqual([{ menuItemId: 1, quantity: 4 }]);
    lines = applyCartIntent(applyCartIntent(lines, "add", 2).lines, "dec", 1).lines;
    expect(lines).toEqual([
      { menuItemId: 1, quantity: 3 },
      { menuItemId: 2, quantity: 1 },
    ]);
    expect(applyCartIntent(lines, "dec", 2).lines).toEqual([{ menuItemId: 1, quantity: 3 }]);
    expect(applyCartIntent(lines, "dec", 9).lines).toEqual(lines);
  });

  it("refuses more than the maximum, counting ikram units", () => {
    const full = [{ menuItemId: 1, quantity: MAX_QUANTITY - 2, free: 1 }];
    expect(applyCartIntent(full, "add", 1)).toEqual({ lines: [{ menuItemId: 1, quantity: MAX_QUANTITY - 1, free: 1 }] });
    expect(applyCartIntent(full, "add3", 1)).toEqual({ lines: full, error: QUANTITY_RANGE });
  });

  it("ikram moves one unit from paid to free and back; a free-only line stays after −", () => {
    let lines = applyCartIntent([{ menuItemId: 1, quantity: 2 }], "comp", 1).lines;
    expect(lines).toEqual([{ menuItemId: 1, quantity: 1, free: 1 }]);
    lines = applyCartIntent(lines, "dec", 1).lines;
    expect(lines).toEqual([{ menuItemId: 1, quantity: 0, free: 1 }]);
    expect(applyCartIntent(lines, "comp", 1).lines).toEqual(lines);
    expect(applyCartIntent(lines, "uncomp", 1).lines).toEqual([{ menuItemId: 1, quantity: 1, free: 0 }]);
  });

  it("removes a line, clears the cart, and totals paid units only", () => {
    const lines = [
      { menuItemId: 1, quantity: 2, free: 1 },
      { menuItemId: 2, quantity: 3 },
    ];
    expect(applyCartIntent(lines, "remove", 1).lines).toEqual([{ menuItemId: 2, quantity: 3 }]);
    expect(applyCartIntent(lines, "clear").lines).toEqual([]);
    expect(cartTotal(lines, (id) => price.get(id))).toBe(160);
    expect(cartCount(lines)).toBe(6);
  });
});

describe("cartChanged", () => {
  it("a new order's cart is unsent when it has units; an edit's when it differs from the order as sent", () => {
    expect(cartChanged([], [])).toBe(false);
    expect(cartChanged([], [{ menuItemId: 1, quantity: 0, free: 0 }])).toBe(false);
    expect(cartChanged([], [{ menuItemId: 1, quantity: 1 }])).toBe(true);
    const sent = [
      { menuItemId: 1, quantity: 2, free: 0 },
      { menuItemId: 2, quantity: 1, free: 1 },
    ];
    expect(
      cartChanged(sent, [
        { menuItemId: 2, quantity: 1, free: 1 },
        { menuItemId: 1, quantity: 2 },
      ]),
    ).toBe(false);
    expect(
      cartChanged(sent, [
        { menuItemId: 1, quantity: 2 },
        { menuItemId: 2, quantity: 2 },
      ]),
    ).toBe(true);
    expect(cartChanged(sent, [{ menuItemId: 1, quantity: 2 }])).toBe(true);
  });
});

describe("unsentAdditions and withAdditions", () => {
  const sent = [
    { menuItemId: 1, quantity: 2 },
    { menuItemId: 2, quantity: 1, free: 1 },
  ];
  it("keeps units added beyond the order as sent, not changes to sent units", () => {
    // One more of item 1, a new item 3, and one of item 1's new units made ikram.
    expect(
      unsentAdditions(sent, [
        { menuItemId: 1, quantity: 3, free: 1 },
        { menuItemId: 2, quantity: 1, free: 1 },
        { menuItemId: 3, quantity: 2 },
      ]),
    ).toEqual([
      { menuItemId: 1, quantity: 1, free: 1 },
      { menuItemId: 3, quantity: 2 },
    ]);
    // An ikram of a sent unit, or a sent unit taken away, adds nothing.
    expect(
      unsentAdditions(sent, [
        { menuItemId: 1, quantity: 1, free: 1 },
        { menuItemId: 2, quantity: 0, free: 1 },
      ]),
    ).toEqual([]);
    expect(unsentAdditions([], [{ menuItemId: 4, quantity: 1 }])).toEqual([{ menuItemId: 4, quantity: 1 }]);
  });

  it("puts additions on top of the fresh lines, up to MAX_QUANTITY a line", () => {
    const fresh = [
      { menuItemId: 1, quantity: 2 },
      { menuItemId: 5, quantity: 3 },
    ];
    expect(
      withAdditions(fresh, [
        { menuItemId: 1, quantity: 1 },
        { menuItemId: 3, quantity: 2, free: 1 },
      ]),
    ).toEqual([
      { menuItemId: 1, quantity: 3 },
      { menuItemId: 5, quantity: 3 },
      { menuItemId: 3, quantity: 2, free: 1 },
    ]);
    expect(withAdditions([{ menuItemId: 1, quantity: MAX_QUANTITY - 1 }], [{ menuItemId: 1, quantity: 5 }])).toEqual([
      { menuItemId: 1, quantity: MAX_QUANTITY },
    ]);
    expect(fresh).toEqual([
      { menuItemId: 1, quantity: 2 },
      { menuItemId: 5, quantity: 3 },
    ]);
  });
});
