import { prisma, rawQuery, sqlQuery, type SqlTx, type Tx } from "~/utils/db.server";
import { Prisma } from "~/generated/prisma/client";
import { DomainError } from "~/utils/domain-error";
import { publishEvents, recordEvent } from "~/modules/live/events.server";
import { formatClock } from "~/utils/dates";
import { formatMoney, toMoney } from "~/utils/money";
import { withLocative } from "./labels";
import type { TableStatusInput } from "./schemas";

export interface TableSectionLabel {
  id: number;
  name: string;
  color: string;
  sort_order: number;
}

export interface TableDto {
  id: number;
  number: number;
  status: string;
  waiter_name: string | null;
  customer_count: number;
  /** Set (only) when the table has open orders: what its bill comes to before the service charge (issue 22). */
  owed?: number;
  /** Sofra's own fields beside the spec's: the display name and section from table management (absent for a table not laid out). */
  display_name?: string | null;
  section?: TableSectionLabel | null;
  /**
   * Set (only) when the table has an unsent cart, a draft of the order screen
   * without JavaScript (see unsentDraftSql).
   */
  draft?: true;
  /** Set (only) when a line of its open order is ready at the kitchen and not yet served (decision 079). */
  ready?: true;
  /** Set (only) when a pending or confirmed reservation of the table is due within the hour (see upcomingReservations). */
  reservation?: { time: string; name: string };
}

/**
 * A table has an unsent cart when some session's draft for it has items for a
 * new order, or edits an order that is still open (a draft left over from an
 * order paid since does not count). `t` is the tables row.
 */
export const unsentDraftSql = Prisma.sql`EXISTS (
  SELECT 1 FROM order_drafts d WHERE d.tableId = t.id AND (
    (d.baseOrderId IS NULL AND EXISTS (SELECT 1 FROM order_draft_items i WHERE i.draftId = d.id))
    OR EXISTS (SELECT 1 FROM orders o WHERE o.id = d.baseOrderId AND o.status = 'active')))`;

/**
 * A line of the table's open order is ready at its station and not yet served. `t` is the tables row.
 * STRAIGHT_JOIN keeps the order the indexes serve: the table's open orders, their tickets, their
 * lines. Left to itself the optimizer read every kitchen ticket of every restaurant first, once per
 * table: 4,549 rows for a 20-table grid in the rush, growing with the tickets' history (decision 095).
 */
export const readyLinesSql = Prisma.sql`EXISTS (
  SELECT 1 FROM orders o
  STRAIGHT_JOIN kitchen_tickets kt ON kt.orderId = o.id
  STRAIGHT_JOIN kitchen_ticket_items ki ON ki.ticketId = kt.id
  WHERE o.tableId = t.id AND o.status = 'active' AND kt.status IN ('new', 'preparing', 'ready')
    AND ki.status = 'ready' AND ki.voided = FALSE)`;

/**
 * What the grids read of a live table `t`: its own columns, its configuration's display
 * name and its section (one row each at most: tableId is unique), and the unsent-cart mark.
 * With `gridTablesFromSql` after FROM; archived tables (decision 030) are left out by `liveTableSql`.
 */
export const gridColumnsSql = Prisma.sql`t.id, t.number, t.status, t.waiterName, t.customerCount,
  c.displayName, sec.id AS sectionId, sec.name AS sectionName, sec.color AS sectionColor, sec.sortOrder AS sectionOrder,
  ${unsentDraftSql} AS draft, ${readyLinesSql} AS ready,
  (SELECT SUM(o.totalAmount - o.paidLines) FROM orders o WHERE o.tableId = t.id AND o.status = 'active') AS owed`;
export const gridJoinsSql = Prisma.sql`LEFT JOIN table_configurations c ON c.tableId = t.id
  LEFT JOIN table_sections sec ON sec.id = c.sectionId`;
export const liveTableSql = Prisma.sql`t.archivedAt IS NULL`;

