// Stock items and their movements. Every function takes the restaurant from the
// session first; every change of a level writes a movement in the same
// transaction, under the item's row lock, so movements always add up to the level.
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/modules/auth/actor";
import { raiseLowStockAlert } from "~/modules/notifications/alerts.server";
import { prisma, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import {
  LEVEL_TOO_HIGH,
  MIN_ABOVE_MAX,
  LOW_STOCK_WARNING_LIMIT,
  MAX_QUANTITY,
  MOVEMENTS_SHOWN,
  NEGATIVE_LEVEL,
  NOT_FOUND,
  REASON_REQUIRED,
  STALE,
  stockLevel,
  type MovementReason,
  type StockCategory,
  type StockLevel,
  type StockUnit,
} from "./rules";
import type { CreateStockInput, UpdateStockInput } from "./schemas";

/** A refusal, optionally on one form field (pageAction shows it there). */
export class StockError extends DomainError {
  constructor(
    status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(status, message);
  }
}

const itemSelect = {
  id: true,
  name: true,
  category: true,
  currentStock: true,
  minStock: true,
  maxStock: true,
  unit: true,
  costPerUnit: true,
  supplier: true,
  version: true,
  createdAt: true,
  updatedAt: true,
} as const;
type ItemRow = Prisma.StockItemGetPayload<{ select: typeof itemSelect }>;

/** The API's shape (snake_case, the spec's fields) and the screen's. */
export interface StockItemView {
  id: number;
  name: string;
  category: StockCategory;
  current_stock: number;
  min_stock: number;
  max_stock: number;
  unit: StockUnit;
  cost_per_unit: number;
  supplier: string | null;
  /** Send it back with an edit: an edit based on an older version is refused (409). */
  version: number;
  level: StockLevel;
  created_at: string;
  updated_at: string;
}

function toView(row: ItemRow): StockItemView {
  const current = toMoney(row.currentStock);
  const min = toMoney(row.minStock);
  const max = toMoney(row.maxStock);
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    current_stock: current,
    min_stock: min,
    max_stock: max,
    unit: row.unit,
    cost_per_unit: toMoney(row.costPerUnit),
    supplier: row.supplier,
    version: row.version,
    level: stockLevel(current, min, max),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface StockMovementView {
  id: number;
  change: number;
  level: number;
  reason: MovementReason;
  note: string | null;
  user_name: string;
  created_at: string;
}

const live = (restaurantId: number) => ({ restaurantId, deletedAt: null });

/** The restaurant's items (deleted ones left out), by category then name. */
export async function listStock(restaurantId: number): Promise<StockItemView[]> {
  const rows = await prisma.stockItem.findMany({
    where: live(restaurantId),
    select: itemSelect,
    orderBy: [{ category: "asc" }, { name: "asc" }, { id: "asc" }],
  });
  return rows.map(toView);
}

/** Items at or below their minimum, the lowest first (relative to the minimum), for the warning. */
export function lowStockItems(items: StockItemView[], limit = LOW_STOCK_WARNING_LIMIT): StockItemView[] {
  return items
    .filter((i) => i.level === "low")
    .sort((a, b) => a.current_stock - a.min_stock - (b.current_stock - b.min_stock) || a.name.localeCompare(b.name, "tr"))
    .slice(0, limit);
}

export async function getStockItem(restaurantId: number, id: number): Promise<StockItemView> {
  const row = await prisma.stockItem.findFirst({ where: { id, ...live(restaurantId) }, select: itemSelect });
  if (!row) throw new StockError(404, NOT_FOUND);
  return toView(row);
}

/** The item's movements, newest first (404 for another restaurant's or a deleted item). */
export async function listMovements(restaurantId: number, stockItemId: number, limit = MOVEMENTS_SHOWN): Promise<StockMovementView[]> {
  await getStockItem(restaurantId, stockItemId);
  const rows = await prisma.stockMovement.findMany({
    where: { restaurantId, stockItemId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((m) => ({
    id: m.id,
    change: toMoney(m.change),
    level: toMoney(m.level),
    reason: m.reason,
    note: m.note,
    user_name: m.userName,
    created_at: m.createdAt.toISOString(),
  }));
}

async function recordMovement(
  tx: Tx,
  actor: Actor,
  stockItemId: number,
  change: Prisma.Decimal,
  level: Prisma.Decimal,
  reason: MovementReason,
  note: string | undefined,
  changeKey?: string,
) {
  await tx.stockMovement.create({
    data: {
      changeKey: changeKey ?? null,
      restaurantId: actor.restaurantId,
      stockItemId,
      userId: actor.userId,
      userName: actor.name.slice(0, 120),
      change,
      level,
      reason,
      note: note ?? null,
    },
  });
}

/**
 * Creates an item; an opening level other than 0 is recorded as a movement (a purchase unless
 * said otherwise). A repeat with the same key returns the first item (replayed), even when the
 * two arrive together: the unique (restaurantId, createKey) lets one insert win.
 */
export async function createStockItem(
  actor: Actor,
  input: CreateStockInput,
  createKey: string | undefined,
): Promise<{ item: StockItemView; replayed: boolean }> {
  const { restaurantId } = actor;
  const replay = async () => {
    if (!createKey) return null;
    const row = await prisma.stockItem.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey } }, select: itemSelect });
    return row ? { item: toView(row), replayed: true } : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  if (minAboveMax(input.min_stock, input.max_stock)) throw new StockError(400, MIN_ABOVE_MAX, "max_stock");
  try {
    const row = await prisma.$transaction(async (tx) => {
      const created = await tx.stockItem.create({
        data: {
          restaurantId,
          name: input.name,
          category: input.category,
          currentStock: input.current_stock,
          minStock: input.min_stock,
          maxStock: input.max_stock,
          unit: input.unit,
          costPerUnit: input.cost_per_unit,
          supplier: input.supplier ?? null,
          createKey: createKey ?? null,
        },
        select: itemSelect,
      });
      if (!created.currentStock.isZero()) {
        await recordMovement(tx, actor, created.id, created.currentStock, created.currentStock, input.reason ?? "purchase", input.note);
      }
      return created;
    });
    return { item: toView(row), replayed: false };
  } catch (error) {
    if (isUniqueViolation(error, "createKey")) {
      const first = await replay();
      if (first) return first;
    }
    throw error;
  }
}

/** A maximum of 0 is the spec's default (none given), so only a maximum that was set is a bound. */
function minAboveMax(min: Prisma.Decimal | string, max: Prisma.Decimal | string): boolean {
  const ceiling = new Prisma.Decimal(max);
  return ceiling.greaterThan(0) && ceiling.lessThan(min);
}

type Changes = Omit<UpdateStockInput, "version" | "reason" | "note">;

/** Whether an edit asks for nothing the item does not already have (a repeated submit). */
function changesNothing(row: ItemRow, input: Changes): boolean {
  const same = (value: string | undefined, current: Prisma.Decimal) => value === undefined || current.equals(value);
  return (
    (input.name === undefined || input.name === row.name) &&
    (input.category === undefined || input.category === row.category) &&
    (input.unit === undefined || input.unit === row.unit) &&
    (input.supplier === undefined || (input.supplier ?? null) === row.supplier) &&
    same(input.current_stock, row.currentStock) &&
    same(input.min_stock, row.minStock) &&
    same(input.max_stock, row.maxStock) &&
    same(input.cost_per_unit, row.costPerUnit) &&
    (input.stock_change === undefined || new Prisma.Decimal(input.stock_change).isZero())
  );
}

/**
 * Edits an item under its row lock. The level is set (`current_stock`) or moved (`stock_change`,
 * atomic: concurrent moves all count); a change of level writes a movement. With `version`, an
 * edit based on an older version is refused (409) unless it asks for what the item already is
 * (a double submit). `requireReason`: the screen asks why the level changed.
 */
export async function updateStockItem(
  actor: Actor,
  id: number,
  input: UpdateStockInput,
  { requireReason = false }: { requireReason?: boolean } = {},
): Promise<StockItemView> {
  const { restaurantId } = actor;
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM stock_items WHERE id = ${id} AND restaurantId = ${restaurantId} AND deletedAt IS NULL FOR UPDATE`;
    if (locked.length === 0) throw new StockError(404, NOT_FOUND);
    const row = await tx.stockItem.findUniqueOrThrow({ where: { id }, select: itemSelect });
    // A retried move (same key) was applied already: answer with the item as it is now.
    if (input.change_key) {
      const done = await tx.stockMovement.findUnique({
        where: { restaurantId_changeKey: { restaurantId, changeKey: input.change_key } },
        select: { stockItemId: true },
      });
      if (done && done.stockItemId !== id) throw new StockError(409, "Bu değişim anahtarı başka bir ürün için kullanıldı.", "change_key");
      if (done) return toView(row);
    }
    if (changesNothing(row, input)) return toView(row);
    if (input.version !== undefined && input.version !== row.version) throw new StockError(409, STALE);
    // Judged on the item as it will be: an API call may send only one of the two.
    if (minAboveMax(input.min_stock ?? row.minStock, input.max_stock ?? row.maxStock))
      throw new StockError(400, MIN_ABOVE_MAX, "max_stock");

    let level = row.currentStock;
    if (input.stock_change !== undefined) level = row.currentStock.add(input.stock_change);
    else if (input.current_stock !== undefined) level = new Prisma.Decimal(input.current_stock);
    if (level.isNegative()) throw new StockError(409, NEGATIVE_LEVEL, "stock_change");
    if (level.greaterThan(MAX_QUANTITY)) throw new StockError(409, LEVEL_TOO_HIGH, "stock_change");
    const change = level.sub(row.currentStock);
    if (!change.isZero() && requireReason && !input.reason) throw new StockError(400, REASON_REQUIRED, "reason");

    const updated = await tx.stockItem.update({
      where: { id },
      data: {
        name: input.name,
        category: input.category,
        unit: input.unit,
        supplier: input.supplier,
        minStock: input.min_stock,
        maxStock: input.max_stock,
        costPerUnit: input.cost_per_unit,
        currentStock: level,
        version: { increment: 1 },
      },
      select: itemSelect,
    });
    if (!change.isZero()) await recordMovement(tx, actor, id, change, level, input.reason ?? "adjustment", input.note, input.change_key);
    const view = toView(updated);
    // Judged under the row lock with the low-stock list's own rule: of two decrements that race,
    // only the one that moved the item from above its minimum to it alerts (decision 065).
    const wasLow = stockLevel(toMoney(row.currentStock), toMoney(row.minStock), toMoney(row.maxStock)) === "low";
    if (!wasLow && view.level === "low") await raiseLowStockAlert(tx, restaurantId, updated);
    return view;
  });
}

/**
 * Deletes (hides) an item; its movements stay for the inventory report. Deleting it again
 * changes nothing and succeeds; another restaurant's id is 404.
 */
export async function deleteStockItem(restaurantId: number, id: number): Promise<void> {
  const row = await prisma.stockItem.findFirst({ where: { id, restaurantId }, select: { id: true } });
  if (!row) throw new StockError(404, NOT_FOUND);
  await prisma.stockItem.updateMany({
    where: { id, restaurantId, deletedAt: null },
    data: { deletedAt: new Date(), version: { increment: 1 } },
  });
}
