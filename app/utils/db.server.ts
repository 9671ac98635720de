import { PrismaClient } from "~/generated/prisma/client";
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
  return new PrismaClient({ adapter: createAdapter(env.DATABASE_URL, env.DB_POOL_SIZE), transactionOptions: TRANSACTION_OPTIONS });
}

type Client = ReturnType<typeof createClient>;

// One client per process; the dev server re-imports modules, so keep it global.
const globalForPrisma = globalThis as unknown as { __sofraPrisma?: Client };

export const prisma: Client = (globalForPrisma.__sofraPrisma ??= createClient());

export type Db = Client;
export type Tx = Parameters<Parameters<Client["$transaction"]>[0]>[0];
