// The menu: what order taking lists and what the manager maintains. Every function
// takes the restaurant from the session first and filters by it: another
// restaurant's item is "not found" (404), never touched.
//
// Writes that depend on the rest of the menu (a new item's place at the end of its
// category, a move, the plan's item count) run under the restaurant's row lock
// (lockRestaurant), so two of them cannot interleave; single-row changes carry
// their own guard (the version an edit was based on, the target state of a toggle).
import { Prisma } from "~/generated/prisma/client";
import { assertWithinPlanLimit } from "~/modules/billing/limits.server";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { prisma, sqlQuery, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import { assertCategoryKey } from "./categories.server";
import { ITEM_NOT_FOUND, STALE_ITEM_EDIT } from "./rules";
import { requireConfirmedPrice } from "./price-change";

export interface MenuItemDto {
  id: number;
  name: string;
  category: string;
  price: number;
  description: string | null;
  available: boolean;
}

/** What the management API answers for one item: the spec's fields and the version to send back with an edit. */
export interface ManagedMenuItemDto extends MenuItemDto {
  version: number;
}

/** Items in the owner's category order (the category's position), then their place in it. */
const inCategoryOrder = [
  { categoryRow: { position: "asc" } },
  { categoryRow: { id: "asc" } },
  { sortOrder: "asc" },
  { id: "asc" },
] as const;

/**
 * The menu, in the owner's category order; `availableOnly` leaves sold-out items out,
 * `visibleOnly` the items of hidden categories (order taking does not offer them).
 */
export async function listMenu(restaurantId: number, { availableOnly = false, visibleOnly = false } = {}): Promise<MenuItemDto[]> {
  // On the driver (decision 091): order taking loads it with every visit to a table. The order is
  // inCategoryOrder's (every item has its category row: the foreign key).
  const items = await sqlQuery.$queryRaw<
    (Pick<ItemRow, "id" | "name" | "category" | "price" | "description"> & { available: boolean | number })[]
  >`
    SELECT m.id, m.name, m.category, m.price, m.description, m.available
    FROM menu_items m JOIN menu_categories c ON c.restaurantId = m.restaurantId AND c.\`key\` = m.category
    WHERE m.restaurantId = ${restaurantId}
      ${availableOnly ? Prisma.sql`AND m.available = TRUE` : Prisma.empty}
      ${visibleOnly ? Prisma.sql`AND c.hidden = FALSE` : Prisma.empty}
    ORDER BY c.position, c.id, m.sortOrder, m.id`;
  return items.map(menuItemDto);
}

type ItemRow = Prisma.MenuItemGetPayload<object>;

/** The spec's fields of an item. */
function menuItemDto(
  i: Pick<ItemRow, "id" | "name" | "category" | "price" | "description"> & { available: boolean | number },
): MenuItemDto {
  return {
    id: i.id,
    name: i.name,
    category: i.category,
    price: toMoney(i.price),
    description: i.description,
    available: Boolean(i.available),
  };
}

function managedDto(i: ItemRow): ManagedMenuItemDto {
  return { ...menuItemDto(i), version: i.version };
}

/** The management screen's list: every item with its version, in screen order (category, then its place in it). */
export async function listManagedMenu(restaurantId: number): Promise<ManagedMenuItemDto[]> {
  const items = await prisma.menuItem.findMany({ where: { restaurantId }, orderBy: [...inCategoryOrder] });
  return items.map(managedDto);
}

export async function findManagedItem(restaurantId: number, id: number): Promise<ManagedMenuItemDto | null> {
  const item = await prisma.menuItem.findFirst({ where: { id, restaurantId } });
  return item ? managedDto(item) : null;
}

export interface MenuItemFields {
  name: string;
  /** The key of one of the restaurant's categories. */
  category: string;
  /** Exact decimal text ("45.50"), as the schemas give it. */
  price: string;
  description: string | null;
  available: boolean;
}

async function nextSortOrder(tx: Tx, restaurantId: number, category: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number | bigint | null }[]>`
    SELECT MAX(sortOrder) AS n FROM menu_items WHERE restaurantId = ${restaurantId} AND category = ${category}`;
  return row?.n === null || row?.n === undefined ? 0 : Number(row.n) + 1;
}

async function itemByKey(db: Tx | typeof prisma, restaurantId: number, key: string) {
  return db.menuItem.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey: key } } });
}

/**
 * Adds an item at the end of its category. With a key (rendered into the form, or the
 * API client's), a repeat answers with the item the first request made and adds
 * nothing: checked under the restaurant's lock, with the unique (restaurantId,
 * createKey) index behind it. Over the plan's item limit: 403 naming plan and limit.
 */
export async function createMenuItem(
  restaurantId: number,
  fields: MenuItemFields,
  key: string | null,
): Promise<{ item: ManagedMenuItemDto; replayed: boolean }> {
  try {
    return await prisma.$transaction(async (tx) => {
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      if (key) {
        const seen = await itemByKey(tx, restaurantId, key);
        if (seen) return { item: managedDto(seen), replayed: true };
      }
      await assertCategoryKey(tx, restaurantId, fields.category);
      await assertWithinPlanLimit(tx, restaurantId, "menu_items");
      const item = await tx.menuItem.create({
        data: { restaurantId, ...fields, sortOrder: await nextSortOrder(tx, restaurantId, fields.category), createKey: key },
      });
      return { item: managedDto(item), replayed: false };
    });
  } catch (error) {
    if (key && isUniqueViolation(error, "createKey")) {
      const seen = await itemByKey(prisma, restaurantId, key);
      if (seen) return { item: managedDto(seen), replayed: true };
    }
    throw error;
  }
}

