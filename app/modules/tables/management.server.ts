// Table management: sections, table configurations (the floor-plan description of a
// live table), positions on the plan, and the migration of numbered tables into
// configurations. Every function takes the session's restaurant first and filters by it:
// another restaurant's id is a 404.
import { randomUUID } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { assertWithinPlanLimit } from "~/modules/billing/limits.server";
import { publishEvents, recordEvent, type LiveEvent } from "~/modules/live/events.server";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { prisma, type Tx } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { toMoney } from "~/utils/money";
import { configureNumberedTables, planCell } from "./numbered-tables.server";
export { LEGACY_SECTION_NAME, planCell } from "./numbered-tables.server";
import type {
  ConfigurationInput,
  ConfigurationUpdateInput,
  PositionInput,
  SectionInput,
  SectionUpdateInput,
  TableStatusInput,
} from "./schemas";
import { assertNoOpenBill, setTableStatus } from "./tables.server";
import { sortNaturally } from "~/utils/turkish-text";

export const SECTION_NOT_FOUND = "Bölüm bulunamadı.";
export const CONFIGURATION_NOT_FOUND = "Masa bulunamadı.";
export const SECTION_NAME_TAKEN = "Bu adla bir bölüm zaten var.";
export const IDENTIFIER_TAKEN = "Bu tanımlayıcıyla bir masa zaten var.";
export const STALE_SECTION = "Bu bölüm siz düzenlerken başka bir cihazdan değiştirildi. Sayfayı yenileyip değişikliğinizi yeniden yapın.";
export const STALE_TABLE = "Bu masa siz düzenlerken başka bir cihazdan değiştirildi. Sayfayı yenileyip değişikliğinizi yeniden yapın.";
/** A refusal that belongs to one form field (pageAction shows it there; the API adds `field`). */
class FieldRefusal extends DomainError {
  constructor(
    status: 404 | 409,
    message: string,
    readonly field: string,
  ) {
    super(status, message, { field });
  }
}

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

export interface SectionDto {
  id: number;
  name: string;
  description: string | null;
  color: string;
  sort_order: number;
  table_count: number;
  created_at: string;
  updated_at: string;
}

export interface ConfigurationDto {
  id: number;
  section_id: number | null;
  table_identifier: string;
  display_name: string;
  capacity: number;
  shape: string;
  size: string;
  position_x: number;
  position_y: number;
  special_features: string[];
  /** The live table the waiters see (null only for a configuration whose table is gone). */
  table_id: number | null;
  table_number: number | null;
  created_at: string;
  updated_at: string;
}

export interface EnhancedEntry {
  configuration: ConfigurationDto;
  section: { id: number; name: string; color: string } | null;
  status: {
    status: string;
    waiter_name: string | null;
    customer_count: number;
    /** Sofra's own: the unpaid orders of the table and their total (the detail panel's open bill). */
    open_orders: number;
    open_amount: number;
  };
}

const sectionRow = {
  id: true,
  name: true,
  description: true,
  color: true,
  sortOrder: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { configurations: true } },
} as const;

type SectionRow = Prisma.TableSectionGetPayload<{ select: typeof sectionRow }>;

