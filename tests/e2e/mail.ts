// What the e2e server sent: its SMTP sink keeps each message in a folder named after its port.
import { e2eMailDir } from "../../scripts/lib/smtp-sink.ts";
import { E2E_PORT } from "../../playwright.config";
import { waitForMailIn, type SunkMail } from "../setup/mail";

export { firstLink } from "../setup/mail";

export const waitForE2eMail = (match: (mail: SunkMail) => boolean, timeoutMs?: number) =>
  waitForMailIn(e2eMailDir(E2E_PORT), match, timeoutMs);
