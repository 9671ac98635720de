// The restaurant's menu categories (decision 068). Every function takes the restaurant from
// the session first and filters by it: another restaurant's category is "not found" (404).
// Writes that renumber or depend on the other categories (create, reorder, delete) run under
// the restaurant's row lock, like the menu's item writes, so they cannot interleave.
import { Prisma } from "~/generated/prisma/client";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { closeGap, nextPosition, placeRow } from "~/utils/positions.server";
import { slugify } from "~/utils/slug";
import { prisma, sqlQuery, type SqlTx, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import { assertStation, createDefaultStations, firstStationId } from "~/modules/kitchen/stations.server";
import { defaultStationOf, DEFAULT_STATIONS, type DefaultStation } from "~/modules/kitchen/stations";
import { foldTurkish } from "~/utils/turkish-text";
import {
  CATEGORY_NAME_TAKEN,
  CATEGORY_NOT_EMPTY,
  CATEGORY_NOT_FOUND,
  DEFAULT_CATEGORIES,
  MAX_CATEGORIES,
  STALE_CATEGORY_EDIT,
  TOO_MANY_CATEGORIES,
  UNKNOWN_CATEGORY,
  type CategoryDto,
  type DefaultCategory,
} from "./categories";

/** A refusal that belongs to one field (the page shows it there; the API adds `errors`). */
export class CategoryFieldError extends DomainError {
  constructor(
    status: 400 | 404 | 409,
    message: string,
    readonly field: string,
  ) {
    super(status, message, { errors: { [field]: [message] } });
  }
}

type Db = Tx | typeof prisma;
type CategoryRow = Prisma.MenuCategoryGetPayload<object>;

/** A category's row as the model API or a raw read gives it (a raw read's BOOLEAN is a number). */
type CategoryReadRow = Pick<CategoryRow, "id" | "key" | "name" | "position" | "kdvRate" | "stationId" | "version"> & {
  hidden: boolean | number;
};

function dto(c: CategoryReadRow, itemCount: number): CategoryDto {
  return {
    id: c.id,
    key: c.key,
    name: c.name,
    position: c.position,
    hidden: Boolean(c.hidden),
    kdv_rate: toMoney(c.kdvRate),
    station_id: c.stationId,
    item_count: itemCount,
    version: c.version,
  };
}

/** The restaurant's categories in the owner's order; `visibleOnly` leaves the hidden ones out (order taking, the public menu). */
export async function listCategories(restaurantId: number, { visibleOnly = false } = {}, db: SqlTx = sqlQuery): Promise<CategoryDto[]> {
  // One statement on the driver (decision 091): order taking loads it with every visit to a table.
  // The count reads the (restaurantId, category, sortOrder) index.
  const rows = await db.$queryRaw<(CategoryReadRow & { itemCount: bigint | number })[]>`
    SELECT c.id, c.\`key\`, c.name, c.position, c.hidden, c.kdvRate, c.stationId, c.version,
      (SELECT COUNT(*) FROM menu_items m WHERE m.restaurantId = c.restaurantId AND m.category = c.\`key\`) AS itemCount
    FROM menu_categories c
    WHERE c.restaurantId = ${restaurantId} ${visibleOnly ? Prisma.sql`AND c.hidden = FALSE` : Prisma.empty}
    ORDER BY c.position, c.id`;
  return rows.map((c) => dto(c, Number(c.itemCount)));
}

export async function findCategory(restaurantId: number, id: number): Promise<CategoryDto | null> {
  const row = await prisma.menuCategory.findFirst({ where: { id, restaurantId } });
  if (!row) return null;
  return dto(row, await prisma.menuItem.count({ where: { restaurantId, category: row.key } }));
}

/**
 * The categories a new restaurant starts with (signup; the sample menus add their own after them),
 * with its stations: drinks go to Bar, the rest to Mutfak (decision 077).
 */
export async function createDefaultCategories(tx: Tx, restaurantId: number, categories: readonly DefaultCategory[] = DEFAULT_CATEGORIES) {
  const existing = await tx.station.findMany({
    where: { restaurantId, name: { in: [...DEFAULT_STATIONS] } },
    select: { id: true, name: true },
  });
  const stations =
    existing.length === DEFAULT_STATIONS.length
      ? (Object.fromEntries(existing.map((r) => [r.name, r.id])) as Record<DefaultStation, number>)
      : await createDefaultStations(tx, restaurantId);
  await tx.menuCategory.createMany({
    data: categories.map((c, position) => ({
      restaurantId,
      key: c.key,
      name: c.name,
      kdvRate: c.kdvRate,
      position,
      stationId: stations[defaultStationOf(c.key)],
    })),
  });
}

/**
 * Refuses an item's category key the restaurant does not have, naming the ones it has (400 on the
 * `category` field): the foreign key would refuse it too, but with a database error.
 */
export async function assertCategoryKey(db: Db, restaurantId: number, key: string): Promise<void> {
  const found = await db.menuCategory.findUnique({ where: { restaurantId_key: { restaurantId, key } }, select: { id: true } });
  if (found) return;
  const keys = await db.menuCategory.findMany({
    where: { restaurantId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { key: true },
  });
  throw new CategoryFieldError(400, `Kategori şunlardan biri olmalıdır: ${keys.map((k) => k.key).join(", ")}.`, "category");
}

/** A key for a new category: its name as an ASCII slug with underscores, made unique in the restaurant. */
async function freeKey(tx: Tx, restaurantId: number, name: string): Promise<string> {
  const base = slugify(name).replace(/-/g, "_").slice(0, 34).replace(/_+$/, "") || "kategori";
  const taken = new Set(
    (await tx.menuCategory.findMany({ where: { restaurantId, key: { startsWith: base } }, select: { key: true } })).map((k) =>
      k.key.toLowerCase(),
    ),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** Two categories may not share a name the way a person reads it ("İçecekler" = "ICECEKLER"). */
async function assertNameFree(tx: Tx, restaurantId: number, name: string, exceptId: number | null) {
  const all = await tx.menuCategory.findMany({ where: { restaurantId }, select: { id: true, name: true } });
  const folded = foldTurkish(name);
  if (all.some((c) => c.id !== exceptId && foldTurkish(c.name) === folded)) throw new CategoryFieldError(409, CATEGORY_NAME_TAKEN, "name");
}

export interface CategoryFields {
  name: string;
  /** Exact decimal text ("10.00"); null: the restaurant's tax rate (settings). */
  kdvRate: string | null;
  hidden: boolean;
  /** The kitchen station its items go to; null: the restaurant's first station. */
  stationId?: number | null;
}

async function categoryByKey(db: Db, restaurantId: number, createKey: string) {
  return db.menuCategory.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey } } });
}