function sectionDto(s: SectionRow): SectionDto {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    color: s.color,
    sort_order: s.sortOrder,
    table_count: s._count.configurations,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

const configurationRow = {
  id: true,
  sectionId: true,
  tableIdentifier: true,
  displayName: true,
  capacity: true,
  shape: true,
  size: true,
  positionX: true,
  positionY: true,
  specialFeatures: true,
  tableId: true,
  createdAt: true,
  updatedAt: true,
  table: { select: { number: true } },
} as const;

type ConfigurationRow = Prisma.TableConfigurationGetPayload<{ select: typeof configurationRow }>;

function configurationDto(c: ConfigurationRow): ConfigurationDto {
  const features = Array.isArray(c.specialFeatures) ? c.specialFeatures.filter((f): f is string => typeof f === "string") : [];
  return {
    id: c.id,
    section_id: c.sectionId,
    table_identifier: c.tableIdentifier,
    display_name: c.displayName,
    capacity: c.capacity,
    shape: c.shape,
    size: c.size,
    position_x: c.positionX,
    position_y: c.positionY,
    special_features: features,
    table_id: c.tableId,
    table_number: c.table?.number ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** A fresh idempotency key for a create form. */
export const newClientKey = () => randomUUID();

export interface Created<T> {
  value: T;
  /** True when the idempotency key had already created it: nothing new was made. */
  replayed: boolean;
}

// ---------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------

export async function listSections(restaurantId: number): Promise<SectionDto[]> {
  const rows = await prisma.tableSection.findMany({
    where: { restaurantId },
    select: sectionRow,
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }, { id: "asc" }],
  });
  return rows.map(sectionDto);
}

async function sectionOfKey(db: Tx | typeof prisma, restaurantId: number, key: string | undefined) {
  if (!key) return null;
  return db.tableSection.findUnique({ where: { restaurantId_clientKey: { restaurantId, clientKey: key } }, select: sectionRow });
}

/** Creates a section; a repeat with the same client key answers the first one (replayed). */
export async function createSection(restaurantId: number, input: SectionInput): Promise<Created<SectionDto>> {
  const seen = await sectionOfKey(prisma, restaurantId, input.client_id);
  if (seen) return { value: sectionDto(seen), replayed: true };
  try {
    return await prisma.$transaction(async (tx) => {
      // The restaurant's lock serialises creates: the key and the name are checked, then written, one at a time.
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      const again = await sectionOfKey(tx, restaurantId, input.client_id);
      if (again) return { value: sectionDto(again), replayed: true };
      await assertSectionNameFree(tx, restaurantId, input.name, null);
      const last = await tx.tableSection.aggregate({ where: { restaurantId }, _max: { sortOrder: true } });
      const created = await tx.tableSection.create({
        data: {
          restaurantId,
          name: input.name,
          description: input.description ?? null,
          color: input.color,
          sortOrder: (last._max.sortOrder ?? -1) + 1,
          clientKey: input.client_id ?? null,
        },
        select: sectionRow,
      });
      return { value: sectionDto(created), replayed: false };
    });
  } catch (error) {
    if (isUniqueViolation(error, "name")) throw new FieldRefusal(409, SECTION_NAME_TAKEN, "name");
    throw error;
  }
}

async function assertSectionNameFree(tx: Tx, restaurantId: number, name: string, exceptId: number | null) {
  const same = await tx.tableSection.findFirst({
    where: { restaurantId, name, NOT: exceptId ? { id: exceptId } : undefined },
    select: { id: true },
  });
  if (same) throw new FieldRefusal(409, SECTION_NAME_TAKEN, "name");
}

/** Edits a section; one based on an older version (updated_at) than the row's is refused (409). */
export async function updateSection(restaurantId: number, id: number, input: SectionUpdateInput): Promise<SectionDto> {
  let events: LiveEvent[] = [];
  try {
    const section = await prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ id: number; updatedAt: Date }[]>`
        SELECT id, updatedAt FROM table_sections WHERE id = ${id} AND restaurantId = ${restaurantId} FOR UPDATE`;
      if (!row) throw new DomainError(404, SECTION_NOT_FOUND);
      if (input.updated_at && row.updatedAt.getTime() !== input.updated_at.getTime()) throw new DomainError(409, STALE_SECTION);
      await assertSectionNameFree(tx, restaurantId, input.name, id);
      const updated = await tx.tableSection.update({
        where: { id },
        data: { name: input.name, description: input.description ?? null, color: input.color },
        select: sectionRow,
      });
      // Its tables show the section's name and colour on the floor's grids (and its poll's tag).
      events = [await recordEvent(tx, restaurantId, "table.updated", { section_id: id, change: "section" }, "floor")];
      return sectionDto(updated);
    });
    publishEvents(events);
    return section;
  } catch (error) {
    if (isUniqueViolation(error, "name")) throw new FieldRefusal(409, SECTION_NAME_TAKEN, "name");
    throw error;
  }
}

