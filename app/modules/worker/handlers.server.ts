// Every kind of background job registers its handler here (one import per area), so that the
// worker of any process, and a test calling runJobsNow(), knows them all. A module of its own at
// the top of the module order (eslint.config.js): it imports every area that has jobs, and those
// areas enqueue through the queue (modules/jobs) at the bottom.
import "~/modules/mail/jobs.server";
import "~/modules/account/jobs.server";
import "~/modules/billing/jobs.server";
import "~/modules/push/jobs.server";
import "~/modules/notifications/jobs.server";
import "~/modules/live/jobs.server";
import "~/modules/reports/jobs.server";
