import { Prisma } from "~/generated/prisma/client";
import { forbiddenApi, requireApiAuth } from "~/modules/auth/guards.server";
import { roleAllows } from "~/modules/auth/roles";
import { hashToken, liveSessionSql, readSessionToken, touchSession, type HeaderSource } from "~/modules/auth/sessions.server";
import type { StaffRole } from "~/generated/prisma/enums";
import { toApiResult, type ApiResult } from "~/utils/api.server";
import { floorTag } from "./floor-tag";
import { rawQuery } from "~/utils/db.server";
import {
  gridColumnsSql,
  gridJoinsSql,
  listTables,
  liveTableSql,
  tableDto,
  type TableDto,
  upcomingReservationsSql,
  withReservations,
  type GridRow,
} from "./tables.server";

interface PollSession {
  sessionId: number;
  lastSeenAt: Date;
  role: StaffRole;
  isOwner: number | boolean;
  restaurantId: number;
  /** The restaurant's live-event sequence (0 before its first event). */
  version: number | string | bigint;
  upcoming: unknown;
}

type PollRow = GridRow & PollSession;

const sessionColumnsSql = (now: Date) => Prisma.sql`s.id AS sessionId, s.lastSeenAt, u.role, u.isOwner, s.restaurantId,
  COALESCE((SELECT q.lastId FROM live_event_sequences q WHERE q.restaurantId = s.restaurantId), 0) AS version,
  ${upcomingReservationsSql(Prisma.sql`s.restaurantId`, now)} AS upcoming`;

/** The poll's full query: the session's restaurant's tables, in the same query that checks the session. */
export function pollTablesSql(tokenHash: string, now: Date): Prisma.Sql {
  const session = liveSessionSql(tokenHash, now);
  return Prisma.sql`
    SELECT ${gridColumnsSql}, ${sessionColumnsSql(now)}
    FROM ${session.from} JOIN tables t ON t.restaurantId = s.restaurantId ${gridJoinsSql}
    WHERE ${session.where} AND ${liveTableSql}
    ORDER BY t.number`;
}

/** The conditional poll's first query: the session and the floor's version, no tables. */
export function pollVersionSql(tokenHash: string, now: Date): Prisma.Sql {
  const session = liveSessionSql(tokenHash, now);
  return Prisma.sql`SELECT ${sessionColumnsSql(now)} FROM ${session.from} WHERE ${session.where}`;
}

/** The kitchen's role does not see the floor (app/modules/auth/roles.ts): the full check refuses it. */
const seesFloor = (row: PollSession) =>
  roleAllows({ user: { role: row.role, isOwner: Boolean(row.isOwner) }, restaurant: { waitersTakePayments: true } }, "floor");

/** The body the poll answers with, from the full query's rows. */
export function pollBody(rows: PollRow[]): TableDto[] {
  return withReservations(rows.map(tableDto), rows[0]!.upcoming);
}

/** How the poll reaches the database: the app's pool (rawQuery), or the bench's floor's own driver. */
export interface PollDriver {
  query<T>(sql: Prisma.Sql): Promise<T[]>;
  touch(session: { id: number; lastSeenAt: Date }, now: Date): Promise<void>;
}

export type PollAnswer = { status: 304; tag: string } | { status: 200; tag: string; json: string };

/**
 * The last answer of each restaurant's floor, by its tag (at most CACHED_FLOORS restaurants, the
 * least recently asked leaving first). A floor's tag and tables are read by one statement (one
 * consistent read), so an answer is exactly the floor at its tag: when one change makes every
 * phone of a restaurant ask again, one of them reads the tables and the others get its bytes
 * after their own session check. Nothing here is needed for correctness: another process, or a
 * restart, reads the tables again.
 */
const answers = new Map<number, { tag: string; json: string }>();
const CACHED_FLOORS = 2_000;

function remember(restaurantId: number, answer: { tag: string; json: string }) {
  answers.delete(restaurantId);
  answers.set(restaurantId, answer);
  if (answers.size > CACHED_FLOORS) answers.delete(answers.keys().next().value!);
}

