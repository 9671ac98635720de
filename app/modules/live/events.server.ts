// Live events (decision 078). A change another screen shows writes an event row in the
// transaction that makes it (recordEvent, its last statements), and is published after the
// commit (publishEvents) to every app process, which passes it to the restaurant's open streams
// (GET /api/events). The table is the truth: the bus only wakes processes up, and a stream that
// sees a hole in the ids reads it from here.
import { Prisma } from "~/generated/prisma/client";
import type { Capability } from "~/modules/auth/roles";
import { prisma, type SqlTx } from "~/utils/db.server";
import { publishToBus } from "./bus.server";

export type LiveEventType =
  | "order.created"
  | "order.updated"
  | "order.paid"
  | "table.updated"
  | "ticket.created"
  | "ticket.updated"
  | "reservation.changed"
  | "cart.changed"
  // A document sent to a print device (decision 089): only that device's agent stream passes it on.
  | "document.requested";

/** Who may receive an event: every session of the restaurant, or those with the capability now (`can()`). */
export type LiveAudience = Capability | "any";

export interface LiveEvent {
  restaurantId: number;
  id: number;
  type: LiveEventType;
  data: Record<string, unknown>;
  audience: LiveAudience;
  createdAt: Date;
}

/** Events are kept at least this long (a device back after a night replays or resets)… */
export const KEEP_EVENTS_MS = 24 * 60 * 60 * 1000;
/** …and pruned past this age. */
export const PRUNE_EVENTS_AFTER_MS = 48 * 60 * 60 * 1000;

const MAX_DATA_CHARS = 8_000;

/**
 * Writes an event inside the writer's transaction, as its last statements: the writer's own
 * row locks first, then the restaurant's sequence row, which stays locked until the commit. So a
 * restaurant's ids commit in order (an auto-increment would let id 11 commit before 10, and a
 * stream that moved on to 11 would never see 10), and a rollback takes its id back: no gap.
 */
export async function recordEvent(
  tx: SqlTx,
  restaurantId: number,
  type: LiveEventType,
  data: Record<string, unknown>,
  audience: LiveAudience = "any",
): Promise<LiveEvent> {
  const [event] = await recordEvents(tx, restaurantId, [{ type, data, audience }]);
  return event!;
}

/**
 * Several events of one write, as recordEvent does one, in two statements whatever their number
 * (an order with tickets at three stations is four events): the sequence moves on by their count,
 * then they are inserted in one statement taking the ids it made free, lastId - n + 1 … lastId, in
 * the order given. `pipelined` (a transaction on the bare driver, which runs statements in the
 * order sent) sends both at once: one round trip. Prisma's transaction client is not given it.
 */
export async function recordEvents(
  tx: SqlTx,
  restaurantId: number,
  list: { type: LiveEventType; data: Record<string, unknown>; audience?: LiveAudience }[],
  options: { pipelined?: boolean } = {},
): Promise<LiveEvent[]> {
  if (list.length === 0) return [];
  const rows = list.map(({ type, data, audience = "any" }) => {
    const json = JSON.stringify(data);
    if (json.length > MAX_DATA_CHARS) throw new Error(`Live event ${type} is too large (${json.length} characters).`);
    return { type, data, audience, json };
  });
  const n = rows.length;
  const createdAt = new Date();
  const bump = () => tx.$executeRaw`UPDATE live_event_sequences SET lastId = lastId + ${n} WHERE restaurantId = ${restaurantId}`;
  // Reads the sequence row this transaction has just moved on (and locked): without a row, it inserts nothing.
  const insert = () => tx.$queryRaw<{ id: number | bigint }[]>`
    INSERT INTO live_events (restaurantId, id, type, data, audience, createdAt)
    SELECT s.restaurantId, s.lastId - ${n - 1} + e.i, e.type, e.data, e.audience, ${createdAt}
    FROM live_event_sequences s
    JOIN (${Prisma.join(
      rows.map((r, i) => Prisma.sql`SELECT ${i} AS i, ${r.type} AS type, ${r.json} AS data, ${r.audience} AS audience`),
      " UNION ALL ",
    )}) e
    WHERE s.restaurantId = ${restaurantId}
    RETURNING id`;
  const [bumped, first] = options.pipelined ? await Promise.all([bump(), insert()]) : [await bump(), await insert()];
  let inserted = first;
  if (bumped === 0) {
    // A restaurant made before the sequences: its row is made by its first event (no event was inserted above).
    await tx.$executeRaw`
      INSERT INTO live_event_sequences (restaurantId, lastId) VALUES (${restaurantId}, ${n})
      ON DUPLICATE KEY UPDATE lastId = lastId + ${n}`;
    inserted = await insert();
  }
  if (inserted.length !== n) throw new Error(`Live events: ${inserted.length} of ${n} recorded for restaurant ${restaurantId}.`);
  const firstId = Math.min(...inserted.map((r) => Number(r.id)));
  return rows.map((r, i) => ({ restaurantId, id: firstId + i, type: r.type, data: r.data, audience: r.audience, createdAt }));
}

