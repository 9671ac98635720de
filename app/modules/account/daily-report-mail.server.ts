// The daily report e-mail of settings (decision 054). Settings have no closing time, so "after
// closing" is after the restaurant's local day has ended: a periodic task, run by every app
// process, claims each restaurant's ended day with a conditional update and queues one job with
// the unique key daily-report:<restaurantId>:<date>, so the day is mailed once however many
// processes run the task at the same moment. The job builds the figures with the reports module.
import { dailyReport } from "~/modules/reports/daily.server";
import { enqueueJob } from "~/modules/jobs/jobs.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { prisma } from "~/utils/db.server";
import { formatLongDate, zonedMidnight } from "~/utils/dates";
import { dailyReportKey, dailyReportText, lastEndedDay } from "./daily-report-text";

export const DAILY_REPORT_JOB = "daily-report";
export const DAILY_REPORT_TASK = "daily-report-mails";
/** How often the task looks for ended days: the mail leaves within this long after local midnight. */
export const DAILY_REPORT_EVERY_MS = 5 * 60 * 1000;
/** Restaurants claimed per time zone and run; the next run takes the rest. */
const BATCH = 500;

/** A DATE column's value for a YYYY-MM-DD day. */
const dateValue = (date: string) => new Date(`${date}T00:00:00.000Z`);

/** The periodic task: queues the report of the day that just ended for every restaurant that wants it. Returns the restaurants it queued. */
export async function queueDailyReports(now = new Date()): Promise<number[]> {
  const zones = await prisma.restaurant.findMany({
    where: { dailyReportEmail: true },
    distinct: ["timezone"],
    select: { timezone: true },
  });
  const queued: number[] = [];
  for (const { timezone } of zones) {
    let day;
    try {
      day = lastEndedDay(now, timezone);
    } catch {
      continue; // A time zone Intl does not know: nothing sensible to compute.
    }
    const notYet = { OR: [{ dailyReportQueuedFor: null }, { dailyReportQueuedFor: { lt: dateValue(day.date) } }] };
    const candidates = await prisma.restaurant.findMany({
      // A restaurant created after the day ended has nothing to report for it.
      where: { dailyReportEmail: true, timezone, subscriptionStatus: "active", createdAt: { lt: day.end }, ...notYet },
      select: { id: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const { id } of candidates) {
      const claimed = await prisma.$transaction(async (tx) => {
        // The claim: of two processes here at once, one changes the row; the other sees it done.
        const won = await tx.restaurant.updateMany({ where: { id, ...notYet }, data: { dailyReportQueuedFor: dateValue(day.date) } });
        if (won.count !== 1) return false;
        await enqueueJob(DAILY_REPORT_JOB, { restaurantId: id, date: day.date }, { uniqueKey: dailyReportKey(id, day.date), db: tx });
        return true;
      });
      if (claimed) queued.push(id);
    }
  }
  return queued;
}

/**
 * The job: the day's figures to the restaurant's verified, active owners (an unproven address may
 * be a stranger's: decision 055). Nothing is sent if the setting was turned off meanwhile, or on a
 * day without a single sale, void or free item.
 */
export async function sendDailyReport(payload: { restaurantId: number; date: string }) {
  const restaurant = await prisma.restaurant.findUnique({
    where: { id: payload.restaurantId },
    select: { name: true, timezone: true, dailyReportEmail: true },
  });
  if (!restaurant?.dailyReportEmail) return;
  const owners = await prisma.user.findMany({
    where: { restaurantId: payload.restaurantId, isOwner: true, isActive: true, emailVerifiedAt: { not: null } },
    select: { email: true },
    orderBy: { id: "asc" },
  });
  if (owners.length === 0) return;
  const [year, month, day] = payload.date.split("-").map(Number) as [number, number, number];
  const start = zonedMidnight(year, month, day, restaurant.timezone);
  const report = await dailyReport(payload.restaurantId, restaurant.timezone, new Date(start.getTime() + 1));
  if (report.total_orders === 0 && report.void_count === 0 && report.complimentary_count === 0) return;
  const dateLabel = formatLongDate(start, restaurant.timezone);
  await sendMail({
    // One mail to every owner: a retry after a failure never sends some of them a second copy.
    to: owners.map((o) => o.email).join(", "),
    subject: `Sofra günlük rapor — ${restaurant.name} — ${dateLabel}`,
    text: dailyReportText(restaurant.name, dateLabel, report),
  });
}