/**
 * The poll for a live session that sees the floor (null otherwise: the caller's full check then
 * says why). One small query checks the session and reads the floor's tag: the client's tag, 304;
 * the tag of the answer this process last gave for the restaurant, those bytes; otherwise the
 * full query (the tables and the tag in one statement), kept for the next phone.
 */
export async function answerPoll(driver: PollDriver, tokenHash: string, known: string | null, now: Date): Promise<PollAnswer | null> {
  const [session] = await driver.query<PollSession>(pollVersionSql(tokenHash, now));
  if (!session || !seesFloor(session)) return null;
  await driver.touch({ id: Number(session.sessionId), lastSeenAt: session.lastSeenAt }, now);
  const tag = floorTag(session, now);
  if (known && known.split(",").some((t) => t.trim() === tag)) return { status: 304, tag };
  const restaurantId = Number(session.restaurantId);
  const kept = answers.get(restaurantId);
  if (kept?.tag === tag) {
    remember(restaurantId, kept);
    return { status: 200, ...kept };
  }
  // The phones of a restaurant ask together after a change: those that come while one reads wait
  // for its read (the same restaurant, by their own session check; a floor read after their check).
  const key = `${restaurantId}:${tag}`;
  const shared = await reading.get(key)?.catch(() => null);
  if (shared) return { status: 200, ...shared };
  const read = readFloor(driver, tokenHash, now);
  reading.set(key, read);
  try {
    const answer = await read;
    if (answer) remember(restaurantId, answer);
    return answer && { status: 200, ...answer };
  } finally {
    reading.delete(key);
  }
}

/** Reads in flight, by restaurant and tag. */
const reading = new Map<string, Promise<{ tag: string; json: string } | null>>();

async function readFloor(driver: PollDriver, tokenHash: string, now: Date) {
  const rows = await driver.query<PollRow>(pollTablesSql(tokenHash, now));
  // The session ended between the two reads, or the restaurant has no tables: the full check answers.
  if (rows.length === 0) return null;
  return { tag: floorTag(rows[0]!, now), json: JSON.stringify(pollBody(rows)) };
}

const appDriver: PollDriver = { query: rawQuery, touch: touchSession };

/**
 * GET /api/tables, the waiters' poll (the live stream's fallback and what each phone reads when
 * its floor changes) and the hottest request Sofra serves: answerPoll, straight on the driver
 * (decision 091), with the floor's tag as ETag and 304 when the client has it. When it finds
 * nothing (no session, a dead one, no tables) the full session check answers, with its 401
 * messages. The resource route answers with it, and server.mjs calls it before React Router
 * (docs/decisions/009), writing the result without building Fetch objects.
 */
export async function pollTables(request: HeaderSource, now = new Date()): Promise<ApiResult> {
  try {
    const token = await readSessionToken(request);
    if (token) {
      const answer = await answerPoll(appDriver, hashToken(token), request.headers.get("if-none-match"), now);
      if (answer?.status === 304) return { status: 304, body: null, headers: { ETag: answer.tag } };
      if (answer) return { status: 200, body: null, json: answer.json, headers: { ETag: answer.tag } };
    }
    const auth = await requireApiAuth(request);
    if (!roleAllows(auth, "floor")) throw forbiddenApi(auth, "floor");
    return { status: 200, body: await listTables(auth.restaurant.id, now) };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.json() };
    return toApiResult(error);
  }
}

export async function tablesPoll(request: Request): Promise<Response> {
  const result = await pollTables(request);
  const headers = { ...result.headers, "Cache-Control": "no-store" };
  if (result.status === 304) return new Response(null, { status: 304, headers });
  if (result.json !== undefined) {
    return new Response(result.json, { status: result.status, headers: { ...headers, "Content-Type": "application/json" } });
  }
  return Response.json(result.body, { status: result.status, headers });
}
