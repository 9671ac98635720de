// The screen's list: items by category in the screen's order, each with its place in
// its category (the move buttons post the place they move to), filtered by the search.
import { MENU_CATEGORIES, MENU_CATEGORY_LABELS } from "~/modules/menu/categories";
import type { PhotoRef } from "~/modules/menu/photo-urls";

export interface ListedItem {
  id: number;
  name: string;
  category: string;
  price: number;
  description: string | null;
  available: boolean;
  version: number;
  photo?: PhotoRef | null;
}

export interface MenuGroup {
  category: string;
  label: string;
  /** Items in the category (all of them, search or not). */
  count: number;
  items: (ListedItem & { position: number; last: boolean })[];
}

const turkishLower = (s: string) => s.toLocaleLowerCase("tr");

/** `items` in screen order (as listManagedMenu gives them); with `q`, only matching items and categories. */
export function groupMenu(items: ListedItem[], q: string): MenuGroup[] {
  const query = turkishLower(q.trim());
  const groups: MenuGroup[] = [];
  for (const category of MENU_CATEGORIES) {
    const inCategory = items.filter((i) => i.category === category);
    const listed = inCategory
      .map((item, position) => ({ ...item, position, last: position === inCategory.length - 1 }))
      .filter((i) => !query || turkishLower(i.name).includes(query) || turkishLower(i.description ?? "").includes(query));
    if (query && listed.length === 0) continue;
    groups.push({ category, label: MENU_CATEGORY_LABELS[category], count: inCategory.length, items: listed });
  }
  return groups;
}
