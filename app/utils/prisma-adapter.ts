import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { parseDatabaseUrl } from "./database-url";

/**
 * The MariaDB driver adapter as Sofra uses it (app, seed, and the benchmark's
 * floor server, so they measure the same driver).
 *
 * Text protocol: one round trip per query. The adapter's default binary protocol
 * prepares, executes and closes every statement (three round trips), because the
 * driver's statement cache leaks on the server (prisma/orm#29364). See
 * docs/decisions/008-text-protocol.md.
 */
export function createAdapter(databaseUrl: string, connectionLimit: number) {
  return new PrismaMariaDb(
    {
      ...parseDatabaseUrl(databaseUrl),
      connectionLimit,
      // DATETIME(3) columns hold UTC.
      timezone: "Z",
    },
    { useTextProtocol: true },
  );
}