export interface GridRow {
  id: number;
  number: number;
  status: string;
  waiterName: string | null;
  customerCount: number;
  displayName?: string | null;
  sectionId?: number | null;
  sectionName?: string | null;
  sectionColor?: string | null;
  sectionOrder?: number | null;
  draft?: unknown;
  ready?: unknown;
  /** The open orders' total (null without any). */
  owed?: Prisma.Decimal | string | number | null;
}

const tableSelect = { id: true, number: true, status: true, waiterName: true, customerCount: true } as const;

/** A table's display name and section through the model API (what gridJoinsSql reads in SQL). */
export const configurationLabelSelect = {
  displayName: true,
  section: { select: { id: true, name: true, color: true, sortOrder: true } },
} as const;

export function withLabel<T extends Omit<GridRow, "displayName" | "sectionId">>(
  row: T & {
    configuration: { displayName: string; section: { id: number; name: string; color: string; sortOrder: number } | null } | null;
  },
): GridRow {
  const { configuration, ...table } = row;
  return {
    ...table,
    displayName: configuration?.displayName ?? null,
    sectionId: configuration?.section?.id ?? null,
    sectionName: configuration?.section?.name ?? null,
    sectionColor: configuration?.section?.color ?? null,
    sectionOrder: configuration?.section?.sortOrder ?? null,
  };
}

export function tableDto(t: GridRow): TableDto {
  const dto: TableDto = { id: t.id, number: t.number, status: t.status, waiter_name: t.waiterName, customer_count: t.customerCount };
  // Only for tables laid out in table management, so the spec's shape (and the poll's size) stays for the others.
  if (t.displayName) dto.display_name = t.displayName;
  if (t.sectionId != null) {
    dto.section = { id: t.sectionId, name: t.sectionName ?? "", color: t.sectionColor ?? "blue", sort_order: Number(t.sectionOrder ?? 0) };
  }
  if (Number(t.draft ?? 0) > 0) dto.draft = true;
  if (Number(t.ready ?? 0) > 0) dto.ready = true;
  if (t.owed != null) dto.owed = toMoney(new Prisma.Decimal(t.owed));
  return dto;
}

/** Every table of the restaurant, by number, with its unsent-cart mark and a reservation due within the hour (the grids, the waiters' 3-second poll). */
export async function listTables(restaurantId: number, now = new Date()): Promise<TableDto[]> {
  return (await listTablesAt(restaurantId, now)).tables;
}

/**
 * listTables with the floor's version it was read at (the restaurant's live-event sequence, in the
 * same statement): a screen that follows the floor's events skips those its tables already have
 * and applies the rows the later ones carry, without reading them again first (decision 094).
 */
export async function listTablesAt(restaurantId: number, now = new Date()): Promise<{ tables: TableDto[]; version: number | null }> {
  // On the driver (decision 091), as the poll: every screen with a grid loads it.
  const tables = await sqlQuery.$queryRaw<(GridRow & { upcoming: unknown; version: number | bigint | null })[]>`
    SELECT ${gridColumnsSql}, ${upcomingReservationsSql(Prisma.sql`${restaurantId}`, now)} AS upcoming,
      (SELECT q.lastId FROM live_event_sequences q WHERE q.restaurantId = ${restaurantId}) AS version
    FROM tables t ${gridJoinsSql}
    WHERE t.restaurantId = ${restaurantId} AND ${liveTableSql} ORDER BY t.number`;
  const version = tables[0]?.version;
  return { tables: withReservations(tables.map(tableDto), tables[0]?.upcoming), version: version == null ? null : Number(version) };
}

/**
 * The rows of some tables, as listTables gives them, by number or id (live ones only; a number or
 * id the restaurant has no live table for is simply not in the answer): what a floor event carries
 * (decision 094).
 */
