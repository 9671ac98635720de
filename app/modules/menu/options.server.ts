// The menu's options (decision 082): groups of choices per category or item, and what an order
// line's choice costs. Every function takes the restaurant from the session first and filters by
// it: another restaurant's group, category, item or option is not found. Writes run under the
// restaurant's row lock, like the categories', so numbering and counts cannot interleave.
import { Prisma } from "~/generated/prisma/client";
import { prisma, sqlQuery, type SqlTx, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import { closeGap, nextPosition } from "~/utils/positions.server";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import type { OptionGroupInput } from "./option-schemas";
import {
  MAX_LINE_OPTIONS,
  MAX_OPTION_GROUPS,
  NEGATIVE_LINE_PRICE,
  OPTION_GROUP_NOT_FOUND,
  STALE_OPTION_GROUP_EDIT,
  TOO_MANY_OPTION_GROUPS,
  UNKNOWN_OPTION_TARGET,
  type ChosenOption,
  type ItemOptionGroup,
  type OptionGroupDto,
} from "./options";

type Db = Tx | typeof prisma;
const withOptions = { options: { orderBy: [{ position: "asc" }, { id: "asc" }] } } as const satisfies Prisma.MenuOptionGroupInclude;
type GroupRow = Prisma.MenuOptionGroupGetPayload<{ include: typeof withOptions }>;

function dto(g: GroupRow): OptionGroupDto {
  return {
    id: g.id,
    name: g.name,
    category_id: g.categoryId,
    menu_item_id: g.menuItemId,
    position: g.position,
    version: g.version,
    options: g.options.map((o) => ({ id: o.id, name: o.name, price_delta: toMoney(o.priceDelta) })),
  };
}

/** The restaurant's option groups in the owner's order, each with its options. */
export async function listOptionGroups(restaurantId: number, db: SqlTx = sqlQuery): Promise<OptionGroupDto[]> {
  // One statement on the driver (decision 091): order taking loads it with every visit to a table.
  const rows = await db.$queryRaw<
    {
      id: number;
      name: string;
      categoryId: number | null;
      menuItemId: number | null;
      position: number;
      version: number;
      optionId: number | null;
      optionName: string | null;
      priceDelta: Prisma.Decimal | null;
    }[]
  >`
    SELECT g.id, g.name, g.categoryId, g.menuItemId, g.position, g.version,
      o.id AS optionId, o.name AS optionName, o.priceDelta
    FROM menu_option_groups g LEFT JOIN menu_options o ON o.groupId = g.id
    WHERE g.restaurantId = ${restaurantId}
    ORDER BY g.position, g.id, o.position, o.id`;
  const groups = new Map<number, OptionGroupDto>();
  for (const r of rows) {
    let group = groups.get(r.id);
    if (!group) {
      group = {
        id: r.id,
        name: r.name,
        category_id: r.categoryId,
        menu_item_id: r.menuItemId,
        position: r.position,
        version: r.version,
        options: [],
      };
      groups.set(r.id, group);
    }
    if (r.optionId !== null) group.options.push({ id: r.optionId, name: r.optionName!, price_delta: toMoney(r.priceDelta!) });
  }
  return [...groups.values()];
}

/** Refuses a category or item that is not the restaurant's (400 on its field). */
async function assertTarget(tx: Tx, restaurantId: number, input: OptionGroupInput) {
  const found = input.category_id
    ? await tx.menuCategory.findFirst({ where: { id: input.category_id, restaurantId }, select: { id: true } })
    : await tx.menuItem.findFirst({ where: { id: input.menu_item_id!, restaurantId }, select: { id: true } });
  if (!found) {
    const field = input.category_id ? "category_id" : "menu_item_id";
    throw new DomainError(400, UNKNOWN_OPTION_TARGET, { errors: { [field]: [UNKNOWN_OPTION_TARGET] } });
  }
}

const groupByKey = (db: Db, restaurantId: number, createKey: string) =>
  db.menuOptionGroup.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey } }, include: withOptions });

