// `npm run setup`: from nothing to a running-ready app: .env, database and user,
// VAPID keys for web push, migrations, seed (plans, platform admin, demo restaurant) and the production build.
import { spawnSync } from "node:child_process";
import { ensureEnvFile, ensureVapidKeys, ROOT } from "./lib/env-file.ts";
import { loadEnvFile, requireDatabaseUrl } from "./lib/load-env.ts";
import { migrate } from "./lib/migrations.ts";
import { ensureDatabase } from "./lib/provision.ts";

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

ensureEnvFile(console.log);
ensureVapidKeys(undefined, console.log);
loadEnvFile();
const url = requireDatabaseUrl();
await ensureDatabase(url, console.log);
const applied = await migrate(url, console.log);
console.log(applied.length ? `${applied.length} migration(s) applied.` : "Database is up to date.");
run(process.execPath, ["--import", "tsx", "prisma/seed.ts"]);
if (!process.argv.includes("--skip-build")) run("npm", ["run", "build"]);
console.log("\nReady. Start Sofra with `npm start` and open http://localhost:3000");
