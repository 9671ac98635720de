// The screen's list: items by category in the owner's order, each with its place in
// its category (the move buttons post the place they move to), filtered by the search.
import type { PhotoRef } from "~/modules/menu/photo-urls";
import { matchesSearch } from "~/utils/turkish-text";

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
  /** Not offered in order taking nor on the public menu. */
  hidden: boolean;
  /** Items in the category (all of them, search or not). */
  count: number;
  items: (ListedItem & { position: number; last: boolean })[];
}

/**
 * `items` in screen order (as listManagedMenu gives them), grouped by `categories` (the
 * restaurant's, in the owner's order); with `q`, only matching items and categories, matched
 * the Turkish way ("iskender" finds "İskender").
 */
export function groupMenu(items: ListedItem[], q: string, categories: { key: string; name: string; hidden: boolean }[]): MenuGroup[] {
  const searching = q.trim() !== "";
  const groups: MenuGroup[] = [];
  for (const category of categories) {
    const inCategory = items.filter((i) => i.category === category.key);
    const listed = inCategory
      .map((item, position) => ({ ...item, position, last: position === inCategory.length - 1 }))
      .filter((i) => matchesSearch(q, i.name, i.description));
    if (searching && listed.length === 0) continue;
    groups.push({ category: category.key, label: category.name, hidden: category.hidden, count: inCategory.length, items: listed });
  }
  return groups;
}