/**
 * Deletes a section; its tables stay, without a section (decision 029). A second
 * delete finds nothing: 404, and nothing changes.
 */
export async function deleteSection(restaurantId: number, id: number): Promise<{ deleted: true; released_tables: number }> {
  let events: LiveEvent[] = [];
  const result = await prisma.$transaction(async (tx) => {
    const released = await tx.tableConfiguration.count({ where: { restaurantId, sectionId: id } });
    const { count } = await tx.tableSection.deleteMany({ where: { id, restaurantId } });
    if (count === 0) throw new DomainError(404, SECTION_NOT_FOUND);
    if (released > 0) events = [await recordEvent(tx, restaurantId, "table.updated", { section_id: id, change: "section" }, "floor")];
    return { deleted: true as const, released_tables: released };
  });
  publishEvents(events);
  return result;
}

// ---------------------------------------------------------------------------
// Table configurations
// ---------------------------------------------------------------------------

export async function listConfigurations(restaurantId: number): Promise<ConfigurationDto[]> {
  const rows = await prisma.tableConfiguration.findMany({
    where: { restaurantId },
    select: configurationRow,
  });
  // In natural order ("2" before "10", decision 069): SQL's collation sorts "10" first.
  return sortNaturally(rows, (r) => r.tableIdentifier).map(configurationDto);
}

async function configurationOfKey(db: Tx | typeof prisma, restaurantId: number, key: string | undefined) {
  if (!key) return null;
  return db.tableConfiguration.findUnique({
    where: { restaurantId_clientKey: { restaurantId, clientKey: key } },
    select: configurationRow,
  });
}

async function assertSectionOwned(tx: Tx, restaurantId: number, sectionId: number | null) {
  if (sectionId === null) return;
  const section = await tx.tableSection.findFirst({ where: { id: sectionId, restaurantId }, select: { id: true } });
  if (!section) throw new FieldRefusal(404, SECTION_NOT_FOUND, "section_id");
}

async function assertIdentifierFree(tx: Tx, restaurantId: number, identifier: string, exceptId: number | null) {
  const same = await tx.tableConfiguration.findFirst({
    where: { restaurantId, tableIdentifier: identifier, NOT: exceptId ? { id: exceptId } : undefined },
    select: { id: true },
  });
  if (same) throw new FieldRefusal(409, IDENTIFIER_TAKEN, "table_identifier");
}

const MAX_TABLE_NUMBER = 100_000;

/** The identifier as a table number ("12" → 12), or null when it is not one. */
export function identifierNumber(identifier: string): number | null {
  if (!/^\d{1,6}$/.test(identifier)) return null;
  const n = Number(identifier);
  return n >= 1 && n <= MAX_TABLE_NUMBER ? n : null;
}

/**
 * The live table a new configuration describes (decision 030), under the restaurant's lock:
 * the identifier's number when it is a number and no configured table has it (a numbered
 * table not yet laid out is taken over, an archived one comes back), else a new table with
 * the lowest number never used. A new or returning table counts against the plan's limit.
 */
async function liveTableFor(tx: Tx, restaurantId: number, identifier: string): Promise<number> {
  const wanted = identifierNumber(identifier);
  if (wanted !== null) {
    const row = await tx.restaurantTable.findUnique({
      where: { restaurantId_number: { restaurantId, number: wanted } },
      select: { id: true, archivedAt: true, configuration: { select: { id: true } } },
    });
    if (!row) {
      await assertWithinPlanLimit(tx, restaurantId, "tables");
      return (await tx.restaurantTable.create({ data: { restaurantId, number: wanted }, select: { id: true } })).id;
    }
    if (row.archivedAt) {
      await assertWithinPlanLimit(tx, restaurantId, "tables");
      await tx.restaurantTable.update({
        where: { id: row.id },
        data: { archivedAt: null, status: "empty", waiterName: null, customerCount: 0 },
      });
      return row.id;
    }
    if (!row.configuration) return row.id;
  }
  await assertWithinPlanLimit(tx, restaurantId, "tables");
  const used = await tx.restaurantTable.findMany({ where: { restaurantId }, select: { number: true }, orderBy: { number: "asc" } });
  let next = 1;
  for (const { number } of used) {
    if (number === next) next += 1;
    else if (number > next) break;
  }
  if (next > MAX_TABLE_NUMBER) throw new DomainError(409, "Masa numarası kalmadı.");
  return (await tx.restaurantTable.create({ data: { restaurantId, number: next }, select: { id: true } })).id;
}

