import { Prisma } from "~/generated/prisma/client";
import { forbiddenApi, requireApiAuth } from "~/modules/auth/guards.server";
import { roleAllows } from "~/modules/auth/roles";
import { hashToken, liveSessionSql, readSessionToken, touchSession, type HeaderSource } from "~/modules/auth/sessions.server";
import type { StaffRole } from "~/generated/prisma/enums";
import { toApiResult, type ApiResult } from "~/utils/api.server";
import { prisma } from "~/utils/db.server";
import {
  gridColumnsSql,
  gridJoinsSql,
  listTables,
  liveTableSql,
  tableDto,
  upcomingReservationsSql,
  withReservations,
  type GridRow,
} from "./tables.server";

interface PollRow extends GridRow {
  upcoming: unknown;
  sessionId: number;
  lastSeenAt: Date;
  role: StaffRole;
  isOwner: number | boolean;
}

/** The session's restaurant's tables, in the same query that checks the session. */
async function tablesOfLiveSession(token: string, now: Date) {
  const session = liveSessionSql(hashToken(token), now);
  return prisma.$queryRaw<PollRow[]>`
    SELECT ${gridColumnsSql}, s.id AS sessionId, s.lastSeenAt, u.role, u.isOwner,
      ${upcomingReservationsSql(Prisma.sql`s.restaurantId`, now)} AS upcoming
    FROM ${session.from} JOIN tables t ON t.restaurantId = s.restaurantId ${gridJoinsSql}
    WHERE ${session.where} AND ${liveTableSql}
    ORDER BY t.number`;
}

/**
 * GET /api/tables, the waiters' 3-second poll and the hottest request Sofra
 * serves. One query checks the session and reads its restaurant's tables; when
 * it finds nothing (no session, a dead one, or no tables) the full session
 * check answers, with its 401 messages. The resource route answers with it, and
 * server.mjs calls it before React Router (docs/decisions/009), writing the
 * result without building Fetch objects.
 */
export async function pollTables(request: HeaderSource, now = new Date()): Promise<ApiResult> {
  try {
    const token = await readSessionToken(request);
    if (token) {
      const rows = await tablesOfLiveSession(token, now);
      // The kitchen's role does not see the floor (app/modules/auth/roles.ts): the full check below refuses it.
      if (
        rows.length > 0 &&
        roleAllows(
          { user: { role: rows[0]!.role, isOwner: Boolean(rows[0]!.isOwner) }, restaurant: { waitersTakePayments: true } },
          "floor",
        )
      ) {
        await touchSession({ id: rows[0]!.sessionId, lastSeenAt: rows[0]!.lastSeenAt }, now);
        return { status: 200, body: withReservations(rows.map(tableDto), rows[0]!.upcoming) };
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
  return Response.json(result.body, { status: result.status, headers: result.headers });
}
