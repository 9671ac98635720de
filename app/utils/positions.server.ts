// A restaurant's rows kept in the owner's order by a `position` column 0, 1, 2… (menu categories,
// kitchen stations): where a new one goes, moving one, and closing the gap a deleted one leaves.
// The caller holds the restaurant's lock (restaurant-lock.server.ts), so the numbering cannot
// interleave with another write.
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/utils/db.server";

/** The tables ordered this way; the name goes into SQL, so only these. */
export type PositionedTable = "menu_categories" | "stations" | "menu_option_groups";

const table = (name: PositionedTable) => Prisma.raw(`\`${name}\``);

/** The place after the restaurant's last row (0 for the first). */
export async function nextPosition(tx: Tx, name: PositionedTable, restaurantId: number): Promise<number> {
  const [last] = await tx.$queryRaw<{ n: number | bigint | null }[]>`
    SELECT MAX(position) AS n FROM ${table(name)} WHERE restaurantId = ${restaurantId}`;
  return last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
}

/** Puts row `id` at place `to` and numbers the restaurant's rows 0, 1, 2… again; whether anything moved. */
export async function placeRow(tx: Tx, name: PositionedTable, restaurantId: number, id: number, to: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number; position: number }[]>`
    SELECT id, position FROM ${table(name)} WHERE restaurantId = ${restaurantId} ORDER BY position, id`;
  const ids = rows.map((r) => r.id).filter((r) => r !== id);
  ids.splice(Math.min(Math.max(to, 0), ids.length), 0, id);
  const changed = ids.flatMap((rowId, position) => (rows.find((r) => r.id === rowId)!.position === position ? [] : [{ rowId, position }]));
  if (changed.length === 0) return false;
  await tx.$executeRaw`
    UPDATE ${table(name)} SET position = CASE id ${Prisma.join(
      changed.map((c) => Prisma.sql`WHEN ${c.rowId} THEN ${c.position}`),
      " ",
    )} END, updatedAt = ${new Date()}
    WHERE restaurantId = ${restaurantId} AND id IN (${Prisma.join(changed.map((c) => c.rowId))})`;
  return true;
}

/** After a delete: the rows after `position` move up one, so the places stay 0, 1, 2…. */
export async function closeGap(tx: Tx, name: PositionedTable, restaurantId: number, position: number): Promise<void> {
  await tx.$executeRaw`
    UPDATE ${table(name)} SET position = position - 1 WHERE restaurantId = ${restaurantId} AND position > ${position}`;
}