/** Where a new table goes on its section's plan when no position is given: the next cell of a 3-column grid. */
async function nextPlanCell(tx: Tx, restaurantId: number, sectionId: number | null) {
  const count = await tx.tableConfiguration.count({ where: { restaurantId, sectionId } });
  return planCell(count);
}

/**
 * Creates a table configuration and, in the same transaction, the live table the waiters
 * see. A repeat with the same client key answers the first one (replayed).
 */
export async function createConfiguration(restaurantId: number, input: ConfigurationInput): Promise<Created<ConfigurationDto>> {
  const seen = await configurationOfKey(prisma, restaurantId, input.client_id);
  if (seen) return { value: configurationDto(seen), replayed: true };
  let events: LiveEvent[] = [];
  try {
    const created = await prisma.$transaction(async (tx) => {
      // First the restaurant's lock (as assertWithinPlanLimit takes it): numbers and limits are decided one at a time.
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      const again = await configurationOfKey(tx, restaurantId, input.client_id);
      if (again) return { value: configurationDto(again), replayed: true };
      await assertSectionOwned(tx, restaurantId, input.section_id);
      await assertIdentifierFree(tx, restaurantId, input.table_identifier, null);
      const tableId = await liveTableFor(tx, restaurantId, input.table_identifier);
      const cell =
        input.position_x === undefined || input.position_y === undefined ? await nextPlanCell(tx, restaurantId, input.section_id) : null;
      const created = await tx.tableConfiguration.create({
        data: {
          restaurantId,
          sectionId: input.section_id,
          tableId,
          tableIdentifier: input.table_identifier,
          displayName: input.display_name,
          capacity: input.capacity,
          shape: input.shape,
          size: input.size,
          positionX: input.position_x ?? cell!.x,
          positionY: input.position_y ?? cell!.y,
          specialFeatures: input.special_features,
          clientKey: input.client_id ?? null,
        },
        select: configurationRow,
      });
      // A table appears on the floor's grids (decision 078).
      events = [await recordEvent(tx, restaurantId, "table.updated", { table_id: tableId, change: "created" }, "floor")];
      return { value: configurationDto(created), replayed: false };
    });
    publishEvents(events);
    return created;
  } catch (error) {
    if (isUniqueViolation(error, "tableIdentifier")) throw new FieldRefusal(409, IDENTIFIER_TAKEN, "table_identifier");
    throw error;
  }
}

