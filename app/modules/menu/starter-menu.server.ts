// The menu a new restaurant starts with (decision 068): the spec's six categories, then the
// sample menu of its kind of business (signup), which the welcome screen lets the owner swap
// for another kind's or for an empty menu, as long as the owner has not changed it yet.
import { SAMPLE_MENUS, type SampleMenuType } from "./sample-menu";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { prisma, type Tx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { DEFAULT_CATEGORIES } from "./categories";
import { createDefaultCategories } from "./categories.server";

export type StarterChoice = SampleMenuType | "empty";

/** Sample items carry this key prefix (their create key): how an untouched sample menu is recognised. */
const SAMPLE_KEY = "sample-";

export const MENU_ALREADY_CHANGED =
  "Menünüzü değiştirdiniz; başlangıç menüsü artık buradan değiştirilemez. Ürünleri ve kategorileri Menü Yönetimi'nden düzenleyin.";

/** Writes the starter categories and items into an empty restaurant (inside the caller's transaction). */
export async function createStarterMenu(tx: Tx, restaurantId: number, choice: StarterChoice): Promise<void> {
  const sample = choice === "empty" ? null : SAMPLE_MENUS[choice];
  const used = new Set(sample?.items.map((i) => i.category) ?? []);
  await createDefaultCategories(tx, restaurantId, [...DEFAULT_CATEGORIES, ...(sample?.categories ?? [])]);
  if (!sample) return;
  // The spec's six that this kind of business does not use are hidden, not deleted: one click shows them again.
  const unused = DEFAULT_CATEGORIES.filter((c) => !used.has(c.key)).map((c) => c.key);
  if (unused.length > 0) await tx.menuCategory.updateMany({ where: { restaurantId, key: { in: unused } }, data: { hidden: true } });
  await tx.menuItem.createMany({
    data: sample.items.map((item, i) => ({ ...item, restaurantId, sortOrder: i, createKey: `${SAMPLE_KEY}${choice}-${i}` })),
  });
}

/** Which starter menu the restaurant still has untouched, or null once the owner has changed the menu. */
async function untouchedStarter(db: Tx | typeof prisma, restaurantId: number): Promise<StarterChoice | null> {
  const [items, categories] = await Promise.all([
    db.menuItem.findMany({ where: { restaurantId }, select: { createKey: true, version: true } }),
    db.menuCategory.findMany({ where: { restaurantId }, select: { version: true, createKey: true } }),
  ]);
  if (categories.some((c) => c.version !== 1 || c.createKey !== null)) return null;
  if (items.length === 0) return "empty";
  const kinds = new Set(items.map((i) => (i.version === 1 && i.createKey?.startsWith(SAMPLE_KEY) ? i.createKey.split("-")[1] : null)));
  if (kinds.size !== 1) return null;
  const [kind] = [...kinds];
  return kind && kind in SAMPLE_MENUS ? (kind as SampleMenuType) : null;
}

/** What the welcome screen offers: the starter menu in place (null once changed) and its item count. */
export async function starterMenuState(restaurantId: number): Promise<{ current: StarterChoice | null; items: number }> {
  const [current, items] = await Promise.all([untouchedStarter(prisma, restaurantId), prisma.menuItem.count({ where: { restaurantId } })]);
  return { current, items };
}

/**
 * Replaces an untouched starter menu with `choice` (another kind's sample, or empty). The target
 * state: choosing what is already there changes nothing. A menu the owner has changed is never
 * replaced (409), so this cannot delete the owner's work.
 */
export async function chooseStarterMenu(restaurantId: number, choice: StarterChoice): Promise<{ changed: boolean }> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
    const current = await untouchedStarter(tx, restaurantId);
    if (current === null) throw new DomainError(409, MENU_ALREADY_CHANGED);
    if (current === choice) return { changed: false };
    await tx.menuItem.deleteMany({ where: { restaurantId } });
    await tx.menuCategory.deleteMany({ where: { restaurantId } });
    await createStarterMenu(tx, restaurantId, choice);
    return { changed: true };
  });
}
