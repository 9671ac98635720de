// Configurations for numbered tables that have none: the legacy migration's work, and a new
// restaurant's starter floor (its tables in "Ana Salon" from the first day, so a brand-new
// account is never offered the migration). Only utils below it: signup calls it in its own
// transaction without pulling in the table-management module's dependencies.
import type { Tx } from "~/utils/db.server";
import { PLAN_UNITS } from "./labels";

/** The section the numbered tables land in when the restaurant has none yet. */
export const LEGACY_SECTION_NAME = "Ana Salon";

/**
 * The n-th cell of a grid of `perRow` columns laid over the plan (positions are of the free
 * space: 0 is flush left, 1000 flush right), rows as far apart as columns.
 */
export function planCell(index: number, perRow = 3) {
  const step = Math.floor(PLAN_UNITS / (perRow - 1));
  const column = index % perRow;
  const row = Math.floor(index / perRow);
  return { x: Math.min(PLAN_UNITS, column * step), y: Math.min(PLAN_UNITS, row * step) };
}

/**
 * Gives every numbered table without a configuration one ("Masa N", identifier N), in the
 * restaurant's first section or a new "Ana Salon". The caller holds the restaurant's lock (or
 * has just created the restaurant in `tx`): a second run finds the tables configured.
 */
export async function configureNumberedTables(tx: Tx, restaurantId: number): Promise<{ configured: number; sectionId: number | null }> {
  const tables = await tx.restaurantTable.findMany({
    where: { restaurantId, archivedAt: null, configuration: null },
    select: { id: true, number: true },
    orderBy: { number: "asc" },
  });
  if (tables.length === 0) return { configured: 0, sectionId: null };
  const first = await tx.tableSection.findFirst({
    where: { restaurantId },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  const section =
    first ??
    (await tx.tableSection.create({
      data: { restaurantId, name: LEGACY_SECTION_NAME, color: "blue", sortOrder: 0 },
      select: { id: true },
    }));
  const taken = new Set(
    (await tx.tableConfiguration.findMany({ where: { restaurantId }, select: { tableIdentifier: true } })).map((c) => c.tableIdentifier),
  );
  const already = await tx.tableConfiguration.count({ where: { restaurantId, sectionId: section.id } });
  // A square grid big enough for all of them; from 5 a row the tables come in small, so 20 fit a phone's plan.
  const perRow = Math.max(3, Math.ceil(Math.sqrt(already + tables.length)));
  const data = tables.map((t, i) => {
    let identifier = String(t.number);
    for (let k = 2; taken.has(identifier); k += 1) identifier = `${t.number}-${k}`;
    taken.add(identifier);
    const cell = planCell(already + i, perRow);
    return {
      restaurantId,
      sectionId: section.id,
      tableId: t.id,
      tableIdentifier: identifier,
      displayName: `Masa ${t.number}`,
      size: perRow >= 5 ? ("small" as const) : ("medium" as const),
      positionX: cell.x,
      positionY: cell.y,
      specialFeatures: [],
    };
  });
  await tx.tableConfiguration.createMany({ data });
  return { configured: data.length, sectionId: section.id };
}
