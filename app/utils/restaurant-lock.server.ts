import type { Tx } from "~/utils/db.server";

/**
 * Locks the restaurant's row until the transaction ends: how billing, applications and
 * account changes of one restaurant are serialised (two concurrent requests cannot both
 * pass a check made under it). False when there is no such restaurant.
 */
export async function lockRestaurant(tx: Tx, restaurantId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM restaurants WHERE id = ${restaurantId} FOR UPDATE`;
  return rows.length > 0;
}
