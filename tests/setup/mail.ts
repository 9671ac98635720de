// Reading what arrived at the SMTP sink the test server sends to (scripts/lib/smtp-sink.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SunkMail } from "../../scripts/lib/smtp-sink.ts";

export type { SunkMail } from "../../scripts/lib/smtp-sink.ts";

export function mailsIn(dir: string): SunkMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  return files.sort().map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as SunkMail);
}

/** Waits until a mail matching `match` has arrived in `dir` (the test server's sink) and returns it. */
export async function waitForMailIn(dir: string, match: (mail: SunkMail) => boolean, timeoutMs = 15_000): Promise<SunkMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsIn(dir).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching mail arrived within ${timeoutMs} ms (${mailsIn(dir).length} in the sink).`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A mail's first link to this app, e.g. the password-reset link. */
export const firstLink = (mail: SunkMail, pathPrefix: string) => {
  const match = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s"'<>]*`).exec(mail.text || mail.html);
  return match ? match[0] : null;
};
