import { createHash } from "node:crypto";
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, computeStatus, readLocalMigrations, type LocalMigration, type MigrationRow } from "./migrations.ts";

const local = (name: string, checksum = `sum-${name}`): LocalMigration => ({ name, sql: "SELECT 1;", checksum });

let nextId = 0;
const row = (migration_name: string, overrides: Partial<MigrationRow> = {}): MigrationRow => ({
  id: `row-${++nextId}`,
  checksum: `sum-${migration_name}`,
  migration_name,
  finished_at: new Date("2026-01-01T00:00:00Z"),
  rolled_back_at: null,
  logs: null,
  ...overrides,
});

const A = "20260101000000_a";
const B = "20260102000000_b";
const C = "20260103000000_c";

describe("computeStatus", () => {
  it("marks finished migrations with the same checksum as applied", () => {
    expect(computeStatus([local(A), local(B)], [row(A), row(B)])).toEqual([
      { name: A, state: "applied" },
      { name: B, state: "applied" },
    ]);
  });

  it("marks migrations without a row as pending", () => {
    expect(computeStatus([local(A), local(B), local(C)], [row(A)])).toEqual([
      { name: A, state: "applied" },
      { name: B, state: "pending" },
      { name: C, state: "pending" },
    ]);
    expect(computeStatus([local(A)], [])).toEqual([{ name: A, state: "pending" }]);
  });

  it("marks a started but unfinished migration as failed", () => {
    expect(computeStatus([local(A), local(B)], [row(A), row(B, { finished_at: null, logs: "boom" })])).toEqual([
      { name: A, state: "applied" },
      { name: B, state: "failed" },
    ]);
  });

  it("marks an applied migration whose file changed as modified", () => {
    expect(computeStatus([local(A, "new-checksum")], [row(A)])).toEqual([{ name: A, state: "modified" }]);
  });

  it("ignores rolled-back rows", () => {
    const rolledBack = { finished_at: null, rolled_back_at: new Date("2026-01-02T00:00:00Z") };
    // A failed attempt marked rolled back is pending again...
    expect(computeStatus([local(A)], [row(A, rolledBack)])).toEqual([{ name: A, state: "pending" }]);
    // ...and applied once a later attempt finished.
    expect(computeStatus([local(A)], [row(A, rolledBack), row(A)])).toEqual([{ name: A, state: "applied" }]);
    // A rolled-back row with a finished_at does not count as applied either.
    expect(computeStatus([local(A)], [row(A, { rolled_back_at: new Date("2026-01-02T00:00:00Z") })])).toEqual([
      { name: A, state: "pending" },
    ]);
  });

  it("prefers the finished attempt over an earlier failed one", () => {
    expect(computeStatus([local(A)], [row(A, { finished_at: null }), row(A)])).toEqual([{ name: A, state: "applied" }]);
  });

  it("ignores rows of migrations that are not in the folder", () => {
    expect(computeStatus([local(A)], [row(A), row("20250101000000_gone", { finished_at: null })])).toEqual([{ name: A, state: "applied" }]);
  });
});

describe("readLocalMigrations", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("reads prisma/migrations in order with sha256 checksums", async () => {
    const migrations = await readLocalMigrations();
    const folders = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(migrations.map((m) => m.name)).toEqual(folders);
    expect(migrations.length).toBeGreaterThan(0);
    for (const m of migrations) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, m.name, "migration.sql"), "utf8");
      expect(m.sql).toBe(sql);
      expect(m.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(m.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("skips files and folders that are not migrations and sorts by name", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sofra-migrations-"));
    dirs.push(dir);
    for (const name of ["20260102000000_second", "20260101000000_first", "notes", "2026_bad"]) {
      await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, name, "migration.sql"), `-- ${name}\n`);
    }
    await writeFile(path.join(dir, "migration_lock.toml"), 'provider = "mysql"\n');
    const migrations = await readLocalMigrations(dir);
    expect(migrations.map((m) => m.name)).toEqual(["20260101000000_first", "20260102000000_second"]);
    expect(migrations[0]!.checksum).toBe(createHash("sha256").update("-- 20260101000000_first\n").digest("hex"));
  });
});
