// Bulk actions of the management screen (decision 068): one post changes the chosen items
// together, in one transaction under the restaurant's lock, and each action is a target state
// (deleted, sold out, on sale, in category X), so a repeated post changes nothing more.
import { Prisma } from "~/generated/prisma/client";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { assertCategoryKey } from "./categories.server";
import { ITEM_NOT_FOUND } from "./rules";

export type BulkAction = "delete" | "sold_out" | "available" | "move";

export const BULK_NO_TARGET = "Taşınacak kategoriyi seçin.";

/**
 * Applies `action` to the restaurant's items among `ids`; another restaurant's ids are never
 * touched. Delete skips items already gone (a repeat deletes nothing more); the other actions
 * refuse the whole batch (404) when an item is missing, changing none. Answers how many items
 * the action changed.
 */
export async function bulkUpdateItems(restaurantId: number, action: BulkAction, ids: number[], toCategory: string | null): Promise<number> {
  const unique = [...new Set(ids)];
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, ITEM_NOT_FOUND);
    const rows = await tx.$queryRaw<{ id: number; category: string; available: boolean | number; sortOrder: number }[]>`
      SELECT id, category, available, sortOrder FROM menu_items
      WHERE restaurantId = ${restaurantId} AND id IN (${Prisma.join(unique)}) ORDER BY sortOrder, id`;
    if (action === "delete") {
      if (rows.length === 0) return 0;
      await tx.$executeRaw`DELETE FROM menu_items WHERE restaurantId = ${restaurantId} AND id IN (${Prisma.join(rows.map((r) => r.id))})`;
      return rows.length;
    }
    if (rows.length !== unique.length) throw new DomainError(404, ITEM_NOT_FOUND);
    const now = new Date();
    if (action === "sold_out" || action === "available") {
      const available = action === "available";
      return tx.$executeRaw`
        UPDATE menu_items SET available = ${available}, version = version + 1, updatedAt = ${now}
        WHERE restaurantId = ${restaurantId} AND id IN (${Prisma.join(unique)}) AND available <> ${available}`;
    }
    if (!toCategory) throw new DomainError(400, BULK_NO_TARGET);
    await assertCategoryKey(tx, restaurantId, toCategory);
    const moving = rows.filter((r) => r.category !== toCategory);
    if (moving.length === 0) return 0;
    const [last] = await tx.$queryRaw<{ n: number | bigint | null }[]>`
      SELECT MAX(sortOrder) AS n FROM menu_items WHERE restaurantId = ${restaurantId} AND category = ${toCategory}`;
    const start = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
    // At the end of the target, in the order they had.
    await tx.$executeRaw`
      UPDATE menu_items SET category = ${toCategory}, version = version + 1, updatedAt = ${now},
        sortOrder = ${start} + CASE id ${Prisma.join(
          moving.map((r, i) => Prisma.sql`WHEN ${r.id} THEN ${i}`),
          " ",
        )} END
      WHERE restaurantId = ${restaurantId} AND id IN (${Prisma.join(moving.map((r) => r.id))})`;
    return moving.length;
  });
}
