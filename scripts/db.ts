// The project's migration runner: `npm run db:migrate | db:status | db:reset | db:new NAME`.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { MIGRATIONS_DIR, migrate, migrationStatus } from "./lib/migrations.ts";
import { ensureDatabase, recreateDatabase } from "./lib/provision.ts";

loadEnvFile();
const [command, ...args] = process.argv.slice(2);

function timestamp(date = new Date()) {
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

function runSeed() {
  const result = spawnSync(process.execPath, ["--import", "tsx", "prisma/seed.ts"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  switch (command) {
    case "ensure": {
      await ensureDatabase(requireDatabaseUrl(), console.log);
      return;
    }
    case "migrate": {
      const url = requireDatabaseUrl();
      await ensureDatabase(url, console.log);
      const applied = await migrate(url, console.log);
      console.log(applied.length ? `${applied.length} migration(s) applied.` : "Database is up to date.");
      return;
    }
    case "status": {
      const status = await migrationStatus(requireDatabaseUrl());
      for (const s of status) console.log(`${s.state.padEnd(8)} ${s.name}`);
      const behind = status.filter((s) => s.state !== "applied");
      console.log(behind.length ? `${behind.length} migration(s) not applied.` : "Database is up to date.");
      process.exitCode = behind.length ? 1 : 0;
      return;
    }
    case "reset": {
      const url = requireDatabaseUrl();
      if (process.env.NODE_ENV === "production" && !args.includes("--force")) {
        console.error("Refusing to reset a production database without --force.");
        process.exit(1);
      }
      await ensureDatabase(url, console.log);
      await recreateDatabase(url);
      const applied = await migrate(url, console.log);
      console.log(`Database re-created; ${applied.length} migration(s) applied.`);
      if (!args.includes("--skip-seed")) runSeed();
      return;
    }
    case "new": {
      const name = (args[0] ?? "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_|_$/g, "");
      if (!name) {
        console.error("Usage: npm run db:new -- <name>");
        process.exit(1);
      }
      const dir = path.join(MIGRATIONS_DIR, `${timestamp()}_${name}`);
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, "migration.sql");
      await writeFile(file, `-- ${name}\n-- Write the SQL in Prisma's MySQL style; the drift test checks it against schema.prisma.\n`, {
        flag: "wx",
      });
      console.log(`Created ${path.relative(process.cwd(), file)}`);
      return;
    }
    default:
      console.error("Usage: tsx scripts/db.ts <ensure|migrate|status|reset [--skip-seed]|new NAME>");
      process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
