// Raw SQL straight on the mariadb driver, for the hottest writes (an order, decision 093): the
// same tagged templates as Prisma's `$queryRaw`/`$executeRaw`, run on a connection of the
// adapter's own pool inside a plain START TRANSACTION … COMMIT, without Prisma's client,
// transaction manager and adapter in between (they cost more CPU than the statements).
import type { Pool, PoolConnection } from "mariadb";
import { Prisma } from "~/generated/prisma/client";

/**
 * What a write on the hot path needs of a transaction: raw statements, nothing of the model API.
 * Prisma's transaction client is one (its methods return PrismaPromises, which are Promises), so
 * a function taking a SqlTx runs inside `prisma.$transaction` and inside `driverTransaction`.
 *
 * Statements sent without awaiting the one before go out together on the driver's connection
 * (pipelining) and run in the order sent: independent reads cost one round trip, not one each.
 */
export interface SqlTx {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
}

const DECIMAL = 246; // MYSQL_TYPE_NEWDECIMAL
const OLD_DECIMAL = 0;

const toSql = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) =>
  query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);

/** Values as the driver takes them: a Decimal as its exact text (the driver would not know it). */
const driverValue = (value: unknown) => (Prisma.Decimal.isDecimal(value) ? (value as Prisma.Decimal).toFixed() : value);

interface DriverRows extends Array<Record<string, unknown>> {
  meta?: { name(): string; columnType: number }[];
}

/**
 * Rows as Prisma's `$queryRaw` gives them, so that code written for one runs on the other:
 * DECIMAL as Prisma.Decimal (the driver gives text); BIGINT stays bigint, DATETIME a Date (UTC, the
 * pool's timezone), TINYINT a number, text a string, as in Prisma.
 */
export function prismaShaped<T>(rows: DriverRows): T {
  const decimals = (rows.meta ?? []).filter((m) => m.columnType === DECIMAL || m.columnType === OLD_DECIMAL).map((m) => m.name());
  if (decimals.length > 0) {
    for (const row of rows) {
      for (const name of decimals) {
        const value = row[name];
        if (value !== null && value !== undefined) row[name] = new Prisma.Decimal(value as string);
      }
    }
  }
  return rows as unknown as T;
}

/** Runs a write in a transaction: the app's (db.server.ts sqlTransaction) or a bench floor's own pool. */
export type Transaction = <T>(write: (tx: SqlTx) => Promise<T>) => Promise<T>;

/** A SqlTx on one driver connection (the caller owns the transaction around it), or on a pool (each statement on its own). */
export function connectionSql(conn: Pick<PoolConnection, "query">): SqlTx {
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = toSql(query, values);
      return prismaShaped<T>((await conn.query({ sql: sql.sql }, sql.values.map(driverValue))) as DriverRows);
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = toSql(query, values);
      const result = (await conn.query({ sql: sql.sql }, sql.values.map(driverValue))) as { affectedRows?: number };
      return Number(result.affectedRows ?? 0);
    },
  };
}

/**
 * Runs `write` in a transaction on a connection of `pool`: committed when it returns, rolled back
 * when it throws (and the error thrown again). START TRANSACTION goes out with the first
 * statements (pipelined): on a pooled connection, which never holds an open transaction, it fails
 * only when the connection does, and then so does every statement behind it. COMMIT waits for
 * everything before it. A connection whose rollback fails is destroyed, not given back.
 */
export async function driverTransaction<T>(pool: Pool, write: (tx: SqlTx) => Promise<T>): Promise<T> {
  const conn = await pool.getConnection();
  let healthy = true;
  try {
    const begun = conn.query("START TRANSACTION");
    begun.catch(() => {});
    const result = await write(connectionSql(conn));
    await begun;
    await conn.query("COMMIT");
    return result;
  } catch (error) {
    await conn.query("ROLLBACK").catch(() => {
      healthy = false;
    });
    throw error;
  } finally {
    if (healthy) await conn.release();
    else await conn.destroy();
  }
}
