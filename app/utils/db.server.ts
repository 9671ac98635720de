import { PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "./env.server";
import { createAdapter } from "./prisma-adapter";

function createClient() {
  const env = getEnv();
  return new PrismaClient({ adapter: createAdapter(env.DATABASE_URL, env.DB_POOL_SIZE) });
}

type Client = ReturnType<typeof createClient>;

// One client per process; the dev server re-imports modules, so keep it global.
const globalForPrisma = globalThis as unknown as { __sofraPrisma?: Client };

export const prisma: Client = (globalForPrisma.__sofraPrisma ??= createClient());

export type Db = Client;
export type Tx = Parameters<Parameters<Client["$transaction"]>[0]>[0];
