// Creates the application's database and MySQL user when they are missing, so
// `npm run setup` works on a machine where only the MariaDB root account exists.
import mariadb from "mariadb";
import { parseDatabaseUrl, type DatabaseSettings } from "../../app/utils/database-url.ts";

const SOCKETS = ["/run/mysqld/mysqld.sock", "/var/run/mysqld/mysqld.sock", "/tmp/mysql.sock"];

/** An administrator connection: DB_ADMIN_URL, else root over the socket, else root over TCP. */
async function adminConnection(settings: DatabaseSettings): Promise<mariadb.Connection> {
  const attempts: mariadb.ConnectionConfig[] = [];
  if (process.env.DB_ADMIN_URL) {
    const admin = parseDatabaseUrl(process.env.DB_ADMIN_URL);
    attempts.push({ ...admin, database: undefined });
  } else {
    for (const socketPath of SOCKETS) attempts.push({ socketPath, user: "root" });
    attempts.push({ host: settings.host, port: settings.port, user: "root", password: "" });
  }
  const errors: string[] = [];
  for (const config of attempts) {
    try {
      return await mariadb.createConnection({ ...config, connectTimeout: 3000 });
    } catch (error) {
      errors.push(`${config.socketPath ?? `${config.host}:${config.port}`}: ${(error as Error).message}`);
    }
  }
  throw new Error(
    `Cannot reach MySQL/MariaDB as an administrator to create the database.\n` +
      `Set DB_ADMIN_URL (e.g. mysql://root:secret@127.0.0.1:3306) or create the database and user yourself.\n` +
      errors.map((e) => `  - ${e}`).join("\n"),
  );
}

async function canConnect(settings: DatabaseSettings): Promise<boolean> {
  try {
    const conn = await mariadb.createConnection({ ...settings, connectTimeout: 3000 });
    await conn.end();
    return true;
  } catch {
    return false;
  }
}

const quoteIdent = (name: string) => `\`${name.replace(/`/g, "``")}\``;

/**
 * Makes sure DATABASE_URL's database exists and its user can log in, and may
 * create and drop databases whose names start with the app database's name
 * (the test suites make their own).
 */
export async function ensureDatabase(databaseUrl: string, log: (line: string) => void = () => {}) {
  const settings = parseDatabaseUrl(databaseUrl);
  if (await canConnect(settings)) return;

  const admin = await adminConnection(settings);
  try {
    await admin.query(`CREATE DATABASE IF NOT EXISTS ${quoteIdent(settings.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (settings.user !== "root") {
      const pattern = `${settings.database.replace(/[_%]/g, "\\$&")}%`;
      for (const host of ["localhost", "127.0.0.1"]) {
        await admin.query("CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?", [settings.user, host, settings.password]);
        await admin.query("ALTER USER ?@? IDENTIFIED BY ?", [settings.user, host, settings.password]);
        await admin.query(`GRANT ALL PRIVILEGES ON ${quoteIdent(pattern)}.* TO ?@?`, [settings.user, host]);
      }
    }
    log(`Database ${settings.database} and user ${settings.user} are ready.`);
  } finally {
    await admin.end();
  }
  if (!(await canConnect(settings))) {
    throw new Error(`Created ${settings.database}, but ${settings.user} still cannot connect to it.`);
  }
}

/** Drops and re-creates a database, as the app user (which owns `<app db>%`). */
export async function recreateDatabase(databaseUrl: string) {
  const settings = parseDatabaseUrl(databaseUrl);
  const conn = await mariadb.createConnection({ ...settings, database: undefined });
  try {
    await conn.query(`DROP DATABASE IF EXISTS ${quoteIdent(settings.database)}`);
    await conn.query(`CREATE DATABASE ${quoteIdent(settings.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
}

export async function dropDatabase(databaseUrl: string) {
  const settings = parseDatabaseUrl(databaseUrl);
  const conn = await mariadb.createConnection({ ...settings, database: undefined });
  try {
    await conn.query(`DROP DATABASE IF EXISTS ${quoteIdent(settings.database)}`);
  } finally {
    await conn.end();
  }
}
