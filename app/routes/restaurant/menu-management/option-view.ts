// What the options panel (decision 082) shows, made by the loader from the module's groups and the
// screen's categories and items: no server code, the component imports these types.
import type { OptionGroupDto } from "~/modules/menu/options";
import { positiveIntOrNull } from "~/utils/numbers";

/** A category with its items: one optgroup of the target select. */
export interface OptionTarget {
  id: number;
  name: string;
  items: { id: number; name: string }[];
}

export interface ListedOptionGroup extends OptionGroupDto {
  /** The target select's value: "c<category id>" or "i<item id>". */
  target: string;
  /** "Kategori: Izgaralar" or "Ürün: Adana Kebap". */
  appliesTo: string;
}

/** The panel's query: ?secenekler=1 opens it, ?secenek=<id> edits a group, ?secenek-sil=<id> asks before deleting one. */
export const OPTION_PARAMS = { edit: "secenek", remove: "secenek-sil", open: "secenekler" } as const;

export function optionPanelData(
  search: URLSearchParams,
  groups: OptionGroupDto[],
  categories: { id: number; key: string; name: string }[],
  items: { id: number; name: string; category: string }[],
) {
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const itemName = new Map(items.map((i) => [i.id, i.name]));
  const listed: ListedOptionGroup[] = groups.map((g) => ({
    ...g,
    target: g.category_id ? `c${g.category_id}` : `i${g.menu_item_id}`,
    appliesTo: g.category_id ? `Kategori: ${categoryName.get(g.category_id) ?? ""}` : `Ürün: ${itemName.get(g.menu_item_id ?? 0) ?? ""}`,
  }));
  const targets: OptionTarget[] = categories.map((c) => ({
    id: c.id,
    name: c.name,
    items: items.filter((i) => i.category === c.key).map((i) => ({ id: i.id, name: i.name })),
  }));
  const editId = positiveIntOrNull(search.get(OPTION_PARAMS.edit));
  const removeId = positiveIntOrNull(search.get(OPTION_PARAMS.remove));
  const edit = editId ? (listed.find((g) => g.id === editId) ?? null) : null;
  const remove = removeId ? (listed.find((g) => g.id === removeId) ?? null) : null;
  const open = search.get(OPTION_PARAMS.open) === "1" || edit !== null || remove !== null;
  // Closed, the panel is a link with the count: the page carries no copy of the menu for it.
  return {
    count: listed.length,
    groups: open ? listed : [],
    targets: open ? targets : [],
    edit,
    remove,
    open,
    // Another restaurant's group id (or one deleted since): the page says so, with 404.
    missing: (editId !== null && !edit) || (removeId !== null && !remove),
  };
}

/**
 * The refused add's or edit's messages, for the panel's form: an edit's only while that group's
 * form is shown. Anything else (a delete, a group gone meanwhile) is the page's to show.
 */
export function optionFormErrors(
  errors: string[] | undefined,
  submitted: (name: string) => string | undefined,
  edit: ListedOptionGroup | null,
): string[] | undefined {
  const intent = submitted("intent");
  if (intent === "option-group-create") return errors;
  if (intent === "option-group-update" && edit !== null && submitted("id") === String(edit.id)) return errors;
  return undefined;
}
