// The "mail" job: one message, sent (and retried) off the request.
import { enqueueJob, registerJobHandler, type EnqueueOptions } from "~/modules/jobs/jobs.server";
import { sendMail, type MailMessage } from "./mailer.server";

registerJobHandler<{ message: MailMessage }>("mail", async ({ message }) => sendMail(message), { maxAttempts: 6 });

/** Sends a message from a job: the request answers at once, whatever the mail server does. */
export function enqueueMail(message: MailMessage, options: EnqueueOptions = {}) {
  return enqueueJob("mail", { message }, options);
}
