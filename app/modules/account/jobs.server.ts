// The account area's background work: the verification and reset mails (off the request, so a
// slow mail server never holds a signup or leaks by its timing whether an address exists) and the
// daily report mails.
import { registerJobHandler, registerPeriodicTask } from "~/modules/jobs/jobs.server";
import { DAILY_REPORT_EVERY_MS, DAILY_REPORT_JOB, DAILY_REPORT_TASK, queueDailyReports, sendDailyReport } from "./daily-report-mail.server";
import { sendVerificationMail, VERIFY_MAIL_JOB } from "./email-verification.server";
import { RESET_MAIL_JOB, sendPasswordResetMail } from "./password-reset.server";
import { purgeOldTokens } from "./tokens.server";

registerJobHandler(VERIFY_MAIL_JOB, (payload) => sendVerificationMail(payload as { userId: number }));
registerJobHandler(RESET_MAIL_JOB, (payload) => sendPasswordResetMail(payload as { email: string }));
registerJobHandler(DAILY_REPORT_JOB, (payload) => sendDailyReport(payload as { restaurantId: number; date: string }));
registerPeriodicTask(DAILY_REPORT_TASK, DAILY_REPORT_EVERY_MS, async () => {
  await queueDailyReports();
  await purgeOldTokens();
});