/**
 * Adds a category at the end. Its KDV rate defaults to the restaurant's tax rate (settings). With
 * a key (the form's or the API client's), a repeat answers with the category the first made.
 */
export async function createCategory(
  restaurantId: number,
  fields: CategoryFields,
  createKey: string | null,
): Promise<{ category: CategoryDto; replayed: boolean }> {
  try {
    return await prisma.$transaction(async (tx) => {
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      if (createKey) {
        const seen = await categoryByKey(tx, restaurantId, createKey);
        if (seen) return { category: dto(seen, await tx.menuItem.count({ where: { restaurantId, category: seen.key } })), replayed: true };
      }
      const count = await tx.menuCategory.count({ where: { restaurantId } });
      if (count >= MAX_CATEGORIES) throw new DomainError(409, TOO_MANY_CATEGORIES);
      await assertNameFree(tx, restaurantId, fields.name, null);
      const restaurant = await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId }, select: { taxRate: true } });
      if (fields.stationId) await assertStation(tx, restaurantId, fields.stationId);
      const stationId = fields.stationId ?? (await firstStationId(tx, restaurantId));
      const row = await tx.menuCategory.create({
        data: {
          restaurantId,
          key: await freeKey(tx, restaurantId, fields.name),
          name: fields.name,
          hidden: fields.hidden,
          kdvRate: fields.kdvRate ?? restaurant.taxRate,
          position: await nextPosition(tx, "menu_categories", restaurantId),
          createKey,
          stationId,
        },
      });
      return { category: dto(row, 0), replayed: false };
    });
  } catch (error) {
    if (createKey && isUniqueViolation(error, "createKey")) {
      const seen = await categoryByKey(prisma, restaurantId, createKey);
      if (seen) return { category: dto(seen, 0), replayed: true };
    }
    throw error;
  }
}