/**
 * A new restaurant's event sequence, made with the restaurant (signup): its first writers then all
 * update one existing row. Without it, two first events at once each find no row (a gap lock) and
 * both insert it: a deadlock, seen as eight orders on eight tables of a new restaurant.
 */
export async function createEventSequence(tx: SqlTx, restaurantId: number): Promise<void> {
  await tx.$executeRaw`INSERT IGNORE INTO live_event_sequences (restaurantId, lastId) VALUES (${restaurantId}, 0)`;
}

/**
 * Hands committed events to every app process (Redis, or this process alone without REDIS_URL).
 * Call after the transaction has committed; never throws and never waits: a lost publish only
 * delays the event until the next one (or the streams' periodic check) finds the hole.
 */
export function publishEvents(events: LiveEvent[]): void {
  if (events.length === 0) return;
  try {
    publishToBus(events);
  } catch (error) {
    console.error("Live events: publish failed:", error);
  }
}

interface EventRow {
  restaurantId: number;
  id: number;
  type: string;
  data: string;
  audience: string;
  createdAt: Date;
}

function fromRow(row: EventRow): LiveEvent {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    // A row this code did not write: an empty payload still moves the client on.
  }
  return {
    restaurantId: Number(row.restaurantId),
    id: Number(row.id),
    type: row.type as LiveEventType,
    data,
    audience: row.audience as LiveAudience,
    createdAt: row.createdAt,
  };
}

/** The restaurant's events after `afterId` up to `untilId` (inclusive, when given), in order, at most `limit`. */
export async function readEvents(restaurantId: number, afterId: number, untilId: number | null = null, limit = 1000): Promise<LiveEvent[]> {
  const rows = await prisma.$queryRaw<EventRow[]>`
    SELECT restaurantId, id, type, data, audience, createdAt FROM live_events
    WHERE restaurantId = ${restaurantId} AND id > ${afterId} ${untilId === null ? Prisma.empty : Prisma.sql`AND id <= ${untilId}`}
    ORDER BY id LIMIT ${limit}`;
  return rows.map(fromRow);
}

/**
 * What a resuming stream needs in one query: the restaurant's events after `afterId` (at most
 * `limit`, in order) and its last id given out (0 before its first event).
 */
export async function readEventsAfter(
  restaurantId: number,
  afterId: number,
  limit: number,
): Promise<{ events: LiveEvent[]; lastId: number }> {
  const rows = await prisma.$queryRaw<(Partial<EventRow> & { lastId: number })[]>`
    SELECT s.lastId, e.restaurantId, e.id, e.type, e.data, e.audience, e.createdAt
    FROM live_event_sequences s
    LEFT JOIN live_events e ON e.restaurantId = s.restaurantId AND e.id > ${afterId}
    WHERE s.restaurantId = ${restaurantId}
    ORDER BY e.id LIMIT ${limit}`;
  return {
    lastId: Number(rows[0]?.lastId ?? 0),
    events: rows.filter((r) => r.id != null).map((r) => fromRow(r as EventRow)),
  };
}

/** The last id given out for each restaurant (0 for one without events). */
export async function lastEventIds(restaurantIds: number[]): Promise<Map<number, number>> {
  const result = new Map(restaurantIds.map((id) => [id, 0]));
  if (restaurantIds.length === 0) return result;
  const rows = await prisma.$queryRaw<{ restaurantId: number; lastId: number }[]>`
    SELECT restaurantId, lastId FROM live_event_sequences WHERE restaurantId IN (${Prisma.join(restaurantIds)})`;
  for (const row of rows) result.set(Number(row.restaurantId), Number(row.lastId));
  return result;
}

/** The restaurant's last id and its oldest kept one (null when none is kept). */
export async function eventWindow(restaurantId: number): Promise<{ lastId: number; oldestId: number | null }> {
  const [row] = await prisma.$queryRaw<{ lastId: number | null; oldestId: number | null }[]>`
    SELECT (SELECT lastId FROM live_event_sequences WHERE restaurantId = ${restaurantId}) AS lastId,
      (SELECT MIN(id) FROM live_events WHERE restaurantId = ${restaurantId}) AS oldestId`;
  return { lastId: Number(row?.lastId ?? 0), oldestId: row?.oldestId == null ? null : Number(row.oldestId) };
}

/** Removes events older than PRUNE_EVENTS_AFTER_MS, a batch at a time. Returns how many went. */
export async function pruneLiveEvents(now = new Date(), olderThanMs = PRUNE_EVENTS_AFTER_MS): Promise<number> {
  const before = new Date(now.getTime() - Math.max(olderThanMs, KEEP_EVENTS_MS));
  let removed = 0;
  for (;;) {
    const n = await prisma.$executeRaw`DELETE FROM live_events WHERE createdAt < ${before} LIMIT 5000`;
    removed += n;
    if (n < 5000) return removed;
  }
}
