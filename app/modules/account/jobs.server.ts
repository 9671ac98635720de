// The account area's background work: the verification and reset mails (off the request, so a
// slow mail server never holds a signup or tells by its timing whether an address exists) and
// the daily report mails.
import { registerJobHandler, registerPeriodicTask } from "~/modules/jobs/jobs.server";
import { DAILY_REPORT_EVERY_MS, DAILY_REPORT_JOB, DAILY_REPORT_TASK, queueDailyReports, sendDailyReport } from "./daily-report-mail.server";
import { sendVerificationMail, VERIFY_MAIL_JOB } from "./email-verification.server";
import { RESET_MAIL_JOB, sendPasswordResetMail } from "./password-reset.server";
import { purgeOldTokens } from "./tokens.server";

registerJobHandler<{ userId: number }>(VERIFY_MAIL_JOB, (payload) => sendVerificationMail(payload));
registerJobHandler<{ email: string }>(RESET_MAIL_JOB, (payload) => sendPasswordResetMail(payload));
registerJobHandler<{ restaurantId: number; date: string }>(DAILY_REPORT_JOB, (payload) => sendDailyReport(payload));
registerPeriodicTask(DAILY_REPORT_TASK, DAILY_REPORT_EVERY_MS, async (now) => {
  await queueDailyReports(now);
  await purgeOldTokens(now);
});
