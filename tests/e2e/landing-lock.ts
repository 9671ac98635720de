// The landing page is one for everyone: a spec that changes what it shows (the CMS journey) and
// a spec that reads its built-in texts must not run at the same moment in the two parallel
// workers. They take this database lock (MariaDB GET_LOCK) around those steps.
import mariadb from "mariadb";
import { parseDatabaseUrl } from "../../app/utils/database-url";
import { loadEnvFile, requireDatabaseUrl } from "../../scripts/lib/load-env";
import { siblingDatabaseUrl } from "../../scripts/lib/test-support";

export async function withLandingLock<T>(run: () => Promise<T>): Promise<T> {
  loadEnvFile();
  const conn = await mariadb.createConnection(parseDatabaseUrl(siblingDatabaseUrl(requireDatabaseUrl(), "e2e")));
  try {
    const [row] = (await conn.query("SELECT GET_LOCK('sofra_e2e_landing', 120) AS got")) as { got: number | bigint }[];
    if (Number(row?.got) !== 1) throw new Error("could not take the landing page lock");
    return await run();
  } finally {
    await conn.query("SELECT RELEASE_LOCK('sofra_e2e_landing')").catch(() => undefined);
    await conn.end();
  }
}
