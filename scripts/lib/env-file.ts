import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

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

/** A fresh VAPID key pair (base64url, the form web-push and the browsers' PushManager take). */
export function newVapidKeys(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

/** The value of an uncommented `NAME=value` line, or undefined when there is none (or it is empty). */
export function envValue(text: string, name: string): string | undefined {
  const match = new RegExp(`^${name}=(.*)$`, "m").exec(text);
  const value = match?.[1]?.trim();
  return value ? value : undefined;
}

/** Sets NAME=value in place of an empty or commented-out `NAME=` line, or appends it. */
function setEnvValue(text: string, name: string, value: string): string {
  const line = new RegExp(`^#?\\s*${name}=.*$`, "m");
  if (line.test(text)) return text.replace(line, `${name}=${value}`);
  return `${text.replace(/\n*$/, "\n")}${name}=${value}\n`;
}

/**
 * Web push needs a VAPID key pair and a contact (decision 052): fills the ones missing from the
 * .env file, never replacing a value that is there. Subscriptions are bound to the public key, so
 * a new pair would silently cut every subscribed browser off; half a pair is left for the start-up
 * check to report rather than "repaired" with a new one.
 */
export function ensureVapidKeys(file = path.join(ROOT, ".env"), log: (line: string) => void = () => {}): void {
  let text = readFileSync(file, "utf8");
  const before = text;
  const hasPublic = envValue(text, "VAPID_PUBLIC_KEY") !== undefined;
  const hasPrivate = envValue(text, "VAPID_PRIVATE_KEY") !== undefined;
  if (!hasPublic && !hasPrivate) {
    for (const [name, value] of Object.entries(newVapidKeys())) text = setEnvValue(text, name, value);
    log("Wrote a new VAPID key pair for web push to .env.");
  } else if (hasPublic !== hasPrivate) {
    log("Warning: .env has only one of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; set both or remove both.");
  }
  if (envValue(text, "VAPID_SUBJECT") === undefined) {
    const contact = envValue(text, "PLATFORM_ADMIN_EMAIL") ?? "admin@sofra.local";
    text = setEnvValue(text, "VAPID_SUBJECT", `mailto:${contact}`);
    log(`Set VAPID_SUBJECT to mailto:${contact} in .env (the push services' contact: change it to a real address).`);
  }
  if (text !== before) writeFileSync(file, text, { mode: 0o600 });
}
