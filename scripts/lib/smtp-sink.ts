// A real SMTP server for the tests (the `smtp-server` package): the app under test sends to it
// through nodemailer like to any mail server, and every message that arrives is parsed and kept
// as a JSON file in `dir`, where the tests (another process) read it back.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SunkMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? "")).filter(Boolean);

export async function startSmtpSink(dir: string): Promise<{ url: string; dir: string; close(): Promise<void> }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: SunkMail = {
            to: addresses(parsed.to).map((a) => a.toLowerCase()),
            from: addresses(parsed.from)[0] ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            receivedAt: new Date().toISOString(),
          };
          n += 1;
          // Written aside, then renamed: a reader polling the folder never sees half a file.
          const file = path.join(dir, `${Date.now()}-${process.pid}-${n}.json`);
          writeFileSync(`${file}.part`, JSON.stringify(mail));
          renameSync(`${file}.part`, file);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The folder where the e2e server's sink keeps mail (the Playwright tests read it). */
export const e2eMailDir = (port: number | string) => path.join(process.env.TMPDIR ?? "/tmp", `sofra-e2e-mail-${port}`);
