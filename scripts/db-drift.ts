// `npm run db:drift`: prints every difference between schema.prisma and the database.
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { connect } from "./lib/migrations.ts";
import { schemaDrift } from "./lib/schema-drift.ts";
import { parseDatabaseUrl } from "../app/utils/database-url.ts";

loadEnvFile();
const url = requireDatabaseUrl();
const conn = await connect(url);
try {
  const drift = await schemaDrift(conn, parseDatabaseUrl(url).database);
  for (const line of drift) console.log(`- ${line}`);
  console.log(drift.length ? `${drift.length} difference(s).` : "schema.prisma and the database agree.");
  process.exitCode = drift.length ? 1 : 0;
} finally {
  await conn.end();
}
