// A restaurant's kitchen stations (decision 077). Every function takes the restaurant from the
// session first and filters by it: another restaurant's station is "not found" (404). Writes
// that renumber or depend on the other stations run under the restaurant's row lock, like the
// menu categories', so they cannot interleave.
import { Prisma } from "~/generated/prisma/client";
import { prisma, type Tx } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/db-errors";
import { DomainError } from "~/utils/domain-error";
import { lockRestaurant } from "~/utils/restaurant-lock.server";
import { closeGap, nextPosition, placeRow } from "~/utils/positions.server";
import { foldTurkish } from "~/utils/turkish-text";
import {
  DEFAULT_STATIONS,
  LAST_STATION,
  STATION_HAS_TICKETS,
  MAX_STATIONS,
  STALE_STATION_EDIT,
  STATION_IN_USE,
  STATION_NAME_TAKEN,
  STATION_NOT_FOUND,
  TOO_MANY_STATIONS,
  UNKNOWN_STATION,
  type DefaultStation,
  type StationDto,
} from "./stations";

/** A refusal that belongs to one field (the API adds `errors`). */
export class StationFieldError extends DomainError {
  constructor(
    status: 400 | 404 | 409,
    message: string,
    readonly field: string,
  ) {
    super(status, message, { errors: { [field]: [message] } });
  }
}

type Db = Tx | typeof prisma;
type StationRow = Prisma.StationGetPayload<object>;

function dto(s: StationRow, categoryCount: number): StationDto {
  return { id: s.id, name: s.name, position: s.position, category_count: categoryCount, version: s.version };
}

const categoryCount = (db: Db, restaurantId: number, stationId: number) => db.menuCategory.count({ where: { restaurantId, stationId } });

/** The restaurant's stations in the manager's order. */
export async function listStations(restaurantId: number, db: Db = prisma): Promise<StationDto[]> {
  const [rows, counts] = await Promise.all([
    db.station.findMany({ where: { restaurantId }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    db.menuCategory.groupBy({ by: ["stationId"], where: { restaurantId }, _count: { _all: true } }),
  ]);
  const byStation = new Map(counts.map((c) => [c.stationId, c._count._all]));
  return rows.map((s) => dto(s, byStation.get(s.id) ?? 0));
}

/** A new restaurant's stations ("Mutfak", "Bar"): their ids by name, for its first categories. */
export async function createDefaultStations(tx: Tx, restaurantId: number): Promise<Record<DefaultStation, number>> {
  await tx.station.createMany({ data: DEFAULT_STATIONS.map((name, position) => ({ restaurantId, name, position })) });
  const rows = await tx.station.findMany({
    where: { restaurantId, name: { in: [...DEFAULT_STATIONS] } },
    select: { id: true, name: true },
  });
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<DefaultStation, number>;
}

/** The station a new category goes to when none is named: the first in the manager's order. */
export async function firstStationId(db: Db, restaurantId: number): Promise<number> {
  const first = await db.station.findFirst({
    where: { restaurantId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (!first) throw new DomainError(409, LAST_STATION);
  return first.id;
}

/** Refuses a station id that is not one of the restaurant's (400 on `field`). */
export async function assertStation(db: Db, restaurantId: number, id: number, field = "station_id"): Promise<void> {
  const found = await db.station.findFirst({ where: { id, restaurantId }, select: { id: true } });
  if (!found) throw new StationFieldError(400, UNKNOWN_STATION, field);
}

/** Two stations may not share a name the way a person reads it ("İçki" = "ICKI"). */
async function assertNameFree(tx: Tx, restaurantId: number, name: string, exceptId: number | null) {
  const all = await tx.station.findMany({ where: { restaurantId }, select: { id: true, name: true } });
  const folded = foldTurkish(name);
  if (all.some((s) => s.id !== exceptId && foldTurkish(s.name) === folded)) throw new StationFieldError(409, STATION_NAME_TAKEN, "name");
}

const stationByKey = (db: Db, restaurantId: number, createKey: string) =>
  db.station.findUnique({ where: { restaurantId_createKey: { restaurantId, createKey } } });

/** Adds a station at the end. With a key (the API client's), a repeat answers with the station the first made. */
export async function createStation(
  restaurantId: number,
  name: string,
  createKey: string | null,
): Promise<{ station: StationDto; replayed: boolean }> {
  try {
    return await prisma.$transaction(async (tx) => {
      if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, "Restoran bulunamadı.");
      if (createKey) {
        const seen = await stationByKey(tx, restaurantId, createKey);
        if (seen) return { station: dto(seen, await categoryCount(tx, restaurantId, seen.id)), replayed: true };
      }
      const count = await tx.station.count({ where: { restaurantId } });
      if (count >= MAX_STATIONS) throw new DomainError(409, TOO_MANY_STATIONS);
      await assertNameFree(tx, restaurantId, name, null);
      const row = await tx.station.create({
        data: { restaurantId, name, createKey, position: await nextPosition(tx, "stations", restaurantId) },
      });
      return { station: dto(row, 0), replayed: false };
    });
  } catch (error) {
    if (createKey && isUniqueViolation(error, "createKey")) {
      const seen = await stationByKey(prisma, restaurantId, createKey);
      if (seen) return { station: dto(seen, 0), replayed: true };
    }
    throw error;
  }
}

/**
 * Renames or moves (`position`, the target place, 0 = first) a station. With `baseVersion` a
 * station changed since is refused (409). Setting what it already has changes nothing.
 */
export async function updateStation(
  restaurantId: number,
  id: number,
  fields: { name?: string; position?: number },
  baseVersion: number | null,
): Promise<StationDto> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, STATION_NOT_FOUND);
    const current = await tx.station.findFirst({ where: { id, restaurantId } });
    if (!current) throw new DomainError(404, STATION_NOT_FOUND);
    if (baseVersion !== null && baseVersion !== current.version) {
      throw new DomainError(409, STALE_STATION_EDIT, { id, version: current.version });
    }
    const renamed = fields.name !== undefined && fields.name !== current.name;
    if (renamed) await assertNameFree(tx, restaurantId, fields.name!, id);
    const moved = fields.position !== undefined && (await placeRow(tx, "stations", restaurantId, id, fields.position));
    const row =
      renamed || moved
        ? await tx.station.update({ where: { id }, data: { ...(renamed ? { name: fields.name } : {}), version: { increment: 1 } } })
        : current;
    return dto(row, await categoryCount(tx, restaurantId, id));
  });
}

