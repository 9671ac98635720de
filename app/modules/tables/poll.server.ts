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

const touch = (row: PollSession, now: Date) => touchSession({ id: Number(row.sessionId), lastSeenAt: row.lastSeenAt }, now);

/** The body the poll answers with, from the full query's rows (the floor of `npm run bench` uses it too). */
export function pollBody(rows: PollRow[]): TableDto[] {
  return withReservations(rows.map(tableDto), rows[0]!.upcoming);
}

/**
 * GET /api/tables, the waiters' poll (the live stream's fallback) and the hottest request Sofra
 * serves. Straight on the driver (decision 091): one query checks the session and reads its
 * restaurant's tables, and the answer carries the floor's tag (floorTag). A poll that sends the
 * tag it has (If-None-Match) first reads only the session and the tag: the same, 304 and no
 * body; otherwise the full query. When a query finds nothing (no session, a dead one, or no
 * tables) the full session check answers, with its 401 messages. The resource route answers
 * with it, and server.mjs calls it before React Router (docs/decisions/009), writing the result
 * without building Fetch objects.
 */
export async function pollTables(request: HeaderSource, now = new Date()): Promise<ApiResult> {
  try {
    const token = await readSessionToken(request);
    if (token) {
      const tokenHash = hashToken(token);
      const known = request.headers.get("if-none-match");
      if (known) {
        const [row] = await rawQuery<PollSession>(pollVersionSql(tokenHash, now));
        if (row && seesFloor(row)) {
          const tag = floorTag(row, now);
          if (known.split(",").some((t) => t.trim() === tag)) {
            await touch(row, now);
            return { status: 304, body: null, headers: { ETag: tag } };
          }
        }
      }
      const rows = await rawQuery<PollRow>(pollTablesSql(tokenHash, now));
      if (rows.length > 0 && seesFloor(rows[0]!)) {
        await touch(rows[0]!, now);
        return { status: 200, body: pollBody(rows), headers: { ETag: floorTag(rows[0]!, now) } };
      }
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
  if (result.status === 304) return new Response(null, { status: 304, headers: { ...result.headers, "Cache-Control": "no-store" } });
  return Response.json(result.body, { status: result.status, headers: { ...result.headers, "Cache-Control": "no-store" } });
}
