import { describe, expect, it } from "vitest";
import { shownItems } from "./menu-panel";

const item = (id: number, name: string, category: string, available = true) => ({
  id,
  name,
  category,
  price: 10,
  description: null,
  available,
});
const menu = [
  item(1, "İskender", "main_course"),
  item(2, "Şiş Köfte", "main_course"),
  item(3, "Çay", "drinks"),
  item(4, "Izgara", "main_course", false),
];

describe("order taking's search (Turkish folding)", () => {
  it.each(["ISKENDER", "iskender", "İskender"])("%s finds İskender", (q) => {
    expect(shownItems(menu, "", q).map((m) => m.id)).toEqual([1]);
  });

  it("folds ş and ç, keeps the category filter, never offers a sold-out item", () => {
    expect(shownItems(menu, "", "sis").map((m) => m.id)).toEqual([2]);
    expect(shownItems(menu, "drinks", "CAY").map((m) => m.id)).toEqual([3]);
    expect(shownItems(menu, "drinks", "sis")).toEqual([]);
    expect(shownItems(menu, "", "ızgara")).toEqual([]);
  });
});
