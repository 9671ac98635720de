import { existsSync } from "node:fs";
import path from "node:path";

/** Loads the project's .env (if any) without overriding variables already set. */
export function loadEnvFile() {
  const file = path.resolve(import.meta.dirname, "../../.env");
  if (existsSync(file)) process.loadEnvFile(file);
}

export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set. Run `npm run setup` (it writes .env) or export it.");
    process.exit(1);
  }
  return url;
}
