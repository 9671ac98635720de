import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Writes .env from .env.example (with a random SESSION_SECRET) when there is none. */
export function ensureEnvFile(log: (line: string) => void = () => {}): void {
  const target = path.join(ROOT, ".env");
  if (existsSync(target)) return;
  const example = readFileSync(path.join(ROOT, ".env.example"), "utf8");
  const secret = randomBytes(32).toString("hex");
  writeFileSync(target, example.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${secret}`), { mode: 0o600 });
  log("Wrote .env from .env.example (with a new SESSION_SECRET).");
}
