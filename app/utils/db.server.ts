import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { PrismaClient } from "~/generated/prisma/client";
import { parseDatabaseUrl } from "./database-url";
import { getEnv } from "./env.server";

function createClient() {
  const env = getEnv();
  const adapter = new PrismaMariaDb({
    ...parseDatabaseUrl(env.DATABASE_URL),
    connectionLimit: env.DB_POOL_SIZE,
    // DATETIME(3) columns hold UTC.
    timezone: "Z",
  });
  return new PrismaClient({ adapter });
}

type Client = ReturnType<typeof createClient>;

// One client per process; the dev server re-imports modules, so keep it global.
const globalForPrisma = globalThis as unknown as { __sofraPrisma?: Client };

export const prisma: Client = (globalForPrisma.__sofraPrisma ??= createClient());

export type Db = Client;
export type Tx = Parameters<Parameters<Client["$transaction"]>[0]>[0];