/** Edits a configuration (the live table keeps its number); a stale edit (updated_at) is refused (409). */
export async function updateConfiguration(restaurantId: number, id: number, input: ConfigurationUpdateInput): Promise<ConfigurationDto> {
  let events: LiveEvent[] = [];
  try {
    const configuration = await prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ id: number; updatedAt: Date }[]>`
        SELECT id, updatedAt FROM table_configurations WHERE id = ${id} AND restaurantId = ${restaurantId} FOR UPDATE`;
      if (!row) throw new DomainError(404, CONFIGURATION_NOT_FOUND);
      if (input.updated_at && row.updatedAt.getTime() !== input.updated_at.getTime()) throw new DomainError(409, STALE_TABLE);
      await assertSectionOwned(tx, restaurantId, input.section_id);
      await assertIdentifierFree(tx, restaurantId, input.table_identifier, id);
      const updated = await tx.tableConfiguration.update({
        where: { id },
        data: {
          sectionId: input.section_id,
          tableIdentifier: input.table_identifier,
          displayName: input.display_name,
          capacity: input.capacity,
          shape: input.shape,
          size: input.size,
          ...(input.position_x === undefined ? {} : { positionX: input.position_x }),
          ...(input.position_y === undefined ? {} : { positionY: input.position_y }),
          specialFeatures: input.special_features,
        },
        select: configurationRow,
      });
      // Its name or section on the floor's grids (decision 078).
      if (updated.tableId !== null) {
        events = [await recordEvent(tx, restaurantId, "table.updated", { table_id: updated.tableId, change: "configured" }, "floor")];
      }
      return configurationDto(updated);
    });
    publishEvents(events);
    return configuration;
  } catch (error) {
    if (isUniqueViolation(error, "tableIdentifier")) throw new FieldRefusal(409, IDENTIFIER_TAKEN, "table_identifier");
    throw error;
  }
}

/**
 * Moves tables on the plan. The target place is written (repeating it changes nothing);
 * the row's version (updatedAt) is left alone, so a drag does not make an open edit form
 * stale. All or nothing: one id that is not the restaurant's refuses the whole move (404).
 */
export async function moveConfigurations(restaurantId: number, moves: ({ id: number } & PositionInput)[]): Promise<void> {
  await prisma.$transaction(async (tx) => {
    for (const m of moves) {
      const changed = await tx.$executeRaw`
        UPDATE table_configurations SET positionX = ${m.position_x}, positionY = ${m.position_y}
        WHERE id = ${m.id} AND restaurantId = ${restaurantId}`;
      if (changed === 0) {
        const exists = await tx.tableConfiguration.count({ where: { id: m.id, restaurantId } });
        if (exists === 0) throw new DomainError(404, CONFIGURATION_NOT_FOUND);
      }
    }
  });
}

/**
 * Deletes a configuration and its live table. A table with an unpaid order is refused (409,
 * naming the amount). A table with past orders only is archived instead of deleted: the
 * orders keep their table and the grids no longer show it (decision 030). A second delete
 * finds nothing: 404.
 */
export async function deleteConfiguration(
  restaurantId: number,
  id: number,
): Promise<{ deleted: true; table: "deleted" | "archived" | null; section_id: number | null }> {
  let events: LiveEvent[] = [];
  const result = await prisma.$transaction(async (tx) => {
    const config = await tx.tableConfiguration.findFirst({ where: { id, restaurantId }, select: { tableId: true, sectionId: true } });
    if (!config) throw new DomainError(404, CONFIGURATION_NOT_FOUND);
    let table: "deleted" | "archived" | null = null;
    if (config.tableId !== null) {
      // The table's lock, as every write to its orders takes it first: no order slips in meanwhile.
      const [live] = await tx.$queryRaw<{ id: number; number: number }[]>`
        SELECT id, number FROM tables WHERE id = ${config.tableId} AND restaurantId = ${restaurantId} FOR UPDATE`;
      if (live) {
        await assertNoOpenBill(tx, restaurantId, live);
        const past = await tx.order.count({ where: { tableId: live.id } });
        table = past === 0 ? "deleted" : "archived";
      }
    }
    const { count } = await tx.tableConfiguration.deleteMany({ where: { id, restaurantId } });
    if (count === 0) throw new DomainError(404, CONFIGURATION_NOT_FOUND);
    if (table === "deleted") await tx.restaurantTable.delete({ where: { id: config.tableId! } });
    if (table === "archived") {
      await tx.restaurantTable.update({
        where: { id: config.tableId! },
        data: { archivedAt: new Date(), status: "empty", waiterName: null, customerCount: 0 },
      });
      // Carts left on it would never be sent.
      await tx.orderDraft.deleteMany({ where: { tableId: config.tableId! } });
    }
    // The table leaves the floor's grids (decision 078).
    if (table !== null)
      events = [await recordEvent(tx, restaurantId, "table.updated", { table_id: config.tableId, change: "removed" }, "floor")];
    return { deleted: true as const, table, section_id: config.sectionId };
  });
  publishEvents(events);
  return result;
}

