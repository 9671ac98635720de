// The sales CSV off the event loop (decision 090): a small pool of worker threads
// (sales-csv.worker.ts), at most one per running export and so at most HEAVY_WORK_LIMIT, each
// reading and formatting one export at a time. This thread only moves ready bytes from the worker
// to the HTTP response: the response's pull asks the worker for the next chunk (backpressure), and
// a client that goes away cancels the export (the worker destroys its connection and is free).
import { Worker } from "node:worker_threads";
import { parseDatabaseUrl } from "~/utils/database-url";
import { getEnv } from "~/utils/env.server";
import { heavyLockName } from "~/utils/heavy-lock";
import { heavyStream, restaurantBusy, takeProcessSlot, type ProcessSlot } from "~/utils/heavy-work.server";
import type { PeriodRange } from "./detailed";
import { SALES_CSV_CHUNK_ROWS, SALES_CSV_HEAD } from "./sales-csv";
import { isFinal, type FromSalesCsvWorker, type SalesCsvJob, type ToSalesCsvWorker } from "./sales-csv-protocol";

/**
 * Where the worker's code is. The production build replaces this marker with the URL of the file
 * it emits (build/server/workers/sales-csv.js, vite.config.ts's serverWorkers plugin); unbuilt (the
 * dev server, Vitest) the marker stays and the TypeScript source runs through tsx.
 */
const BUILT_WORKER_URL: string = "SOFRA_SERVER_WORKER:sales-csv";

function workerSource(): { file: URL; execArgv?: string[] } {
  if (!BUILT_WORKER_URL.startsWith("SOFRA_SERVER_WORKER:")) return { file: new URL(BUILT_WORKER_URL) };
  return { file: new URL("./sales-csv.worker.ts", import.meta.url), execArgv: ["--import", "tsx"] };
}

/**
 * The pace of all this process's sales exports together (EXPORT_ROWS_PER_SECOND): each chunk
 * pulled takes the next free moment of one shared schedule. Off the event loop is not enough on
 * a machine with few cores: four exports at full speed keep the workers and MariaDB busy enough
 * that the poll waits for a core (measured in decision 090); paced, they leave room for it, and one
 * yearly export alone still takes seconds, not minutes.
 */
let nextChunkAt = 0;
async function paced() {
  const now = performance.now();
  const at = Math.max(now, nextChunkAt);
  nextChunkAt = at + (SALES_CSV_CHUNK_ROWS / getEnv().EXPORT_ROWS_PER_SECOND) * 1000;
  if (at > now + 1) await new Promise((resolve) => setTimeout(resolve, at - now));
}

/**
 * An idle worker is kept this long for the next export, then ended (its memory given back):
 * starting one costs a V8 isolate (tens of MB and a burst of CPU), so an owner's next export, or
 * another restaurant's, reuses it.
 */
const IDLE_MS = 10 * 60_000;

interface PooledWorker {
  worker: Worker;
  /** Whoever runs an export on it gets its messages. */
  onMessage: ((message: FromSalesCsvWorker) => void) | null;
  /** The worker died: the export on it fails. */
  onExit: ((error: Error) => void) | null;
  idleTimer?: NodeJS.Timeout;
}

const idle: PooledWorker[] = [];
const all = new Set<PooledWorker>();

/** Workers alive and idle (tests, the bench). */
export const salesCsvWorkers = () => ({ alive: all.size, idle: idle.length });

/**
 * The worker's young generation (decision 092): it holds one chunk of rows at a time (its whole
 * old space was 12 MB in the rush benchmark), so 12 MB (4 MB semi-spaces) is plenty, where by
 * default it would take 48 MB like the main thread. Its old generation is the process's
 * (`--max-old-space-size` in `npm start`: V8 takes that flag over a worker's own figure), so it is
 * not set here.
 */
export const SALES_CSV_WORKER_LIMITS = { maxYoungGenerationSizeMb: 12 } as const;

function newWorker(): PooledWorker {
  const { file, execArgv } = workerSource();
  const worker = new Worker(file, { execArgv, name: "sofra-sales-csv", resourceLimits: SALES_CSV_WORKER_LIMITS });
  const pooled: PooledWorker = { worker, onMessage: null, onExit: null };
  pooled.worker.on("message", (message: FromSalesCsvWorker) => pooled.onMessage?.(message));
  const gone = (error: Error) => {
    all.delete(pooled);
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
    clearTimeout(pooled.idleTimer);
    pooled.onExit?.(error);
  };
  pooled.worker.on("error", (error) => gone(error));
  pooled.worker.on("exit", (code) => gone(new Error(`The sales CSV worker exited (${code}).`)));
  all.add(pooled);
  return pooled;
}

