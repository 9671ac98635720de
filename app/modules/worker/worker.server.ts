// The job worker of one app process: polls for due jobs, runs the periodic tasks, and starts at
// once when this process enqueues. Started by entry.server (every process runs one; they share
// the table safely). JOBS_WORKER=off leaves a process out (a web-only process, a one-off script).
import "./handlers.server";
import {
  listPeriodicTasks,
  onJobEnqueued,
  pruneFinishedJobs,
  registerPeriodicTask,
  releaseClaimedJobs,
  runDueJobs,
  stopClaimingJobs,
} from "~/modules/jobs/jobs.server";

const POLL_MS = Number(process.env.JOBS_POLL_MS ?? 2000);

registerPeriodicTask("prune-finished-jobs", 6 * 60 * 60 * 1000, async (now) => {
  await pruneFinishedJobs(30, now);
});

/** Runs every handler registered in handlers.server.ts on the jobs due now (tests, scripts). */
export const runJobsNow = runDueJobs;

/** How long a shutdown waits for the jobs in hand before handing them back (they may be slow: an SMTP server). */
const SHUTDOWN_GRACE_MS = Number(process.env.JOBS_SHUTDOWN_GRACE_MS ?? 3000);

interface WorkerState {
  timer: NodeJS.Timeout;
  running: boolean;
  /** The tick in progress, for a shutdown to wait on. */
  current?: Promise<void>;
  again: boolean;
  lastRun: Map<string, number>;
}

const KEY = Symbol.for("sofra.jobWorker");
type GlobalWithWorker = typeof globalThis & { [KEY]?: WorkerState };

function tick(state: WorkerState) {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  state.current = work(state);
}

async function work(state: WorkerState) {
  try {
    do {
      state.again = false;
      const now = Date.now();
      for (const task of listPeriodicTasks()) {
        // The first run waits a random part of the period, so processes started together spread out.
        if (!state.lastRun.has(task.name)) state.lastRun.set(task.name, now - Math.random() * task.everyMs);
        if (now - state.lastRun.get(task.name)! < task.everyMs) continue;
        state.lastRun.set(task.name, now);
        await task.run(new Date(now)).catch((error: unknown) => console.error(`Periodic task ${task.name} failed:`, error));
      }
      await runDueJobs();
    } while (state.again);
  } catch (error) {
    // The database may be away for a moment; the next poll tries again.
    console.error("Job worker:", error);
  } finally {
    state.running = false;
  }
}

/** Starts this process's worker once (a dev server reloading modules does not start a second). */
export function startJobWorker() {
  const g = globalThis as GlobalWithWorker;
  if (g[KEY] || process.env.JOBS_WORKER === "off") return;
  const state: WorkerState = { timer: setInterval(() => void tick(state), POLL_MS), running: false, again: false, lastRun: new Map() };
  state.timer.unref();
  g[KEY] = state;
  onJobEnqueued(() => setImmediate(() => void tick(state)));
}

/**
 * Stops this process's worker for a shutdown: nothing more is claimed, the jobs in hand get a
 * short grace to finish, and the rest are handed back (releaseClaimedJobs) so that another process
 * takes them at once instead of after their claim (5 minutes) runs out.
 */
export async function stopJobWorker(graceMs = SHUTDOWN_GRACE_MS) {
  const g = globalThis as GlobalWithWorker;
  const state = g[KEY];
  if (!state) return;
  clearInterval(state.timer);
  onJobEnqueued(undefined);
  delete g[KEY];
  stopClaimingJobs();
  if (state.current) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([state.current, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }
  const released = await releaseClaimedJobs().catch((error: unknown) => {
    console.error("Job worker: could not hand back its claimed jobs:", error);
    return 0;
  });
  if (released > 0) console.log(`Job worker: handed back ${released} claimed job(s).`);
}