/** Adds a group at the end. With a key (the form's or the API client's), a repeat answers with the group the first made. */
export async function createOptionGroup(
  restaurantId: number,
  input: OptionGroupInput,
  createKey: string | null,
): Promise<{ group: OptionGroupDto; replayed: boolean }> {
  try {
    return await prisma.$transaction(async (tx) => {
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      if (createKey) {
        const seen = await groupByKey(tx, restaurantId, createKey);
        if (seen) return { group: dto(seen), replayed: true };
      }
      if ((await tx.menuOptionGroup.count({ where: { restaurantId } })) >= MAX_OPTION_GROUPS)
        throw new DomainError(409, TOO_MANY_OPTION_GROUPS);
      await assertTarget(tx, restaurantId, input);
      const row = await tx.menuOptionGroup.create({
        data: {
          restaurantId,
          name: input.name,
          categoryId: input.category_id ?? null,
          menuItemId: input.menu_item_id ?? null,
          position: await nextPosition(tx, "menu_option_groups", restaurantId),
          createKey,
          options: { create: input.options.map((o, position) => ({ restaurantId, name: o.name, priceDelta: o.price_delta, position })) },
        },
        include: withOptions,
      });
      return { group: dto(row), replayed: false };
    });
  } catch (error) {
    if (createKey && isUniqueViolation(error, "createKey")) {
      const seen = await groupByKey(prisma, restaurantId, createKey);
      if (seen) return { group: dto(seen), replayed: true };
    }
    throw error;
  }
}

const sameGroup = (g: GroupRow, input: OptionGroupInput) =>
  g.name === input.name &&
  g.categoryId === (input.category_id ?? null) &&
  g.menuItemId === (input.menu_item_id ?? null) &&
  g.options.length === input.options.length &&
  g.options.every((o, i) => o.name === input.options[i]?.name && o.priceDelta.equals(input.options[i]?.price_delta ?? "0"));

/**
 * Replaces a group's name, target and options. An option keeps its id by its place (the first row
 * stays the first option), so carts holding it keep it; rows beyond the new list go. With
 * `baseVersion`, a group changed since is refused (409); posting what is stored changes nothing.
 */
export async function updateOptionGroup(
  restaurantId: number,
  id: number,
  input: OptionGroupInput,
  baseVersion: number | null,
): Promise<OptionGroupDto> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, OPTION_GROUP_NOT_FOUND);
    const current = await tx.menuOptionGroup.findFirst({ where: { id, restaurantId }, include: withOptions });
    if (!current) throw new DomainError(404, OPTION_GROUP_NOT_FOUND);
    if (sameGroup(current, input)) return dto(current);
    if (baseVersion !== null && baseVersion !== current.version) {
      throw new DomainError(409, STALE_OPTION_GROUP_EDIT, { id, version: current.version });
    }
    await assertTarget(tx, restaurantId, input);
    for (const [position, o] of input.options.entries()) {
      const existing = current.options[position];
      if (existing) await tx.menuOption.update({ where: { id: existing.id }, data: { name: o.name, priceDelta: o.price_delta, position } });
      else await tx.menuOption.create({ data: { restaurantId, groupId: id, name: o.name, priceDelta: o.price_delta, position } });
    }
    const gone = current.options.slice(input.options.length).map((o) => o.id);
    if (gone.length > 0) await tx.menuOption.deleteMany({ where: { id: { in: gone }, groupId: id } });
    const row = await tx.menuOptionGroup.update({
      where: { id },
      data: { name: input.name, categoryId: input.category_id ?? null, menuItemId: input.menu_item_id ?? null, version: { increment: 1 } },
      include: withOptions,
    });
    return dto(row);
  });
}

/** Deletes a group and its options; order lines keep what they were sold with. A second delete: 404. */
export async function deleteOptionGroup(restaurantId: number, id: number): Promise<{ name: string }> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, OPTION_GROUP_NOT_FOUND);
    const current = await tx.menuOptionGroup.findFirst({ where: { id, restaurantId } });
    if (!current) throw new DomainError(404, OPTION_GROUP_NOT_FOUND);
    await tx.menuOptionGroup.delete({ where: { id } });
    await closeGap(tx, "menu_option_groups", restaurantId, current.position);
    return { name: current.name };
  });
}

/**
 * Menu items with the groups that apply to each (their category's, then their own, in the owner's
 * order), as order taking offers them; an item without any gets none (no field).
 */
