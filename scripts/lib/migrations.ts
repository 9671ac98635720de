// Applies prisma/migrations/*/migration.sql and records each one in
// `_prisma_migrations` exactly as `prisma migrate deploy` does, so a machine
// with Prisma's schema engine can take over (see docs/decisions/002).
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import mariadb from "mariadb";
import { parseDatabaseUrl } from "../../app/utils/database-url.ts";

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");

// Prisma's own DDL for its bookkeeping table on MySQL.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS \`_prisma_migrations\` (
    \`id\`                    VARCHAR(36) PRIMARY KEY NOT NULL,
    \`checksum\`              VARCHAR(64) NOT NULL,
    \`finished_at\`           DATETIME(3),
    \`migration_name\`        VARCHAR(255) NOT NULL,
    \`logs\`                  TEXT,
    \`rolled_back_at\`        DATETIME(3),
    \`started_at\`            DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    \`applied_steps_count\`   INTEGER UNSIGNED NOT NULL DEFAULT 0
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`;

export interface LocalMigration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

export type MigrationState = "applied" | "pending" | "failed" | "modified";

export interface MigrationStatus {
  name: string;
  state: MigrationState;
}

export async function readLocalMigrations(dir = MIGRATIONS_DIR): Promise<LocalMigration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory() && /^\d{14}_[a-z0-9_]+$/.test(e.name))
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export async function connect(databaseUrl: string) {
  const settings = parseDatabaseUrl(databaseUrl);
  return mariadb.createConnection({
    ...settings,
    multipleStatements: true,
    // DATETIME(3) columns hold UTC, as Prisma writes them.
    timezone: "Z",
  });
}

/**
 * Prisma's lock, server-wide (GET_LOCK names are not per database): `prisma migrate deploy`
 * waits 10 s for it. Test suites migrating several fresh databases at once (and other checkouts
 * on one MariaDB) wait longer: the lock only orders them.
 */
async function withLock<T>(conn: mariadb.Connection, fn: () => Promise<T>, waitSeconds = 10): Promise<T> {
  const [row] = await conn.query("SELECT GET_LOCK('prisma_migrate', ?) AS locked", [waitSeconds]);
  if (Number(row.locked) !== 1) {
    throw new Error(`Another migration is running (could not take the prisma_migrate lock in ${waitSeconds} s).`);
  }
  try {
    return await fn();
  } finally {
    await conn.query("SELECT RELEASE_LOCK('prisma_migrate')");
  }
}

async function appliedRows(conn: mariadb.Connection): Promise<MigrationRow[]> {
  await conn.query(CREATE_MIGRATIONS_TABLE);
  return conn.query(
    "SELECT id, checksum, migration_name, finished_at, rolled_back_at, logs FROM `_prisma_migrations` ORDER BY started_at, migration_name",
  );
}

export function computeStatus(local: LocalMigration[], rows: MigrationRow[]): MigrationStatus[] {
  return local.map((m) => {
    const mine = rows.filter((r) => r.migration_name === m.name && r.rolled_back_at === null);
    const done = mine.find((r) => r.finished_at !== null);
    if (done) return { name: m.name, state: done.checksum === m.checksum ? "applied" : "modified" };
    if (mine.length > 0) return { name: m.name, state: "failed" };
    return { name: m.name, state: "pending" };
  });
}

export async function migrationStatus(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<MigrationStatus[]> {
  const conn = await connect(databaseUrl);
  try {
    return computeStatus(await readLocalMigrations(dir), await appliedRows(conn));
  } finally {
    await conn.end();
  }
}

/** Applies every pending migration (from `dir`, prisma/migrations by default); returns the names applied. */
export async function migrate(
  databaseUrl: string,
  log: (line: string) => void = () => {},
  dir = MIGRATIONS_DIR,
  { lockWaitSeconds = 10 }: { lockWaitSeconds?: number } = {},
): Promise<string[]> {
  const conn = await connect(databaseUrl);
  try {
    return await withLock(
      conn,
      async () => {
        const local = await readLocalMigrations(dir);
        const status = computeStatus(local, await appliedRows(conn));
        const blocked = status.find((s) => s.state === "failed" || s.state === "modified");
        if (blocked) {
          throw new Error(
            blocked.state === "failed"
              ? `Migration ${blocked.name} failed earlier; fix the database by hand, then mark it rolled back.`
              : `Migration ${blocked.name} was changed after it was applied; write a new migration instead.`,
          );
        }
        const applied: string[] = [];
        for (const m of local) {
          if (status.find((s) => s.name === m.name)?.state !== "pending") continue;
          const id = randomUUID();
          await conn.query(
            "INSERT INTO `_prisma_migrations` (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, UTC_TIMESTAMP(3), 0)",
            [id, m.checksum, m.name],
          );
          try {
            await conn.query(m.sql);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            await conn.query("UPDATE `_prisma_migrations` SET logs = ? WHERE id = ?", [message, id]);
            throw new Error(`Migration ${m.name} failed: ${message}`, { cause: error });
          }
          await conn.query("UPDATE `_prisma_migrations` SET finished_at = UTC_TIMESTAMP(3), applied_steps_count = 1 WHERE id = ?", [id]);
          log(`Applied ${m.name}`);
          applied.push(m.name);
        }
        return applied;
      },
      lockWaitSeconds,
    );
  } finally {
    await conn.end();
  }
}
