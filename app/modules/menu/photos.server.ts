// Menu item photos: one per item, stored in the database as two WebP files so any app
// process can serve them (decision 039). Every write takes the restaurant from the session
// first: another restaurant's item is "not found" (404), its photo never touched.
//
// Replacing a photo is "set this item's photo to this": a repeat (a resent form) sets the
// same picture again, and two uploads at once are serialised by the item's row lock, the
// later one winning, as it would one after the other. Removing is the same: a second
// remove finds nothing and changes nothing.
import { createHash } from "node:crypto";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { encodeWebp, type CheckedImage } from "~/utils/uploads.server";
import { PHOTO_SIZES, type PhotoRef, type PhotoSize } from "./photo-urls";
import { ITEM_NOT_FOUND } from "./rules";

/** Re-encodes the upload (two sizes, no metadata) and makes it the item's photo. */
export async function setMenuItemPhoto(restaurantId: number, itemId: number, image: CheckedImage): Promise<PhotoRef & { name: string }> {
  // Refuse another restaurant's item before spending the CPU on it.
  const item = await prisma.menuItem.findFirst({ where: { id: itemId, restaurantId }, select: { id: true } });
  if (!item) throw new DomainError(404, ITEM_NOT_FOUND);
  const [large, thumb] = await encodeWebp(image, [{ max: PHOTO_SIZES.large }, { max: PHOTO_SIZES.thumb, square: true }]);
  const hash = createHash("sha256").update(large!.data).digest("hex").slice(0, 16);
  const fields = {
    hash,
    sourceType: image.type,
    width: large!.width,
    height: large!.height,
    large: new Uint8Array(large!.data),
    thumb: new Uint8Array(thumb!.data),
  };
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ name: string }[]>`
      SELECT name FROM menu_items WHERE id = ${itemId} AND restaurantId = ${restaurantId} FOR UPDATE`;
    if (!locked) throw new DomainError(404, ITEM_NOT_FOUND);
    await tx.menuItemPhoto.upsert({
      where: { menuItemId: itemId },
      create: { restaurantId, menuItemId: itemId, ...fields },
      update: fields,
    });
    return { itemId, hash, name: locked.name };
  });
}

/** Removes the item's photo; `removed` is false when it had none (a repeat). 404 for an item not of this restaurant. */
export async function removeMenuItemPhoto(restaurantId: number, itemId: number): Promise<{ name: string; removed: boolean }> {
  const item = await prisma.menuItem.findFirst({ where: { id: itemId, restaurantId }, select: { name: true } });
  if (!item) throw new DomainError(404, ITEM_NOT_FOUND);
  const { count } = await prisma.menuItemPhoto.deleteMany({ where: { menuItemId: itemId, restaurantId } });
  return { name: item.name, removed: count > 0 };
}

/** item id → its photo's reference, for the restaurant's screens. */
export async function listPhotoRefs(restaurantId: number): Promise<Map<number, PhotoRef>> {
  const rows = await prisma.menuItemPhoto.findMany({ where: { restaurantId }, select: { menuItemId: true, hash: true } });
  return new Map(rows.map((r) => [r.menuItemId, { itemId: r.menuItemId, hash: r.hash }]));
}

/** The WebP behind a public photo address, or null (no such item, or a hash of an older photo). */
export async function readMenuPhoto(itemId: number, hash: string, size: PhotoSize): Promise<Uint8Array | null> {
  if (size === "large") {
    const photo = await prisma.menuItemPhoto.findFirst({ where: { menuItemId: itemId, hash }, select: { large: true } });
    return photo?.large ?? null;
  }
  const photo = await prisma.menuItemPhoto.findFirst({ where: { menuItemId: itemId, hash }, select: { thumb: true } });
  return photo?.thumb ?? null;
}