function takeWorker(): PooledWorker {
  const pooled = idle.pop() ?? newWorker();
  clearTimeout(pooled.idleTimer);
  // Busy workers keep the process alive like any request in flight; idle ones do not.
  pooled.worker.ref();
  return pooled;
}

function giveBack(pooled: PooledWorker) {
  pooled.onMessage = null;
  pooled.onExit = null;
  if (!all.has(pooled)) return;
  pooled.worker.unref();
  idle.push(pooled);
  pooled.idleTimer = setTimeout(() => void pooled.worker.terminate(), IDLE_MS);
  pooled.idleTimer.unref();
}

/** Ends every worker (the server's shutdown). */
export async function stopSalesCsvWorkers() {
  await Promise.all([...all].map((p) => p.worker.terminate()));
}

/**
 * The period's sales CSV as a stream, made in a worker thread. Takes one of the process's heavy
 * slots and the restaurant's lock (in the worker, on its connection) before answering: over either
 * limit it throws the 429 and nothing is written.
 */
export async function salesCsvStream(restaurantId: number, range: PeriodRange, timeZone: string): Promise<ReadableStream<Uint8Array>> {
  const slot = await takeProcessSlot();
  const settings = parseDatabaseUrl(getEnv().DATABASE_URL);
  const job: SalesCsvJob = {
    settings,
    lockName: heavyLockName(settings.database, restaurantId),
    restaurantId,
    start: range.start.getTime(),
    end: range.end.getTime(),
    timeZone,
  };
  const run = new WorkerRun(takeWorker(), slot);
  run.post({ type: "start", job });
  const first = await run.next();
  if (first.type === "busy") throw restaurantBusy();
  if (first.type !== "started") throw workerError(first);

  const encoder = new TextEncoder();
  let finished = false;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(SALES_CSV_HEAD));
      },
      async pull(controller) {
        await paced();
        run.post({ type: "pull" });
        const message = await run.next();
        if (message.type === "chunk") controller.enqueue(message.bytes);
        else if (message.type === "end") {
          finished = true;
          controller.close();
        } else {
          finished = true;
          controller.error(workerError(message));
        }
      },
      cancel() {
        // The client went away (or stopped reading): the worker drops its connection and is free.
        if (!finished) run.cancel();
      },
    },
    { highWaterMark: 1 },
  );
  // heavyStream cuts off a client that stops reading; the slot and the worker are given back when
  // the worker says its connection is closed (end, error, or the answer to a cancel), not before.
  return heavyStream({ end: async () => undefined }, body);
}

/** The worker's failure as an error here, with the database's errno (isDatabaseBusy: 503, not 500). */
function workerError(message: FromSalesCsvWorker): Error {
  if (message.type !== "error") return new Error(`Sales CSV worker: unexpected message ${message.type}`);
  return Object.assign(new Error(`Sales CSV: ${message.message}`), { errno: message.errno });
}

/** One export on one worker: its messages in order, and the clean-up once the worker is idle. */
class WorkerRun {
  private queue: FromSalesCsvWorker[] = [];
  private waiter: { resolve: (m: FromSalesCsvWorker) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private done = false;

  constructor(
    private readonly pooled: PooledWorker,
    private readonly slot: ProcessSlot,
  ) {
    pooled.onMessage = (message) => {
      if (message.type !== "idle") {
        if (this.waiter) {
          const w = this.waiter;
          this.waiter = null;
          w.resolve(message);
        } else this.queue.push(message);
      }
      // The worker's connection is closed (and with it the lock): the slot is free before the
      // response's last bytes go out, so a client that starts again at once is not refused.
      if (isFinal(message)) this.finish(null);
    };
    pooled.onExit = (error) => this.finish(error);
  }

  post(message: ToSalesCsvWorker) {
    if (!this.done) this.pooled.worker.postMessage(message);
  }

  /** The worker's next message (a dead or cancelled worker's pending wait fails). */
  next(): Promise<FromSalesCsvWorker> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.done) return Promise.reject(this.failure ?? new Error("The sales CSV export ended."));
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  cancel() {
    this.post({ type: "cancel" });
  }

  private finish(error: Error | null) {
    if (this.done) return;
    this.done = true;
    this.failure = error;
    this.slot.release();
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      if (error) w.reject(error);
      else {
        // Idle before the answer that was waited for: only after an error or a cancel.
        const queued = this.queue.shift();
        if (queued) w.resolve(queued);
        else w.reject(new Error("The sales CSV export ended."));
      }
    }
    if (!error) giveBack(this.pooled);
  }
}