export async function gridRowsOf(
  restaurantId: number,
  refs: { numbers: readonly number[]; ids: readonly number[] },
  now = new Date(),
): Promise<TableDto[]> {
  const which: Prisma.Sql[] = [];
  if (refs.numbers.length > 0) which.push(Prisma.sql`t.number IN (${Prisma.join(refs.numbers)})`);
  if (refs.ids.length > 0) which.push(Prisma.sql`t.id IN (${Prisma.join(refs.ids)})`);
  if (which.length === 0) return [];
  // On the driver (as the poll): it runs once per floor event and process.
  const tables = await rawQuery<GridRow & { upcoming: unknown }>(Prisma.sql`
    SELECT ${gridColumnsSql}, ${upcomingReservationsSql(Prisma.sql`${restaurantId}`, now)} AS upcoming
    FROM tables t ${gridJoinsSql}
    WHERE t.restaurantId = ${restaurantId} AND ${liveTableSql} AND (${Prisma.join(which, " OR ")})`);
  return withReservations(tables.map(tableDto), tables[0]?.upcoming);
}

/** The grids show a reservation from an hour before it until 15 minutes after (the guests may still come): decision 032. */
const RESERVATION_AHEAD_MS = 60 * 60_000;
const RESERVATION_LATE_MS = 15 * 60_000;

/**
 * A column for the grid queries: the restaurant's pending or confirmed reservations due within
 * the hour, as a JSON array (NULL when none, almost always). `restaurantId` must be a constant
 * for the query: a parameter, or the poll's session row (read first, as a const table). Then
 * MariaDB runs it once per query as one range read of (restaurantId, reservedFor), whatever the
 * history; a subquery per table would read every reservation each table ever had (decision 032).
 */
export function upcomingReservationsSql(restaurantId: Prisma.Sql, now: Date): Prisma.Sql {
  return Prisma.sql`(
    SELECT JSON_ARRAYAGG(JSON_OBJECT('table', r.tableId, 'at', DATE_FORMAT(r.reservedFor, '%Y-%m-%dT%H:%i:%sZ'),
      'name', r.customerName, 'tz', rs.timezone))
    FROM reservations r JOIN restaurants rs ON rs.id = r.restaurantId
    WHERE r.restaurantId = ${restaurantId}
      AND r.reservedFor >= ${new Date(now.getTime() - RESERVATION_LATE_MS)}
      AND r.reservedFor < ${new Date(now.getTime() + RESERVATION_AHEAD_MS)}
      AND r.status IN ('pending', 'confirmed') AND r.deletedAt IS NULL AND r.tableId IS NOT NULL)`;
}

/**
 * The tables with their reservation line (the earliest, if a table had two in the window), from
 * the `upcoming` column; the key stays out of tables without one (the poll's size).
 */
export function withReservations(tables: TableDto[], upcoming: unknown): TableDto[] {
  if (upcoming == null) return tables;
  const list = (typeof upcoming === "string" ? JSON.parse(upcoming) : upcoming) as {
    table: number;
    at: string;
    name: string;
    tz: string;
  }[];
  const byTable = new Map<number, { at: string; name: string; tz: string }>();
  for (const r of list) {
    const seen = byTable.get(r.table);
    if (!seen || r.at < seen.at) byTable.set(r.table, r);
  }
  return tables.map((t) => {
    const r = byTable.get(t.id);
    return r ? { ...t, reservation: { time: formatClock(r.at, r.tz), name: r.name } } : t;
  });
}

export const tableNotFound = (number: number) => new DomainError(404, `Masa bulunamadı: ${number}`);

/**
 * A live table's id (for the reads about it that follow) and its heading, the number and display
 * name a screen about that one table shows, or null when the restaurant has no such live table:
 * one indexed row, not the grid.
 */
export async function tableHeading(
  restaurantId: number,
  number: number,
): Promise<{ id: number; heading: { number: number; display_name?: string } } | null> {
  const [row] = await sqlQuery.$queryRaw<{ id: number; number: number; displayName: string | null }[]>`
    SELECT t.id, t.number, c.displayName FROM tables t LEFT JOIN table_configurations c ON c.tableId = t.id
    WHERE t.restaurantId = ${restaurantId} AND t.number = ${number} AND ${liveTableSql}`;
  if (!row) return null;
  const id = Number(row.id);
  return { id, heading: row.displayName ? { number: row.number, display_name: row.displayName } : { number: row.number } };
}

