// The project's own migration runner (scripts/lib/migrations.ts and
// `npm run db:status`), against databases of its own next to the test database.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type mariadb from "mariadb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/env-file.ts";
import { MIGRATIONS_DIR, connect, migrationStatus } from "../../scripts/lib/migrations.ts";
import { dropDatabase, recreateDatabase } from "../../scripts/lib/provision.ts";
import { loadDmmf, shapeFromDmmf } from "../../scripts/lib/schema-drift.ts";
import { migrateTestDatabase, siblingDatabaseUrl } from "../../scripts/lib/test-support.ts";

interface Row {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

/** The migration folders, read independently of the runner. */
async function migrationFolders(): Promise<string[]> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function withConnection<T>(url: string, fn: (conn: mariadb.Connection) => Promise<T>): Promise<T> {
  const conn = await connect(url);
  try {
    return await fn(conn);
  } finally {
    await conn.end();
  }
}

const rowsOf = (url: string) =>
  withConnection(url, (conn) => conn.query("SELECT * FROM `_prisma_migrations` ORDER BY started_at, migration_name") as Promise<Row[]>);

/** `npx tsx scripts/db.ts <args>` with DATABASE_URL pointing at `url`. */
function dbCli(url: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/db.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const baseUrl = () => process.env.DATABASE_URL!;

describe("migrate()", () => {
  const url = siblingDatabaseUrl(baseUrl(), "migrations");
  let folders: string[];
  let tmp: string;

  beforeAll(async () => {
    folders = await migrationFolders();
    await recreateDatabase(url);
    tmp = await mkdtemp(path.join(tmpdir(), "sofra-migrations-"));
  });

  afterAll(async () => {
    await dropDatabase(url);
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("reports every migration as pending on an empty database", async () => {
    expect(folders.length).toBeGreaterThan(0);
    expect(await migrationStatus(url)).toEqual(folders.map((name) => ({ name, state: "pending" })));
  });

  it("applies every folder in prisma/migrations, in order, and returns their names", async () => {
    const lines: string[] = [];
    const applied = await migrateTestDatabase(url, (line) => lines.push(line));
    expect(applied).toEqual(folders);
    expect(lines).toEqual(folders.map((name) => `Applied ${name}`));
    const tables = await withConnection(url, (conn) => conn.query("SHOW TABLES"));
    // One table per model, and _prisma_migrations.
    expect(tables.length).toBe(Object.keys(shapeFromDmmf(await loadDmmf())).length + 1);
  });

  it("records each migration in _prisma_migrations as Prisma does", async () => {
    const rows = await rowsOf(url);
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
    const ids = new Set<string>();
    for (const row of rows) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, "migration.sql"), "utf8");
      expect(row.checksum).toBe(sha256(sql));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(row.applied_steps_count)).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      // UTC times, as Prisma writes them (the connection reads them as UTC).
      expect(Math.abs(row.finished_at!.getTime() - Date.now())).toBeLessThan(10 * 60 * 1000);
      expect(row.id).toHaveLength(36);
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
      ids.add(row.id);
    }
    expect(ids.size).toBe(rows.length);
  });

  it("uses Prisma's own layout for _prisma_migrations", async () => {
    const columns = await withConnection(
      url,
      (conn) =>
        conn.query(
          "SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '_prisma_migrations' ORDER BY ORDINAL_POSITION",
        ) as Promise<{ COLUMN_NAME: string; COLUMN_TYPE: string; IS_NULLABLE: string }[]>,
    );
    expect(columns.map((c) => `${c.COLUMN_NAME} ${c.COLUMN_TYPE} ${c.IS_NULLABLE}`)).toEqual([
      "id varchar(36) NO",
      "checksum varchar(64) NO",
      "finished_at datetime(3) YES",
      "migration_name varchar(255) NO",
      "logs text YES",
      "rolled_back_at datetime(3) YES",
      "started_at datetime(3) NO",
      "applied_steps_count int(10) unsigned NO",
    ]);
  });

  it("applies nothing the second time", async () => {
    const lines: string[] = [];
    expect(await migrateTestDatabase(url, (line) => lines.push(line))).toEqual([]);
    expect(lines).toEqual([]);
    expect(await rowsOf(url)).toHaveLength(folders.length);
  });

  it("reports every migration as applied", async () => {
    expect(await migrationStatus(url)).toEqual(folders.map((name) => ({ name, state: "applied" })));
  });

  it("refuses to run when an applied migration was changed, and says which", async () => {
    const name = folders[0]!;
    const original = (await rowsOf(url)).find((r) => r.migration_name === name)!.checksum;
    await withConnection(url, (conn) =>
      conn.query("UPDATE `_prisma_migrations` SET checksum = ? WHERE migration_name = ?", ["0".repeat(64), name]),
    );
    try {
      await expect(migrateTestDatabase(url)).rejects.toThrow(`Migration ${name} was changed after it was applied`);
      const status = await migrationStatus(url);
      expect(status.find((s) => s.name === name)?.state).toBe("modified");
      expect(status.filter((s) => s.state !== "applied")).toHaveLength(1);
    } finally {
      await withConnection(url, (conn) =>
        conn.query("UPDATE `_prisma_migrations` SET checksum = ? WHERE migration_name = ?", [original, name]),
      );
    }
    expect(await migrationStatus(url)).toEqual(folders.map((n) => ({ name: n, state: "applied" })));
  });

  it("applies only a new migration from another folder", async () => {
    await cp(MIGRATIONS_DIR, tmp, { recursive: true });
    const probe = "20990101000000_probe";
    await mkdir(path.join(tmp, probe));
    await writeFile(path.join(tmp, probe, "migration.sql"), "CREATE TABLE `probe` (`id` INTEGER NOT NULL, PRIMARY KEY (`id`));\n");

    const status = await migrationStatus(url, tmp);
    expect(status).toEqual([...folders.map((name) => ({ name, state: "applied" })), { name: probe, state: "pending" }]);
    expect(await migrateTestDatabase(url, undefined, tmp)).toEqual([probe]);
    expect(await migrationStatus(url, tmp)).toEqual([...folders, probe].map((name) => ({ name, state: "applied" })));
    const [row] = (await rowsOf(url)).filter((r) => r.migration_name === probe);
    expect(row!.checksum).toBe(sha256(await readFile(path.join(tmp, probe, "migration.sql"), "utf8")));
    // The default folder does not know the probe; its row is ignored there.
    expect(await migrationStatus(url)).toEqual(folders.map((name) => ({ name, state: "applied" })));
  });

  it("records a failed migration and refuses to go on until it is rolled back", async () => {
    const broken = "20990102000000_broken";
    await mkdir(path.join(tmp, broken));
    await writeFile(
      path.join(tmp, broken, "migration.sql"),
      "CREATE TABLE `broken_probe` (`id` INTEGER NOT NULL, PRIMARY KEY (`id`));\nINSERT INTO `no_such_table` VALUES (1);\n",
    );

    await expect(migrateTestDatabase(url, undefined, tmp)).rejects.toThrow(new RegExp(`^Migration ${broken} failed: .*no_such_table`, "s"));
    const [row, ...more] = (await rowsOf(url)).filter((r) => r.migration_name === broken);
    expect(more).toEqual([]);
    expect(row!.finished_at).toBeNull();
    expect(row!.rolled_back_at).toBeNull();
    expect(Number(row!.applied_steps_count)).toBe(0);
    expect(row!.logs).toMatch(/no_such_table/);
    expect(row!.id).toHaveLength(36);

    expect((await migrationStatus(url, tmp)).at(-1)).toEqual({ name: broken, state: "failed" });
    await expect(migrateTestDatabase(url, undefined, tmp)).rejects.toThrow(
      `Migration ${broken} failed earlier; fix the database by hand, then mark it rolled back.`,
    );
    // Still exactly one attempt recorded: the refusal wrote nothing.
    expect((await rowsOf(url)).filter((r) => r.migration_name === broken)).toHaveLength(1);

    // Fixed by hand and marked rolled back, it is pending again and applies.
    await withConnection(url, async (conn) => {
      await conn.query("DROP TABLE IF EXISTS `broken_probe`");
      await conn.query("UPDATE `_prisma_migrations` SET rolled_back_at = UTC_TIMESTAMP(3) WHERE migration_name = ?", [broken]);
    });
    expect((await migrationStatus(url, tmp)).at(-1)).toEqual({ name: broken, state: "pending" });
    await writeFile(path.join(tmp, broken, "migration.sql"), "CREATE TABLE `broken_probe` (`id` INTEGER NOT NULL, PRIMARY KEY (`id`));\n");
    expect(await migrateTestDatabase(url, undefined, tmp)).toEqual([broken]);
    expect((await migrationStatus(url, tmp)).at(-1)).toEqual({ name: broken, state: "applied" });
    const attempts = (await rowsOf(url)).filter((r) => r.migration_name === broken);
    expect(attempts).toHaveLength(2);
    expect(attempts.filter((r) => r.rolled_back_at === null && r.finished_at !== null)).toHaveLength(1);
  });

  it("releases the migration lock after a failure", async () => {
    await withConnection(url, async (conn) => {
      const [row] = await conn.query("SELECT GET_LOCK('prisma_migrate', 300) AS locked");
      expect(Number(row.locked)).toBe(1);
      await conn.query("SELECT RELEASE_LOCK('prisma_migrate')");
    });
  });
});

