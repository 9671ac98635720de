// The "report-rollups" job (decision 090): after a gün sonu, the restaurant's closed days are
// summarised in the background (decision 036's fill-on-demand function, ensureRollups), so the
// owner's first yearly report afterwards reads summaries instead of summing the year while they wait.
import { enqueueJob, registerJobHandler, type EnqueueOptions } from "~/modules/jobs/jobs.server";
import { prisma } from "~/utils/db.server";
import { reportPeriod } from "./detailed";
import { ensureRollups, splitRange } from "./rollup.server";

export const REPORT_ROLLUPS_JOB = "report-rollups";

/**
 * Summarises the closed UTC days the restaurant's yearly and weekly reports read from summaries
 * now (the week may start in the year before). Days already summarised are skipped; two runs at
 * once write each day once (the rollup's own lock).
 */
export async function fillClosedDays(restaurantId: number, now = new Date()): Promise<void> {
  const restaurant = await prisma.restaurant.findUnique({ where: { id: restaurantId }, select: { timezone: true } });
  // Deleted since: nothing to summarise.
  if (!restaurant) return;
  const spans = (["yearly", "weekly"] as const)
    .map((period) => reportPeriod(period, now, restaurant.timezone))
    .map((range) => splitRange(range.start, range.end, now).summary)
    .filter((s) => s !== null);
  if (spans.length === 0) return;
  const from = new Date(Math.min(...spans.map((s) => s.from.getTime())));
  const to = new Date(Math.max(...spans.map((s) => s.to.getTime())));
  await ensureRollups(restaurantId, from, to);
}

registerJobHandler<{ restaurantId: number }>(REPORT_ROLLUPS_JOB, async ({ restaurantId }) => fillClosedDays(restaurantId), {
  // A first year of a busy restaurant is seconds to a minute of rollups.
  timeoutMs: 10 * 60 * 1000,
});

/** Enqueues the rollups after a day's close (in the close's transaction: the job exists exactly when the close does). */
export function enqueueReportRollups(restaurantId: number, closeId: number, options: EnqueueOptions = {}) {
  return enqueueJob(REPORT_ROLLUPS_JOB, { restaurantId }, { uniqueKey: `report-rollups:${closeId}`, ...options });
}