/** How many tables the restaurant has (a new one: its plan's starter set). */
export async function countTables(restaurantId: number): Promise<number> {
  return prisma.restaurantTable.count({ where: { restaurantId, archivedAt: null } });
}

/** The restaurant's table with this number, or a 404 (an archived one too: decision 030). */
export async function findTable(restaurantId: number, number: number, db: Tx | typeof prisma = prisma) {
  const table = await db.restaurantTable.findUnique({
    where: { restaurantId_number: { restaurantId, number } },
    select: { ...tableSelect, archivedAt: true },
  });
  if (!table || table.archivedAt) throw tableNotFound(number);
  return table;
}

/**
 * The restaurant's table with this number, locked until the transaction ends (or a 404).
 * Every write to a table's orders (new order, update, payment) takes this lock first, so
 * they run one at a time per table: no deadlock between them, and a payment counting the
 * table's open orders sees the others' committed changes.
 */
export type LockedTable = { id: number; number: number; status: string; waiterName: string | null; customerCount: number };

export async function lockTable(tx: SqlTx, restaurantId: number, number: number): Promise<LockedTable> {
  const [table] = await tx.$queryRaw<LockedTable[]>`
    SELECT id, number, status, waiterName, customerCount FROM tables
    WHERE restaurantId = ${restaurantId} AND number = ${number} AND archivedAt IS NULL FOR UPDATE`;
  if (!table) throw tableNotFound(number);
  return table;
}

/**
 * Refuses (409, naming the amount) what would lose the table's unpaid bill: freeing it
 * (the next guests would get the bill) or deleting it. Call with the table locked.
 */
export async function assertNoOpenBill(tx: Tx, restaurantId: number, table: { id: number; number: number }): Promise<void> {
  const [open] = await tx.$queryRaw<{ n: bigint; total: Prisma.Decimal | null }[]>`
    SELECT COUNT(*) AS n, SUM(totalAmount - paidLines) AS total FROM orders
    WHERE restaurantId = ${restaurantId} AND tableId = ${table.id} AND status = 'active'`;
  if (Number(open!.n) > 0) {
    const amount = toMoney(new Prisma.Decimal(open!.total ?? 0));
    throw new DomainError(409, unpaidBill(table.number, amount), { open_orders: Number(open!.n), open_amount: amount });
  }
}

export const unpaidBill = (number: number, amount: number) =>
  `Masa ${withLocative(number)} ödenmemiş ${formatMoney(amount)} hesap var; önce ödemeyi alın.`;

/**
 * The manager's status menu: empty clears the waiter and guests; occupied takes
 * a waiter name and a guest count (default 1); the rest clear both. A table with
 * unpaid orders cannot be set empty (the next guests would get its bill): 409.
 */
export async function setTableStatus(restaurantId: number, number: number, input: TableStatusInput): Promise<TableDto> {
  const { dto, event } = await prisma.$transaction(async (tx) => {
    // The table's lock first, as for every write to its orders: an order cannot slip in between.
    const table = await lockTable(tx, restaurantId, number);
    if (input.status === "empty") await assertNoOpenBill(tx, restaurantId, table);
    const occupied = input.status === "occupied";
    const updated = await tx.restaurantTable.update({
      where: { id: table.id },
      data: {
        status: input.status,
        waiterName: occupied ? (input.waiter_name ?? table.waiterName ?? null) : null,
        customerCount: occupied ? (input.customer_count ?? 1) : 0,
      },
      select: { ...tableSelect, configuration: { select: configurationLabelSelect } },
    });
    // Last, after the table's lock (decision 078): every screen of the floor shows the new status.
    const event = await recordEvent(
      tx,
      restaurantId,
      "table.updated",
      { table_id: table.id, number: table.number, status: input.status },
      "floor",
    );
    return { dto: tableDto(withLabel(updated)), event };
  });
  publishEvents([event]);
  return dto;
}