// ---------------------------------------------------------------------------
// Status with the configuration (the detail panel, /api/enhanced-table-status)
// ---------------------------------------------------------------------------

async function openBills(restaurantId: number, tableIds: number[]) {
  if (tableIds.length === 0) return new Map<number, { n: number; total: number }>();
  const rows = await prisma.$queryRaw<{ tableId: number; n: bigint; total: Prisma.Decimal | null }[]>`
    SELECT tableId, COUNT(*) AS n, SUM(totalAmount) AS total FROM orders
    WHERE restaurantId = ${restaurantId} AND status = 'active' AND tableId IN (${Prisma.join(tableIds)})
    GROUP BY tableId`;
  return new Map(rows.map((r) => [r.tableId, { n: Number(r.n), total: toMoney(new Prisma.Decimal(r.total ?? 0)) }]));
}

const enhancedRow = {
  ...configurationRow,
  section: { select: { id: true, name: true, color: true } },
  table: { select: { number: true, status: true, waiterName: true, customerCount: true } },
} as const;

async function enhancedEntries(restaurantId: number, where: Prisma.TableConfigurationWhereInput): Promise<EnhancedEntry[]> {
  const rows = await prisma.tableConfiguration
    .findMany({
      where: { ...where, restaurantId },
      select: enhancedRow,
    })
    .then((list) => sortNaturally(list, (r) => r.tableIdentifier));
  const bills = await openBills(
    restaurantId,
    rows.flatMap((r) => (r.tableId === null ? [] : [r.tableId])),
  );
  return rows.map((r) => {
    const bill = r.tableId === null ? undefined : bills.get(r.tableId);
    return {
      configuration: configurationDto(r),
      section: r.section,
      status: {
        status: r.table?.status ?? "out_of_order",
        waiter_name: r.table?.waiterName ?? null,
        customer_count: r.table?.customerCount ?? 0,
        open_orders: bill?.n ?? 0,
        open_amount: bill?.total ?? 0,
      },
    };
  });
}

/** Every configuration with its section and its live table's status and open bill. */
export function listEnhancedStatus(restaurantId: number): Promise<EnhancedEntry[]> {
  return enhancedEntries(restaurantId, {});
}

/** Sets the status of a configuration's live table, with the rules of POST /api/tables/{n}/status. */
export async function setEnhancedStatus(restaurantId: number, id: number, input: TableStatusInput): Promise<EnhancedEntry> {
  const config = await prisma.tableConfiguration.findFirst({
    where: { id, restaurantId },
    select: { table: { select: { number: true } } },
  });
  if (!config) throw new DomainError(404, CONFIGURATION_NOT_FOUND);
  if (!config.table) throw new DomainError(409, "Bu masa kaydının bağlı olduğu masa yok.");
  await setTableStatus(restaurantId, config.table.number, input);
  const [entry] = await enhancedEntries(restaurantId, { id });
  if (!entry) throw new DomainError(404, CONFIGURATION_NOT_FOUND);
  return entry;
}

// ---------------------------------------------------------------------------
// Migration of numbered tables
// ---------------------------------------------------------------------------

/** How many live tables have no configuration yet (the migration prompt's count). */
export function countLegacyTables(restaurantId: number): Promise<number> {
  return prisma.restaurantTable.count({ where: { restaurantId, archivedAt: null, configuration: null } });
}

/**
 * Gives every numbered table without a configuration one, in the restaurant's first section or a
 * new "Ana Salon". Under the restaurant's lock: a second or concurrent run finds the tables
 * configured and creates nothing.
 */
export async function migrateLegacyTables(restaurantId: number): Promise<{ migrated_tables: number; section_id: number | null }> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
    const { configured, sectionId } = await configureNumberedTables(tx, restaurantId);
    return { migrated_tables: configured, section_id: sectionId };
  });
}
