// Reservations. Every function takes the restaurant from the session first. A write that
// may put a reservation on a table locks that table's row first (as orders do, see
// lockTable), so two requests for the same table and time cannot both pass the clash check.
import { Prisma } from "~/generated/prisma/client";
import { publishEvents, recordEvent, type LiveEvent } from "~/modules/live/events.server";
import { prisma, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import {
  ACTIVE_STATUSES,
  badMove,
  canMove,
  CLASH_WINDOW_MS,
  clashMessage,
  LIST_LIMIT,
  MAX_DAYS_AHEAD,
  NOT_FOUND,
  PAST,
  STALE,
  tableMissing,
  TOO_FAR,
  type ReservationStatus,
} from "./rules";
import type { CreateReservationInput, ReservationFilter, UpdateReservationInput } from "./schemas";
import { fromLocal, toLocal } from "./time";

/** A refusal, optionally on one form field (pageAction shows it there). */
export class ReservationError extends DomainError {
  constructor(
    status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
    extra?: Record<string, unknown>,
  ) {
    super(status, message, extra);
  }
}

/** Which restaurant, and the zone its days and clock times are in. */
export interface Place {
  id: number;
  timezone: string;
}

const rowSelect = {
  id: true,
  tableNumber: true,
  customerName: true,
  customerPhone: true,
  customerEmail: true,
  reservedFor: true,
  guestCount: true,
  notes: true,
  status: true,
  version: true,
  createdAt: true,
  updatedAt: true,
} as const;
type Row = Prisma.ReservationGetPayload<{ select: typeof rowSelect }>;

/** The API's shape (the spec's snake_case fields) and the screen's. */
export interface ReservationView {
  id: number;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  table_number: number;
  /** The restaurant's local day and clock time ("2026-11-24", "19:30"). */
  date: string;
  time: string;
  guest_count: number;
  notes: string | null;
  status: ReservationStatus;
  /** Send it back with an edit: an edit based on an older version is refused (409). */
  version: number;
  created_at: string;
  updated_at: string;
}

function toView(row: Row, timeZone: string): ReservationView {
  const { date, time } = toLocal(row.reservedFor, timeZone);
  return {
    id: row.id,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    customer_email: row.customerEmail,
    table_number: row.tableNumber,
    date,
    time,
    guest_count: row.guestCount,
    notes: row.notes,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const live = (restaurantId: number) => ({ restaurantId, deletedAt: null });

/**
 * The floor's grids show a reservation due within the hour (decision 032): every change is an
 * event for them, with ids only (names and phones stay on the reservations screen). Recorded last
 * in the transaction, after its row locks (decision 078).
 */
function recordChange(tx: Tx, restaurantId: number, view: { id: number; table_number: number; status: string }) {
  return recordEvent(
    tx,
    restaurantId,
    "reservation.changed",
    { reservation_id: view.id, table_number: view.table_number, status: view.status },
    "floor",
  );
}

export interface ListOptions extends ReservationFilter {
  /** Without a day: from today on (the default), or the past ones, newest first. */
  past?: boolean;
}

/**
 * The restaurant's reservations: of one local day when `date` is given (by time), else
 * from the start of today on (by time), or the earlier ones (newest first); at most LIST_LIMIT.
 */
export async function listReservations(place: Place, filter: ListOptions = {}, now = new Date()): Promise<ReservationView[]> {
  const where: Prisma.ReservationWhereInput = { ...live(place.id), ...(filter.status ? { status: filter.status } : {}) };
  let order: Prisma.SortOrder = "asc";
  if (filter.date) {
    where.reservedFor = {
      gte: fromLocal(filter.date, "00:00", place.timezone),
      lt: fromLocal(nextDay(filter.date), "00:00", place.timezone),
    };
  } else {
    const today = fromLocal(toLocal(now, place.timezone).date, "00:00", place.timezone);
    if (filter.past) {
      where.reservedFor = { lt: today };
      order = "desc";
    } else where.reservedFor = { gte: today };
  }
  const rows = await prisma.reservation.findMany({
    where,
    select: rowSelect,
    orderBy: [{ reservedFor: order }, { id: order }],
    take: LIST_LIMIT,
  });
  return rows.map((r) => toView(r, place.timezone));
}

function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

export interface ReservationStats {
  total: number;
  today: number;
  pending: number;
  confirmed: number;
  completed: number;
  cancelled: number;
}

/** The screen's cards: counts by status, and today's reservations that still hold a table. */
export async function reservationStats(place: Place, now = new Date()): Promise<ReservationStats> {
  const day = toLocal(now, place.timezone).date;
  const [groups, today] = await Promise.all([
    prisma.reservation.groupBy({ by: ["status"], where: live(place.id), _count: { _all: true } }),
    prisma.reservation.count({
      where: {
        ...live(place.id),
        status: { in: [...ACTIVE_STATUSES] },
        reservedFor: { gte: fromLocal(day, "00:00", place.timezone), lt: fromLocal(nextDay(day), "00:00", place.timezone) },
      },
    }),
  ]);
  const by = (s: ReservationStatus) => groups.find((g) => g.status === s)?._count._all ?? 0;
  return {
    total: groups.reduce((n, g) => n + g._count._all, 0),
    today,
    pending: by("pending"),
    confirmed: by("confirmed"),
    completed: by("completed"),
    cancelled: by("cancelled"),
  };
}

export async function getReservation(place: Place, id: number): Promise<ReservationView> {
  const row = await prisma.reservation.findFirst({ where: { id, ...live(place.id) }, select: rowSelect });
  if (!row) throw new ReservationError(404, NOT_FOUND);
  return toView(row, place.timezone);
}

/** Refuses a time already past (from the start of this minute) or too far ahead. */
function assertBookable(at: Date, now: Date) {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  if (at.getTime() < minute) throw new ReservationError(400, PAST, "date");
  if (at.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) throw new ReservationError(400, TOO_FAR, "date");
}

/** The live table with this number, locked until the transaction ends; null when there is none. */
async function lockTableRow(tx: Tx, restaurantId: number, number: number): Promise<{ id: number } | null> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM tables WHERE restaurantId = ${restaurantId} AND number = ${number} AND archivedAt IS NULL FOR UPDATE`;
  return row ?? null;
}

/**
 * 409 when another pending or confirmed reservation of the table is less than two hours
 * from `at`, naming it. Call with the table locked: every write that could add one holds it.
 */
async function assertNoClash(tx: Tx, place: Place, table: number, at: Date, exceptId?: number) {
  const other = await tx.reservation.findFirst({
    where: {
      ...live(place.id),
      tableNumber: table,
      status: { in: [...ACTIVE_STATUSES] },
      reservedFor: { gt: new Date(at.getTime() - CLASH_WINDOW_MS), lt: new Date(at.getTime() + CLASH_WINDOW_MS) },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: rowSelect,
    orderBy: { reservedFor: "asc" },
  });
  if (!other) return;
  const view = toView(other, place.timezone);
  throw new ReservationError(409, clashMessage(table, { name: view.customer_name, date: view.date, time: view.time }), "time", {
    clash: { id: view.id, customer_name: view.customer_name, table_number: table, date: view.date, time: view.time },
  });
}

/**
 * Creates a reservation (status pending unless said). A repeat with the same key answers
 * the first one (replayed), also when the two arrive together.
 */
export async function createReservation(
  place: Place,
  input: CreateReservationInput,
  createKey: string | undefined,
  now = new Date(),
): Promise<{ reservation: ReservationView; replayed: boolean }> {
  const restaurantId = place.id;
  const replay = async (db: Tx | typeof prisma = prisma) => {
    if (!createKey) return null;
    const row = await db.reservation.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey } }, select: rowSelect });
    return row ? { reservation: toView(row, place.timezone), replayed: true } : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const at = fromLocal(input.date, input.time, place.timezone);
  assertBookable(at, now);
  let events: LiveEvent[] = [];
  try {
    const result = await prisma.$transaction(async (tx) => {
      const table = await lockTableRow(tx, restaurantId, input.table_number);
      if (!table) throw new ReservationError(400, tableMissing(input.table_number), "table_number");
      // The same key may have been saved while this request waited for the table.
      const raced = await replay(tx);
      if (raced) return raced;
      if (ACTIVE_STATUSES.includes(input.status)) await assertNoClash(tx, place, input.table_number, at);
      const row = await tx.reservation.create({
        data: {
          restaurantId,
          tableId: table.id,
          tableNumber: input.table_number,
          customerName: input.customer_name,
          customerPhone: input.customer_phone,
          customerEmail: input.customer_email ?? null,
          reservedFor: at,
          guestCount: input.guest_count,
          notes: input.notes ?? null,
          status: input.status,
          createKey: createKey ?? null,
        },
        select: rowSelect,
      });
      const reservation = toView(row, place.timezone);
      events = [await recordChange(tx, restaurantId, reservation)];
      return { reservation, replayed: false };
    });
    publishEvents(events);
    return result;
  } catch (error) {
    if (isUniqueViolation(error, "createKey")) {
      const first = await replay();
      if (first) return first;
    }
    throw error;
  }
}

interface LockedRow {
  id: number;
  tableNumber: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  reservedFor: Date;
  guestCount: number;
  notes: string | null;
  status: ReservationStatus;
  version: number;
}

/**
 * The reservation's row, locked. Read with the lock (not a plain read) so that the
 * transaction's first consistent read, and so its snapshot, comes after the table's lock.
 */
async function lockReservation(tx: Tx, restaurantId: number, id: number): Promise<LockedRow> {
  const [row] = await tx.$queryRaw<LockedRow[]>`
    SELECT id, tableNumber, customerName, customerPhone, customerEmail, reservedFor, guestCount, notes, status, version
    FROM reservations WHERE id = ${id} AND restaurantId = ${restaurantId} AND deletedAt IS NULL FOR UPDATE`;
  if (!row) throw new ReservationError(404, NOT_FOUND);
  return { ...row, guestCount: Number(row.guestCount), version: Number(row.version), tableNumber: Number(row.tableNumber) };
}

/**
 * Edits a reservation (the fields sent; the edit form may set any status). With `version`, an
 * edit based on an older version is refused (409) unless it asks for what is stored already
 * (a double submit). A new day or time must not be past; a reservation that holds a table
 * after the edit must not clash.
 */
export async function updateReservation(
  place: Place,
  id: number,
  input: UpdateReservationInput,
  now = new Date(),
): Promise<ReservationView> {
  let events: LiveEvent[] = [];
  const view = await prisma.$transaction(async (tx) => {
    const row = await lockReservation(tx, place.id, id);
    const local = toLocal(row.reservedFor, place.timezone);
    const date = input.date ?? local.date;
    const time = input.time ?? local.time;
    const next = {
      customerName: input.customer_name ?? row.customerName,
      customerPhone: input.customer_phone ?? row.customerPhone,
      customerEmail: input.customer_email === undefined ? row.customerEmail : input.customer_email,
      tableNumber: input.table_number ?? row.tableNumber,
      reservedFor: date === local.date && time === local.time ? row.reservedFor : fromLocal(date, time, place.timezone),
      guestCount: input.guest_count ?? row.guestCount,
      notes: input.notes === undefined ? row.notes : input.notes,
      status: input.status ?? row.status,
    };
    const moved = next.reservedFor.getTime() !== row.reservedFor.getTime();
    const changed =
      moved ||
      next.customerName !== row.customerName ||
      next.customerPhone !== row.customerPhone ||
      (next.customerEmail ?? null) !== row.customerEmail ||
      next.tableNumber !== row.tableNumber ||
      next.guestCount !== row.guestCount ||
      (next.notes ?? null) !== row.notes ||
      next.status !== row.status;
    if (!changed) return getReservationIn(tx, place, id);
    if (input.version !== undefined && input.version !== row.version) throw new ReservationError(409, STALE);
    if (moved) assertBookable(next.reservedFor, now);

    const table = await lockTableRow(tx, place.id, next.tableNumber);
    if (!table && next.tableNumber !== row.tableNumber) {
      throw new ReservationError(400, tableMissing(next.tableNumber), "table_number");
    }
    const holds = ACTIVE_STATUSES.includes(next.status);
    const newlyHolds = holds && (moved || next.tableNumber !== row.tableNumber || !ACTIVE_STATUSES.includes(row.status));
    if (newlyHolds) await assertNoClash(tx, place, next.tableNumber, next.reservedFor, id);

    const updated = await tx.reservation.update({
      where: { id },
      data: {
        ...next,
        customerEmail: next.customerEmail ?? null,
        notes: next.notes ?? null,
        ...(next.tableNumber !== row.tableNumber ? { tableId: table?.id ?? null } : {}),
        version: { increment: 1 },
      },
      select: rowSelect,
    });
    const view = toView(updated, place.timezone);
    events = [await recordChange(tx, place.id, view)];
    // Moved to another table: the old one's grid line goes too.
    if (row.tableNumber !== view.table_number) events.push(await recordChange(tx, place.id, { ...view, table_number: row.tableNumber }));
    return view;
  });
  publishEvents(events);
  return view;
}

async function getReservationIn(tx: Tx, place: Place, id: number) {
  const row = await tx.reservation.findUniqueOrThrow({ where: { id }, select: rowSelect });
  return toView(row, place.timezone);
}

/**
 * The card's one-tap move (pending → confirmed or cancelled, confirmed → completed). Asking
 * for the status it already has (a double tap) succeeds; any other move is 409.
 */
export async function moveReservation(place: Place, id: number, to: ReservationStatus): Promise<ReservationView> {
  let events: LiveEvent[] = [];
  const view = await prisma.$transaction(async (tx) => {
    const row = await lockReservation(tx, place.id, id);
    if (row.status === to) return getReservationIn(tx, place, id);
    if (!canMove(row.status, to)) throw new ReservationError(409, badMove(row.status, to));
    const updated = await tx.reservation.update({ where: { id }, data: { status: to, version: { increment: 1 } }, select: rowSelect });
    const view = toView(updated, place.timezone);
    events = [await recordChange(tx, place.id, view)];
    return view;
  });
  publishEvents(events);
  return view;
}

/**
 * Deletes a reservation: the row stays as a tombstone (so a repeated delete answers 200, and
 * another restaurant's id still 404) but the guest's details are blanked.
 */
export async function deleteReservation(restaurantId: number, id: number): Promise<void> {
  const row = await prisma.reservation.findFirst({ where: { id, restaurantId }, select: { id: true } });
  if (!row) throw new ReservationError(404, NOT_FOUND);
  const events = await prisma.$transaction(async (tx) => {
    const [live] = await tx.$queryRaw<{ tableNumber: number }[]>`
      SELECT tableNumber FROM reservations WHERE id = ${id} AND restaurantId = ${restaurantId} AND deletedAt IS NULL FOR UPDATE`;
    // Deleted already (a repeat): nothing changes, nothing to tell.
    if (!live) return [];
    await tx.reservation.updateMany({
      where: { id, restaurantId, deletedAt: null },
      data: {
        deletedAt: new Date(),
        status: "cancelled",
        customerName: "",
        customerPhone: "",
        customerEmail: null,
        notes: null,
        version: { increment: 1 },
      },
    });
    return [await recordChange(tx, restaurantId, { id, table_number: Number(live.tableNumber), status: "cancelled" })];
  });
  publishEvents(events);
}