/**
 * Deletes a station. One without categories goes at once; one with categories only with `moveTo`
 * (another station of the restaurant), and its categories move there in the same transaction.
 * Without a target: 409 naming the count. The last station stays (409). A second delete: 404.
 */
export async function deleteStation(restaurantId: number, id: number, moveTo: number | null): Promise<{ name: string; moved: number }> {
  return prisma.$transaction(async (tx) => {
    if (!(await lockRestaurant(tx, restaurantId))) throw new DomainError(404, STATION_NOT_FOUND);
    const current = await tx.station.findFirst({ where: { id, restaurantId } });
    if (!current) throw new DomainError(404, STATION_NOT_FOUND);
    if ((await tx.station.count({ where: { restaurantId } })) <= 1) throw new DomainError(409, LAST_STATION);
    // Served tickets go with the station; ones still being prepared must not vanish from the kitchen.
    const open = await tx.kitchenTicket.count({ where: { restaurantId, stationId: id, status: { not: "served" } } });
    if (open > 0) throw new DomainError(409, STATION_HAS_TICKETS(current.name, open));
    const count = await categoryCount(tx, restaurantId, id);
    if (count > 0) {
      if (moveTo === null) throw new StationFieldError(409, STATION_IN_USE(current.name, count), "move_to");
      const target = moveTo === id ? null : await tx.station.findFirst({ where: { id: moveTo, restaurantId }, select: { id: true } });
      if (!target) throw new StationFieldError(400, UNKNOWN_STATION, "move_to");
      await tx.menuCategory.updateMany({
        where: { restaurantId, stationId: id },
        data: { stationId: target.id, version: { increment: 1 } },
      });
    }
    await tx.station.delete({ where: { id } });
    await closeGap(tx, "stations", restaurantId, current.position);
    return { name: current.name, moved: count };
  });
}