/**
 * Changes the fields given. With `baseVersion` (the version the form or client last
 * saw) an item changed since is refused with 409 rather than overwritten. A new
 * category puts the item at the end of it.
 */
export async function updateMenuItem(
  restaurantId: number,
  id: number,
  fields: Partial<MenuItemFields>,
  baseVersion: number | null,
  { confirmPriceChange = false }: { confirmPriceChange?: boolean } = {},
): Promise<ManagedMenuItemDto> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, ITEM_NOT_FOUND);
    const current = await tx.menuItem.findFirst({ where: { id, restaurantId } });
    if (!current) throw new DomainError(404, ITEM_NOT_FOUND);
    if (baseVersion !== null && baseVersion !== current.version) {
      throw new DomainError(409, STALE_ITEM_EDIT, { id, version: current.version });
    }
    // Ten times (or a tenth of) the price is asked about first (decision 061).
    if (fields.price !== undefined) requireConfirmedPrice(current.price.toFixed(2), fields.price, confirmPriceChange);
    const moving = fields.category !== undefined && fields.category !== current.category;
    if (moving) await assertCategoryKey(tx, restaurantId, fields.category!);
    const item = await tx.menuItem.update({
      where: { id: current.id },
      data: {
        ...fields,
        ...(moving ? { sortOrder: await nextSortOrder(tx, restaurantId, fields.category!) } : {}),
        version: { increment: 1 },
      },
    });
    return managedDto(item);
  });
}

/**
 * Puts an item on sale or marks it sold out: the target state, so a repeat (a double
 * tap, a resent form) changes nothing more. The version rises only when the state
 * changes. Order taking refuses a sold-out item on the server (orders.server.ts).
 */
export async function setMenuItemAvailable(restaurantId: number, id: number, available: boolean): Promise<ManagedMenuItemDto> {
  await prisma.$executeRaw`
    UPDATE menu_items SET available = ${available}, version = version + 1, updatedAt = ${new Date()}
    WHERE id = ${id} AND restaurantId = ${restaurantId} AND available <> ${available}`;
  const item = await prisma.menuItem.findFirst({ where: { id, restaurantId } });
  if (!item) throw new DomainError(404, ITEM_NOT_FOUND);
  return managedDto(item);
}

/**
 * Deletes an item. Past orders keep their lines (name and prices are copied onto each
 * order line; its menuItemId becomes null), so reports do not change; carts being
 * filled without JavaScript lose the line (their rows cascade). Idempotent in effect:
 * a second delete finds nothing and answers 404, changing nothing.
 */
export async function deleteMenuItem(restaurantId: number, id: number): Promise<{ name: string }> {
  return prisma.$transaction(async (tx) => {
    const [item] = await tx.$queryRaw<{ name: string }[]>`
      SELECT name FROM menu_items WHERE id = ${id} AND restaurantId = ${restaurantId} FOR UPDATE`;
    if (!item) throw new DomainError(404, ITEM_NOT_FOUND);
    await tx.$executeRaw`DELETE FROM menu_items WHERE id = ${id} AND restaurantId = ${restaurantId}`;
    return item;
  });
}

/**
 * Moves an item to place `to` (0 = first) within its category and numbers the
 * category 0, 1, 2… again. The target place, not "one up": a repeated post (a
 * double click, two tabs) finds the item already there and changes nothing, and two
 * different moves at once are serialised by the restaurant's lock.
 */
export async function moveMenuItem(restaurantId: number, id: number, to: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, ITEM_NOT_FOUND);
    const [item] = await tx.$queryRaw<{ category: string }[]>`
      SELECT category FROM menu_items WHERE id = ${id} AND restaurantId = ${restaurantId}`;
    if (!item) throw new DomainError(404, ITEM_NOT_FOUND);
    const rows = await tx.$queryRaw<{ id: number; sortOrder: number }[]>`
      SELECT id, sortOrder FROM menu_items WHERE restaurantId = ${restaurantId} AND category = ${item.category}
      ORDER BY sortOrder, id`;
    const ids = rows.map((r) => r.id).filter((r) => r !== id);
    ids.splice(Math.min(to, ids.length), 0, id);
    const changed = ids.flatMap((itemId, position) =>
      rows.find((r) => r.id === itemId)!.sortOrder === position ? [] : [{ itemId, position }],
    );
    if (changed.length === 0) return;
    await tx.$executeRaw`
      UPDATE menu_items SET sortOrder = CASE id ${Prisma.join(
        changed.map((c) => Prisma.sql`WHEN ${c.itemId} THEN ${c.position}`),
        " ",
      )} END
      WHERE restaurantId = ${restaurantId} AND id IN (${Prisma.join(changed.map((c) => c.itemId))})`;
  });
}
