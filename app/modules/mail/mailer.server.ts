// Outgoing e-mail through nodemailer: to SMTP_URL when set; otherwise (development) each message
// is written as an .eml file under MAIL_DIR (default .data/mail, named in the README), which any
// mail program opens. Requests never send mail themselves: they enqueue a "mail" job
// (jobs.server.ts), so a slow mail server holds no request and a failed send is retried.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/utils/env.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transport: Transporter | undefined;

function smtpTransport(url: string) {
  // Time limits well inside a mail job's claim (5 minutes): nodemailer's own (2 minutes to
  // connect, 10 of silence on the socket) would let a hung server outlast it, and another
  // process could then claim the job and send the message again.
  transport ??= nodemailer.createTransport(
    { url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 },
    { from: getEnv().MAIL_FROM },
  );
  return transport;
}

async function writeEml(message: MailMessage) {
  const file = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await file.sendMail({ from: getEnv().MAIL_FROM, ...message });
  const dir = path.resolve(getEnv().MAIL_DIR);
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
  await writeFile(path.join(dir, name), info.message as Buffer);
}

export async function sendMail(message: MailMessage): Promise<void> {
  const url = getEnv().SMTP_URL;
  if (url) await smtpTransport(url).sendMail({ from: getEnv().MAIL_FROM, ...message });
  else await writeEml(message);
}

/** An absolute link for an e-mail: APP_URL, else the local server's address. */
export function appUrl(pathname: string): string {
  const origin = getEnv().APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  return new URL(pathname, origin).toString();
}