export function withOptionGroups<T extends { id: number; category: string }>(
  menu: T[],
  categories: { id: number; key: string }[],
  groups: OptionGroupDto[],
): (T & { option_groups?: ItemOptionGroup[] })[] {
  if (groups.length === 0) return menu;
  const keyOf = new Map(categories.map((c) => [c.id, c.key]));
  return menu.map((m) => {
    const applies = groups.filter((g) => g.menu_item_id === m.id || (g.category_id !== null && keyOf.get(g.category_id) === m.category));
    return applies.length === 0 ? m : { ...m, option_groups: applies.map((g) => ({ id: g.id, name: g.name, options: g.options })) };
  });
}

/** A group as pricing reads it. */
export interface PricingGroup {
  id: number;
  name: string;
  options: { id: number; name: string; priceDelta: Prisma.Decimal }[];
}

/**
 * The groups that apply to each of these items (the item's own and its category's), in the
 * owner's order, with their options: one query, only when some line has options.
 */
export async function optionGroupsForItems(db: SqlTx, restaurantId: number, itemIds: number[]): Promise<Map<number, PricingGroup[]>> {
  const out = new Map<number, PricingGroup[]>();
  if (itemIds.length === 0) return out;
  const rows = await db.$queryRaw<
    { itemId: number; groupId: number; groupName: string; optionId: number; optionName: string; priceDelta: Prisma.Decimal }[]
  >`
    SELECT m.id AS itemId, g.id AS groupId, g.name AS groupName, o.id AS optionId, o.name AS optionName, o.priceDelta
    FROM menu_items m
    JOIN menu_categories c ON c.restaurantId = m.restaurantId AND c.\`key\` = m.category
    JOIN menu_option_groups g ON g.restaurantId = m.restaurantId AND (g.menuItemId = m.id OR g.categoryId = c.id)
    JOIN menu_options o ON o.groupId = g.id
    WHERE m.restaurantId = ${restaurantId} AND m.id IN (${Prisma.join(itemIds)})
    ORDER BY m.id, g.position, g.id, o.position, o.id`;
  for (const r of rows) {
    const groups = out.get(r.itemId) ?? [];
    let group = groups.at(-1);
    if (group?.id !== r.groupId) {
      group = { id: r.groupId, name: r.groupName, options: [] };
      groups.push(group);
    }
    group.options.push({ id: r.optionId, name: r.optionName, priceDelta: new Prisma.Decimal(r.priceDelta) });
    out.set(r.itemId, groups);
  }
  return out;
}

/**
 * What a line's option ids choose for its item: at most one option of each group that applies,
 * in the groups' order, with the price they add. Another item's option (or another restaurant's)
 * is refused (400), as is a unit price below 0.
 */
export function chooseOptions(
  item: { id: number; name: string; price: Prisma.Decimal },
  groups: PricingGroup[],
  ids: readonly number[],
): { chosen: ChosenOption[]; unitPrice: Prisma.Decimal } {
  if (ids.length > MAX_LINE_OPTIONS) throw new DomainError(400, `Bir satırda en fazla ${MAX_LINE_OPTIONS} seçenek olabilir.`);
  const chosen: (ChosenOption & { order: number })[] = [];
  let unitPrice = new Prisma.Decimal(item.price);
  for (const id of ids) {
    const order = groups.findIndex((g) => g.options.some((o) => o.id === id));
    if (order < 0)
      throw new DomainError(400, `“${item.name}” için böyle bir seçenek yok (#${id}).`, { menu_item_id: item.id, option_id: id });
    const group = groups[order]!;
    if (chosen.some((c) => c.order === order)) {
      throw new DomainError(400, `“${item.name}” için “${group.name}” grubundan tek seçenek seçilebilir.`, { menu_item_id: item.id });
    }
    const option = group.options.find((o) => o.id === id)!;
    unitPrice = unitPrice.add(option.priceDelta);
    chosen.push({ id, group: group.name, name: option.name, price_delta: toMoney(option.priceDelta), order });
  }
  if (unitPrice.isNegative()) throw new DomainError(400, NEGATIVE_LINE_PRICE, { menu_item_id: item.id });
  return { chosen: chosen.sort((a, b) => a.order - b.order).map(({ order: _, ...c }) => c), unitPrice };
}
