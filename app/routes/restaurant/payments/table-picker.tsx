import { TableGroups } from "~/components/app/table-grid";
import { TableTile } from "~/components/app/table-tile";
import type { TableDto } from "~/modules/tables/tables.server";

/** The grid shown when no table is chosen: each tile opens that table's bill. */
export function TablePicker({ tables, base }: { tables: TableDto[]; base: string }) {
  return (
    <>
      <h1 className="page-title">Hangi masanın hesabını alacaksınız?</h1>
      <TableGroups tables={tables} tile={(t) => <TableTile key={t.id} table={t} to={`${base}?table=${t.number}`} />} />
    </>
  );
}
