// The floor grids (staff panel, manager panel, payments) group tables by section: pure, no zod.
import { naturalCompare } from "~/utils/turkish-text";
import { tableLabel } from "./labels";
import type { TableDto, TableSectionLabel } from "./tables.server";

export interface TableGroup<T> {
  section: TableSectionLabel | null;
  tables: T[];
}

/**
 * Sections in their order (then by name), each with its tables in natural order of the name
 * shown ("Masa 2" before "Masa 10", decision 069), then by number; tables without a section last.
 * A restaurant without sections gets one group with no section.
 */
export function groupBySection<T extends Pick<TableDto, "number" | "section"> & { display_name?: string | null }>(
  tables: T[],
): TableGroup<T>[] {
  const bySection = new Map<number, TableGroup<T>>();
  const loose: T[] = [];
  for (const t of tables) {
    if (!t.section) {
      loose.push(t);
      continue;
    }
    const group = bySection.get(t.section.id) ?? { section: t.section, tables: [] };
    group.tables.push(t);
    bySection.set(t.section.id, group);
  }
  const groups = [...bySection.values()].sort(
    (a, b) =>
      a.section!.sort_order - b.section!.sort_order ||
      a.section!.name.localeCompare(b.section!.name, "tr") ||
      a.section!.id - b.section!.id,
  );
  const byLabel = (a: T, b: T) => naturalCompare(tableLabel(a), tableLabel(b)) || a.number - b.number;
  for (const g of groups) g.tables.sort(byLabel);
  if (loose.length > 0 || groups.length === 0) groups.push({ section: null, tables: loose.sort(byLabel) });
  return groups;
}
