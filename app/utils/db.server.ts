import type mariadb from "mariadb";
import { PrismaClient, type Prisma } from "~/generated/prisma/client";
import { connectionSql, driverTransaction, type SqlTx, type Transaction } from "./driver-sql";
import { getEnv } from "./env.server";
import { createAdapter, DATABASE_TIME_LIMITS } from "./prisma-adapter";

/**
 * A transaction waits for a connection as long as a plain query does (the pool's acquire timeout,
 * prisma-adapter.ts), not Prisma's default 2 s: under a burst (a restaurant's offline queue
 * replaying, a busy evening) requests queue for a moment instead of failing. Past that the answer
 * is 503 (db-errors.ts).
 */
export const TRANSACTION_OPTIONS = { maxWait: DATABASE_TIME_LIMITS.acquireTimeoutMs, timeout: 15_000 } as const;

function createClient() {
  const env = getEnv();
  const factory = createAdapter(env.DATABASE_URL, env.DB_POOL_SIZE);
  let pool: mariadb.Pool | null = null;
  // The adapter's pool (made when Prisma connects, ended when it disconnects), kept for rawQuery.
  const adapter: typeof factory = Object.assign(Object.create(factory) as typeof factory, {
    async connect() {
      const connected = await factory.connect();
      pool = connected.underlyingDriver() as mariadb.Pool;
      const dispose = connected.dispose.bind(connected);
      connected.dispose = async () => {
        pool = null;
        await dispose();
      };
      return connected;
    },
  });
  const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  return { prisma, pool: async () => pool ?? (await prisma.$connect(), pool!) };
}

type Client = ReturnType<typeof createClient>["prisma"];

// One client per process; the dev server re-imports modules, so keep it global.
const globalForPrisma = globalThis as unknown as { __sofraDb?: ReturnType<typeof createClient> };
const db = (globalForPrisma.__sofraDb ??= createClient());

export const prisma: Client = db.prisma;

/**
 * A query straight on the driver, through Prisma's own pool (the adapter's): for the hottest
 * reads, where Prisma's client and adapter cost more than the query (decision 091). The process
 * never holds more than DB_POOL_SIZE connections, whichever way a query goes. Text protocol, the
 * statement's `?` placeholders filled by the driver; values come back as the driver gives them
 * (DECIMAL as text, BIGINT as bigint, DATETIME as Date, JSON functions' results as text).
 */
export async function rawQuery<T>(query: Prisma.Sql): Promise<T[]> {
  return (await (await db.pool()).query({ sql: query.sql }, query.values)) as T[];
}

/**
 * A transaction straight on the driver, on a connection of the same pool (decision 093): for the
 * order path, where Prisma's interactive transaction and adapter cost more CPU than the statements.
 * The write sees a SqlTx (raw tagged templates, the values shaped as Prisma's), so the functions it
 * calls also run inside `prisma.$transaction`.
 */
export const sqlTransaction: Transaction = async (write) => driverTransaction(await db.pool(), write);

/**
 * Raw statements outside a transaction, straight on the driver (the same pool), rows shaped as
 * Prisma's `$queryRaw` gives them: for reads every request makes (the session's).
 */
export const sqlQuery: SqlTx = {
  $queryRaw: async (query, ...values) => connectionSql(await db.pool()).$queryRaw(query, ...values),
  $executeRaw: async (query, ...values) => connectionSql(await db.pool()).$executeRaw(query, ...values),
};

export type { SqlTx, Transaction };
export type Db = Client;
export type Tx = Parameters<Parameters<Client["$transaction"]>[0]>[0];
