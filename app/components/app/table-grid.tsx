import type { ReactNode } from "react";
import { groupBySection } from "~/modules/tables/grid";
import type { TableDto } from "~/modules/tables/tables.server";
import "./table-grid.css";

/**
 * The floor grid of the staff panel, the manager panel and payments: tables grouped by
 * their section from table management (a restaurant without sections sees one grid).
 * Each screen says what a tile is (`tile`).
 */
export function TableGroups<T extends TableDto>({ tables, tile }: { tables: T[]; tile: (table: T) => ReactNode }) {
  const groups = groupBySection(tables);
  if (groups.length === 1 && groups[0]!.section === null) return <div className="table-grid">{groups[0]!.tables.map(tile)}</div>;
  return (
    <div className="table-groups">
      {groups.map((g) => {
        const title = g.section?.name ?? "Diğer masalar";
        return (
          <section key={g.section?.id ?? "none"} className="table-group" aria-label={title}>
            <h2 className="table-group__title">
              {g.section ? <span className="table-group__dot" data-section-color={g.section.color} aria-hidden="true" /> : null}
              {title}
            </h2>
            <div className="table-grid">{g.tables.map(tile)}</div>
          </section>
        );
      })}
    </div>
  );
}
