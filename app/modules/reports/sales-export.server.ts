// The sales CSV off the event loop (decision 090): a small pool of worker threads
// (sales-csv.worker.ts), at most one per running export and so at most HEAVY_WORK_LIMIT, each
// reading and formatting one export at a time. This thread only moves ready bytes from the worker
// to the HTTP response: the response's pull asks the worker for the next chunk (backpressure), and
// a client that goes away cancels the export (the worker destroys its connection and is free).
import { Worker } from "node:worker_threads";
import { parseDatabaseUrl } from "~/utils/database-url";
import { getEnv } from "~/utils/env.server";
import { heavyLockName } from "~/utils/heavy-lock";
import { HEAVY_STALL_MS, heavyStream, restaurantBusy, takeProcessSlot, type ProcessSlot } from "~/utils/heavy-work.server";
import type { NodeBody } from "~/utils/node-body.server";
import type { PeriodRange } from "./detailed";
import { SALES_CSV_CHUNK_ROWS } from "./sales-csv";
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
 * The period's sales CSV, made in a worker thread. Takes one of the process's heavy slots and the
 * restaurant's lock (in the worker, on its connection) before answering: over either limit it
 * throws the 429 and nothing is written. `gzip`: the worker compresses the file (the answer's
 * Content-Encoding, decision 097), for an answer written to Node's response (`writeTo`).
 */
export async function startSalesCsv(
  restaurantId: number,
  range: PeriodRange,
  timeZone: string,
  { gzip = false }: { gzip?: boolean } = {},
): Promise<SalesCsvExport> {
  const slot = await takeProcessSlot();
  const settings = parseDatabaseUrl(getEnv().DATABASE_URL);
  const job: SalesCsvJob = {
    settings,
    lockName: heavyLockName(settings.database, restaurantId),
    restaurantId,
    start: range.start.getTime(),
    end: range.end.getTime(),
    timeZone,
    gzip,
  };
  const run = new WorkerRun(takeWorker(), slot);
  run.post({ type: "start", job });
  const first = await run.next();
  if (first.type === "busy") throw restaurantBusy();
  if (first.type !== "started") throw workerError(first);
  return new SalesCsvExport(run, gzip);
}

/**
 * A running export, read once: as a web stream (the dev server, React Router's handler) or
 * written to Node's response. Either way each chunk is asked of the worker only when the one
 * before is taken (backpressure), at the process's pace, and a client that goes away or stops
 * reading for HEAVY_STALL_MS cancels the export (the worker drops its connection and is free;
 * the slot is given back when the worker says its connection is closed, not before).
 */
export class SalesCsvExport {
  constructor(
    private readonly run: ExportRun,
    /** The bytes written are the file's gzip stream. */
    readonly gzip: boolean,
  ) {}

  webStream(): ReadableStream<Uint8Array> {
    const run = this.run;
    let finished = false;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await paced();
          run.post({ type: "pull" });
          const message = await run.next();
          if (message.type === "chunk") controller.enqueue(message.bytes ?? Buffer.from(message.latin1 ?? "", "latin1"));
          else if (message.type === "end") {
            finished = true;
            if (message.latin1) controller.enqueue(Buffer.from(message.latin1, "latin1"));
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
    // heavyStream cuts off a client that stops reading.
    return heavyStream({ end: async () => undefined }, body);
  }

  /**
   * Writes the file to Node's response (a direct route's NODE_BODY, decision 097): no web stream
   * between, and with gzip the compressed bytes go out as the strings the worker sent, so this
   * thread allocates no ArrayBuffer per chunk (decision 097 says why that matters).
   */
  writeTo(res: NodeBody, { stallMs = HEAVY_STALL_MS }: { stallMs?: number } = {}): void {
    const run = this.run;
    let finished = false;
    const stop = () => {
      if (finished) return;
      finished = true;
      run.cancel();
    };
    res.once("close", stop);
    // Gone before its body began: its "close" has been and will not come again.
    if (res.destroyed) return stop();
    const write = (message: { bytes?: Uint8Array; latin1?: string }) =>
      message.bytes ? res.write(message.bytes) : message.latin1 ? res.write(message.latin1, "latin1") : true;
    void (async () => {
      try {
        while (!finished) {
          await paced();
          if (finished) return;
          run.post({ type: "pull" });
          const message = await run.next();
          if (finished) return;
          if (message.type === "chunk") {
            if (!write(message) && !(await drained(res, stallMs))) {
              // The client stopped reading (or went away): cut off, the export cancelled.
              res.destroy();
              return stop();
            }
          } else if (message.type === "end") {
            finished = true;
            write(message);
            res.end();
          } else {
            finished = true;
            res.destroy(workerError(message));
          }
        }
      } catch (error) {
        // The worker died or the export was cancelled: the answer cannot be whole.
        finished = true;
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    })();
  }
}

/** Waits until `res` drains (true), closes or stays full for `ms` (false). */
function drained(res: NodeBody, ms: number): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      res.off("drain", onDrain);
      res.off("close", onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    res.once("drain", onDrain);
    res.once("close", onClose);
  });
}

/** The worker's failure as an error here, with the database's errno (isDatabaseBusy: 503, not 500). */
function workerError(message: FromSalesCsvWorker): Error {
  if (message.type !== "error") return new Error(`Sales CSV worker: unexpected message ${message.type}`);
  return Object.assign(new Error(`Sales CSV: ${message.message}`), { errno: message.errno });
}

/** What a SalesCsvExport needs of its worker's run (a WorkerRun; tests give their own). */
export interface ExportRun {
  post(message: ToSalesCsvWorker): void;
  next(): Promise<FromSalesCsvWorker>;
  cancel(): void;
}

/** One export on one worker: its messages in order, and the clean-up once the worker is idle. */
class WorkerRun implements ExportRun {
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
