// Integration tests: the server under test sends to the suite's SMTP sink (integration-global.ts).
import { inject } from "vitest";
import { mailsIn, waitForMailIn, type SunkMail } from "./mail";

export const mailDir = () => inject("mailDir");
export const allMail = () => mailsIn(mailDir());
export const waitForMail = (match: (mail: SunkMail) => boolean, timeoutMs?: number) => waitForMailIn(mailDir(), match, timeoutMs);
