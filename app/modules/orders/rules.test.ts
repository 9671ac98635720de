import { describe, expect, it } from "vitest";
import { cartItems, needsApproval, takeAwayOf } from "./rules";

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
  const sent = [{ menuItemId: 1, quantity: 2 }, { menuItemId: 2, quantity: 1, free: 1 }];
  it("adding needs nothing; keeping an ikram as it is needs nothing", () => {
    expect(needsApproval(sent, [{ menuItemId: 1, quantity: 3 }, { menuItemId: 2, quantity: 1, free: 1 }, { menuItemId: 3, quantity: 1 }])).toBe(false);
  });
  it("lowering, removing, a new ikram or dropping an ikram needs a manager", () => {
    expect(needsApproval(sent, [{ menuItemId: 1, quantity: 1 }, { menuItemId: 2, quantity: 1, free: 1 }])).toBe(true);
    expect(needsApproval(sent, [{ menuItemId: 2, quantity: 1, free: 1 }])).toBe(true);
    expect(needsApproval(sent, [{ menuItemId: 1, quantity: 1, free: 1 }, { menuItemId: 2, quantity: 1, free: 1 }])).toBe(true);
    expect(needsApproval(sent, [{ menuItemId: 1, quantity: 2 }, { menuItemId: 2, quantity: 1 }])).toBe(true);
    expect(needsApproval([], [{ menuItemId: 4, quantity: 0, free: 1 }])).toBe(true);
  });
});

describe("cartItems", () => {
  it("sends paid and ikram units as separate lines", () => {
    expect(cartItems([{ menuItemId: 1, quantity: 2, free: 1 }, { menuItemId: 2, quantity: 0, free: 2 }, { menuItemId: 3, quantity: 1 }])).toEqual([
      { menu_item_id: 1, quantity: 2 },
      { menu_item_id: 1, quantity: 1, complimentary: true },
      { menu_item_id: 2, quantity: 2, complimentary: true },
      { menu_item_id: 3, quantity: 1 },
    ]);
  });
});