describe("npm run db:status (scripts/db.ts status)", () => {
  const url = siblingDatabaseUrl(baseUrl(), "status");
  let folders: string[];

  beforeAll(async () => {
    folders = await migrationFolders();
    await recreateDatabase(url);
  });

  afterAll(async () => {
    await dropDatabase(url);
  });

  it("exits non-zero and lists what is pending on an empty database", async () => {
    const result = await dbCli(url, "status");
    expect(result.code, result.stderr).toBe(1);
    for (const name of folders) expect(result.stdout).toContain(`pending  ${name}`);
    expect(result.stdout).toContain(`${folders.length} migration(s) not applied.`);
  });

  it("exits zero once the database is migrated", async () => {
    await migrateTestDatabase(url);
    const result = await dbCli(url, "status");
    expect(result.code, result.stderr).toBe(0);
    for (const name of folders) expect(result.stdout).toContain(`applied  ${name}`);
    expect(result.stdout).toContain("Database is up to date.");
  });

  it("exits non-zero when an applied migration was changed", async () => {
    const name = folders[0]!;
    await withConnection(url, (conn) =>
      conn.query("UPDATE `_prisma_migrations` SET checksum = ? WHERE migration_name = ?", ["f".repeat(64), name]),
    );
    const result = await dbCli(url, "status");
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain(`modified ${name}`);
  });
});

