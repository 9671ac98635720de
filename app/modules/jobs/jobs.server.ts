// Background jobs kept in the database (decision 045). A request enqueues and answers at once;
// every app process runs a worker (modules/worker) that claims due jobs with
// SELECT ... FOR UPDATE SKIP LOCKED, so any number of processes behind the load balancer share
// the work and none runs a job another holds. A failed job is retried with growing delays; a
// claim expires, so a process that dies mid-job does not lose it.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { Prisma } from "~/generated/prisma/client";
import { prisma, sqlTransaction, type SqlTx } from "~/utils/db.server";

type Db = Pick<SqlTx, "$executeRaw">;
export type JobPayload = Record<string, unknown>;

interface HandlerOptions<P> {
  /** Tries before the job is given up as failed (default 5). */
  maxAttempts?: number;
  /** How long a claim lasts (default 5 minutes): a job still running then may be claimed again. */
  timeoutMs?: number;
  /** Runs once when the last try failed (mark a notification failed, say). */
  onGiveUp?: (payload: P, error: unknown) => Promise<void>;
}

interface Handler {
  run: (payload: JobPayload) => Promise<void>;
  options: HandlerOptions<JobPayload>;
}

const handlers = new Map<string, Handler>();

/** Registers what a kind of job does (once per process, from an area's jobs.server.ts). Throw to retry. */
export function registerJobHandler<P extends JobPayload>(
  kind: string,
  run: (payload: P) => Promise<void>,
  options: HandlerOptions<P> = {},
) {
  handlers.set(kind, { run: run as Handler["run"], options: options as HandlerOptions<JobPayload> });
}

export const hasJobHandler = (kind: string) => handlers.has(kind);

interface PeriodicTask {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<void>;
}
const periodicTasks = new Map<string, PeriodicTask>();

/**
 * A task every process's worker runs about every `everyMs`. It runs in each process, so it must
 * only enqueue with a uniqueKey (or otherwise be safe to run twice at once).
 */
export function registerPeriodicTask(name: string, everyMs: number, run: (now: Date) => Promise<void>) {
  periodicTasks.set(name, { name, everyMs, run });
}

export const listPeriodicTasks = () => [...periodicTasks.values()];

let wake: (() => void) | undefined;
/** The worker of this process asks to be told of new jobs, so they start without waiting for the next poll. */
export function onJobEnqueued(listener: (() => void) | undefined) {
  wake = listener;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** An enqueue whose key exists (pending, done or failed) adds nothing. */
  uniqueKey?: string;
  /** The transaction that writes what the job is about: the job exists exactly when that does. */
  db?: Db;
}

export interface JobInput {
  kind: string;
  payload: JobPayload;
  runAt?: Date;
  uniqueKey?: string;
}

const MAX_PAYLOAD_CHARS = 60_000;

function row(job: JobInput, now: Date) {
  const payload = JSON.stringify(job.payload);
  if (payload.length > MAX_PAYLOAD_CHARS) throw new Error(`Job payload of ${job.kind} is too large (${payload.length} characters).`);
  if (job.kind.length > 64) throw new Error(`Job kind too long: ${job.kind}`);
  if (job.uniqueKey && job.uniqueKey.length > 191) throw new Error(`Job key too long: ${job.uniqueKey}`);
  return Prisma.sql`(${job.kind}, ${payload}, ${job.uniqueKey ?? null}, ${job.runAt ?? now}, ${now})`;
}

/** Adds jobs in one statement (a thousand recipients are one insert, not a thousand). */
export async function enqueueJobs(jobs: JobInput[], db: Db = prisma, now = new Date()) {
  if (jobs.length === 0) return;
  for (let i = 0; i < jobs.length; i += 500) {
    const chunk = jobs.slice(i, i + 500);
    // A duplicate key keeps the existing job: the enqueue is idempotent.
    await db.$executeRaw`
      INSERT INTO jobs (kind, payload, uniqueKey, runAt, createdAt)
      VALUES ${Prisma.join(chunk.map((job) => row(job, now)))}
      ON DUPLICATE KEY UPDATE id = id`;
  }
  // Inside a transaction the rows are not visible yet; the worker's next poll finds them.
  if (db === prisma) wake?.();
}

export function enqueueJob(kind: string, payload: JobPayload, options: EnqueueOptions = {}) {
  return enqueueJobs([{ kind, payload, runAt: options.runAt, uniqueKey: options.uniqueKey }], options.db ?? prisma);
}

/** Wakes this process's worker (after a transaction that enqueued has committed). */
export const nudgeJobWorker = () => wake?.();