/**
 * Renames, hides or shows, changes the KDV rate or the kitchen station of, or moves (`position`, the target place,
 * 0 = first) a category. With `baseVersion` a category changed since is refused (409). Setting a
 * value it already has changes nothing, so a repeated post is harmless.
 */
export async function updateCategory(
  restaurantId: number,
  id: number,
  fields: Partial<CategoryFields> & { position?: number },
  baseVersion: number | null,
): Promise<CategoryDto> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, CATEGORY_NOT_FOUND);
    const current = await tx.menuCategory.findFirst({ where: { id, restaurantId } });
    if (!current) throw new DomainError(404, CATEGORY_NOT_FOUND);
    if (baseVersion !== null && baseVersion !== current.version) {
      throw new DomainError(409, STALE_CATEGORY_EDIT, { id, version: current.version });
    }
    if (fields.name !== undefined && fields.name !== current.name) await assertNameFree(tx, restaurantId, fields.name, id);
    const data: Prisma.MenuCategoryUncheckedUpdateInput = {};
    if (fields.name !== undefined && fields.name !== current.name) data.name = fields.name;
    if (fields.hidden !== undefined && fields.hidden !== current.hidden) data.hidden = fields.hidden;
    if (fields.kdvRate !== undefined && fields.kdvRate !== null && !current.kdvRate.equals(fields.kdvRate)) data.kdvRate = fields.kdvRate;
    if (fields.stationId !== undefined && fields.stationId !== null && fields.stationId !== current.stationId) {
      await assertStation(tx, restaurantId, fields.stationId);
      data.stationId = fields.stationId;
    }
    const moved = fields.position !== undefined && (await placeRow(tx, "menu_categories", restaurantId, id, fields.position));
    const row =
      Object.keys(data).length > 0 || moved
        ? await tx.menuCategory.update({ where: { id }, data: { ...data, version: { increment: 1 } } })
        : current;
    return dto(row, await tx.menuItem.count({ where: { restaurantId, category: row.key } }));
  });
}

/**
 * Deletes a category. An empty one goes at once; one with items only with `moveTo` (another
 * category's id of the same restaurant), and then its items move to the end of that category and
 * the category goes in one transaction: nothing is left half-moved. Without a target: 409 naming
 * the count. A second delete finds nothing: 404.
 */
export async function deleteCategory(
  restaurantId: number,
  id: number,
  moveTo: number | null,
): Promise<{ name: string; moved: number; to: string | null }> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, CATEGORY_NOT_FOUND);
    const current = await tx.menuCategory.findFirst({ where: { id, restaurantId } });
    if (!current) throw new DomainError(404, CATEGORY_NOT_FOUND);
    const items = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM menu_items WHERE restaurantId = ${restaurantId} AND category = ${current.key} ORDER BY sortOrder, id`;
    let to: string | null = null;
    if (items.length > 0) {
      if (moveTo === null) {
        throw new CategoryFieldError(409, CATEGORY_NOT_EMPTY(current.name, items.length), "move_to");
      }
      const target = moveTo === id ? null : await tx.menuCategory.findFirst({ where: { id: moveTo, restaurantId } });
      if (!target) throw new CategoryFieldError(400, UNKNOWN_CATEGORY, "move_to");
      const [last] = await tx.$queryRaw<{ n: number | bigint | null }[]>`
        SELECT MAX(sortOrder) AS n FROM menu_items WHERE restaurantId = ${restaurantId} AND category = ${target.key}`;
      const start = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
      await tx.$executeRaw`
        UPDATE menu_items SET category = ${target.key}, version = version + 1, updatedAt = ${new Date()},
          sortOrder = ${start} + CASE id ${Prisma.join(
            items.map((item, i) => Prisma.sql`WHEN ${item.id} THEN ${i}`),
            " ",
          )} END
        WHERE restaurantId = ${restaurantId} AND category = ${current.key}`;
      to = target.name;
    }
    await tx.menuCategory.delete({ where: { id } });
    // Close the gap so the up/down buttons' places stay 0, 1, 2….
    await closeGap(tx, "menu_categories", restaurantId, current.position);
    return { name: current.name, moved: items.length, to };
  });
}

/** The KDV rate a new category starts with: the restaurant's tax rate (settings). */
export async function defaultKdvRate(restaurantId: number): Promise<number> {
  const row = await prisma.restaurant.findUnique({ where: { id: restaurantId }, select: { taxRate: true } });
  return row ? toMoney(row.taxRate) : 10;
}
