// Every kind of background job registers its handler here (one import per area), so that the
// worker of any process, and a test calling runJobsNow(), knows them all.
import "~/modules/mail/jobs.server";
import "~/modules/account/jobs.server";
import "~/modules/billing/jobs.server";
import "~/modules/push/jobs.server";
import "~/modules/notifications/jobs.server";