const WORKER_ID = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString("hex")}`;
const DEFAULT_TIMEOUT_MS = 5 * 60 * 1000;
const DEFAULT_MAX_ATTEMPTS = 5;

/** 30 s, 1 min, 2 min … at most an hour between tries. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempts - 1));

interface ClaimedJob {
  id: bigint;
  kind: string;
  payload: string;
  attempts: number;
}

/** Claims up to `limit` due jobs for this process. */
async function claimJobs(limit: number, now: Date): Promise<ClaimedJob[]> {
  // Every process runs this every 2 s: on the bare driver (decision 093), not Prisma's transaction.
  return sqlTransaction(async (tx) => {
    const due = await tx.$queryRaw<ClaimedJob[]>`
      SELECT id, kind, payload, attempts FROM jobs
      WHERE status = 'pending' AND runAt <= ${now} AND (lockedUntil IS NULL OR lockedUntil < ${now})
      ORDER BY runAt, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
    if (due.length === 0) return [];
    // Each job's claim lasts as long as its kind may run.
    for (const job of due) {
      const timeout = handlers.get(job.kind)?.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      await tx.$executeRaw`
        UPDATE jobs SET lockedUntil = ${new Date(now.getTime() + timeout)}, lockedBy = ${WORKER_ID}, attempts = attempts + 1
        WHERE id = ${job.id}`;
    }
    return due.map((job) => ({ ...job, attempts: Number(job.attempts) + 1 }));
  });
}

async function runOne(job: ClaimedJob, now: Date) {
  const handler = handlers.get(job.kind);
  const payload = JSON.parse(job.payload) as JobPayload;
  try {
    if (!handler) throw new Error(`No handler for job kind "${job.kind}".`);
    await handler.run(payload);
    await prisma.$executeRaw`
      UPDATE jobs SET status = 'done', finishedAt = ${new Date()}, lockedUntil = NULL, lastError = NULL
      WHERE id = ${job.id} AND lockedBy = ${WORKER_ID}`;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const maxAttempts = handler?.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (job.attempts >= maxAttempts) {
      await prisma.$executeRaw`
        UPDATE jobs SET status = 'failed', finishedAt = ${new Date()}, lockedUntil = NULL, lastError = ${message}
        WHERE id = ${job.id} AND lockedBy = ${WORKER_ID}`;
      console.error(`Job ${job.kind} #${job.id} failed for good: ${message}`);
      await handler?.options.onGiveUp?.(payload, error).catch((e: unknown) => console.error(e));
    } else {
      await prisma.$executeRaw`
        UPDATE jobs SET runAt = ${new Date(now.getTime() + retryDelayMs(job.attempts))}, lockedUntil = NULL, lastError = ${message}
        WHERE id = ${job.id} AND lockedBy = ${WORKER_ID}`;
    }
  }
}

/** Set when the process is shutting down: no more claims (see releaseClaimedJobs). */
let claimsStopped = false;
export function stopClaimingJobs() {
  claimsStopped = true;
}

/**
 * Hands back the jobs this process claimed and has not finished (a shutdown that could not wait
 * for them): unlocked, their try not counted, so another process runs them at its next poll instead
 * of waiting out the claim. A job still running here when the process exits may then run twice,
 * which every handler already allows for (a claim can expire mid-job the same way).
 */
export async function releaseClaimedJobs(): Promise<number> {
  return prisma.$executeRaw`
    UPDATE jobs SET lockedUntil = NULL, lockedBy = NULL, attempts = GREATEST(attempts - 1, 0)
    WHERE lockedBy = ${WORKER_ID} AND status = 'pending' AND lockedUntil IS NOT NULL`;
}

/**
 * Claims and runs due jobs until none are left (or `maxJobs` ran), `concurrency` at a time.
 * Returns how many ran. The worker calls it on every poll; tests call it to deliver now.
 */
export async function runDueJobs({ concurrency = 4, maxJobs = 1000, now }: { concurrency?: number; maxJobs?: number; now?: Date } = {}) {
  let ran = 0;
  while (ran < maxJobs && !claimsStopped) {
    const at = now ?? new Date();
    const jobs = await claimJobs(Math.min(concurrency, maxJobs - ran), at);
    if (jobs.length === 0) break;
    await Promise.all(jobs.map((job) => runOne(job, at)));
    ran += jobs.length;
  }
  return ran;
}

/** Finished jobs are kept a while to answer "was it sent?", then removed (keys of done jobs go with them). */
export async function pruneFinishedJobs(olderThanDays = 30, now = new Date()) {
  return prisma.$executeRaw`DELETE FROM jobs WHERE finishedAt < ${new Date(now.getTime() - olderThanDays * 24 * 60 * 60 * 1000)} LIMIT 5000`;
}