// A migration that back-fills data, on a database of its own migrated up to just before it. In this
// file, not one of its own: the runner's lock (GET_LOCK) is server-wide, so migrations run by two
// files at once wait for each other.
const SNAPSHOT = "20261126215423_invoice_buyer_snapshot";

describe(SNAPSHOT, () => {
  const url = siblingDatabaseUrl(baseUrl(), "buyer_snapshot");
  let tmp: string;

  beforeAll(async () => {
    await recreateDatabase(url);
    tmp = await mkdtemp(path.join(tmpdir(), "sofra-buyer-snapshot-"));
    await cp(MIGRATIONS_DIR, tmp, { recursive: true });
    await rm(path.join(tmp, SNAPSHOT), { recursive: true });
  });

  afterAll(async () => {
    await dropDatabase(url);
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("copies each restaurant's name, address, tax office and tax number onto its existing invoices", async () => {
    await migrateTestDatabase(url, undefined, tmp);
    const conn = await connect(url);
    try {
      const restaurant = async (name: string, address: string | null, taxOffice: string | null, taxNumber: string | null) =>
        Number(
          (
            await conn.query(
              "INSERT INTO restaurants (name, slug, managerPasswordHash, updatedAt, address, taxOffice, taxNumber) VALUES (?, ?, 'x', NOW(3), ?, ?, ?)",
              [name, `r-${Math.random().toString(36).slice(2, 10)}`, address, taxOffice, taxNumber],
            )
          ).insertId,
        );
      // Each invoice of a restaurant a month apart: (restaurantId, periodStart) is unique, and two
      // NOW(3)s in the same millisecond collided now and then.
      const invoice = (restaurantId: number, number: string, monthsAgo: number) =>
        conn.query(
          `INSERT INTO invoices (restaurantId, number, plan, planPrice, totalAmount, netAmount, taxAmount, periodStart, periodEnd, dueAt)
           VALUES (?, ?, 'pro', 399, 399, 332.50, 66.50, NOW(3) - INTERVAL ? MONTH, NOW(3) - INTERVAL ? MONTH + INTERVAL 1 MONTH, NOW(3) + INTERVAL 7 DAY)`,
          [restaurantId, number, monthsAgo, monthsAgo],
        );
      const withTax = await restaurant("Vergili Lokanta", "Moda Cad. 1", "Beşiktaş Vergi Dairesi", "4540536920");
      const without = await restaurant("Vergisiz Kafe", null, null, null);
      await invoice(withTax, "SOF-TEST-A1", 1);
      await invoice(withTax, "SOF-TEST-A2", 0);
      await invoice(without, "SOF-TEST-B1", 0);

      await cp(path.join(MIGRATIONS_DIR, SNAPSHOT), path.join(tmp, SNAPSHOT), { recursive: true });
      expect(await migrateTestDatabase(url, undefined, tmp)).toEqual([SNAPSHOT]);

      const rows = await conn.query("SELECT number, buyerName, buyerAddress, buyerTaxOffice, buyerTaxNumber FROM invoices ORDER BY number");
      expect(rows.map((r: Record<string, unknown>) => ({ ...r }))).toEqual([
        {
          number: "SOF-TEST-A1",
          buyerName: "Vergili Lokanta",
          buyerAddress: "Moda Cad. 1",
          buyerTaxOffice: "Beşiktaş Vergi Dairesi",
          buyerTaxNumber: "4540536920",
        },
        {
          number: "SOF-TEST-A2",
          buyerName: "Vergili Lokanta",
          buyerAddress: "Moda Cad. 1",
          buyerTaxOffice: "Beşiktaş Vergi Dairesi",
          buyerTaxNumber: "4540536920",
        },
        { number: "SOF-TEST-B1", buyerName: "Vergisiz Kafe", buyerAddress: null, buyerTaxOffice: null, buyerTaxNumber: null },
      ]);
    } finally {
      await conn.end();
    }
  });
});
