import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { parseDatabaseUrl } from "./database-url";

/**
 * How long any request may wait on the database (decision 066). Past these the driver fails, the
 * error is classified as "database busy" (db-errors.ts) and the answer is 503 with Retry-After:
 * - acquireTimeout: a connection from the pool, however busy it is or however many times a stopped
 *   server refuses a new one (the pool retries until then);
 * - connectTimeout: a new connection's handshake (a frozen server accepts TCP and never greets);
 * - statementTimeMs: every statement, a lock wait included, through the session's
 *   max_statement_time: the server stops it and the connection stays usable;
 * - socketTimeoutMs: silence on a connection (a server frozen mid-query), just above the statement
 *   limit so that a live server always answers first; the connection is dropped and replaced.
 * A transaction's own limits (db.server.ts) sit inside these.
 */
export const DATABASE_TIME_LIMITS = {
  acquireTimeoutMs: 5_000,
  connectTimeoutMs: 2_000,
  statementTimeMs: 8_000,
  socketTimeoutMs: 10_000,
} as const;

export type DatabaseTimeLimits = { [K in keyof typeof DATABASE_TIME_LIMITS]: number };

/**
 * The MariaDB driver adapter as Sofra uses it (app, seed, and the benchmark's
 * floor server, so they measure the same driver).
 *
 * Text protocol: one round trip per query. The adapter's default binary protocol
 * prepares, executes and closes every statement (three round trips), because the
 * driver's statement cache leaks on the server (prisma/orm#29364). See
 * docs/decisions/008-text-protocol.md.
 */
export function createAdapter(databaseUrl: string, connectionLimit: number, limits: Partial<DatabaseTimeLimits> = {}) {
  const { acquireTimeoutMs, connectTimeoutMs, statementTimeMs, socketTimeoutMs } = { ...DATABASE_TIME_LIMITS, ...limits };
  return new PrismaMariaDb(
    {
      ...parseDatabaseUrl(databaseUrl),
      connectionLimit,
      // DATETIME(3) columns hold UTC.
      timezone: "Z",
      acquireTimeout: acquireTimeoutMs,
      connectTimeout: connectTimeoutMs,
      // The driver sets it per session as `SET max_statement_time` (MariaDB 10.1+).
      queryTimeout: statementTimeMs,
      socketTimeout: socketTimeoutMs,
    },
    { useTextProtocol: true },
  );
}
