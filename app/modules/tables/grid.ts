// The floor grids (staff panel, manager panel, payments) group tables by section: pure, no zod.
import type { TableDto, TableSectionLabel } from "./tables.server";

export interface TableGroup<T> {
  section: TableSectionLabel | null;
  tables: T[];
}

/**
 * Sections in their order (then by name), each with its tables by number; tables without a
 * section last. A restaurant without sections gets one group with no section.
 */
export function groupBySection<T extends Pick<TableDto, "number" | "section">>(tables: T[]): TableGroup<T>[] {
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
  for (const g of groups) g.tables.sort((a, b) => a.number - b.number);
  if (loose.length > 0 || groups.length === 0) groups.push({ section: null, tables: loose });
  return groups;
}
