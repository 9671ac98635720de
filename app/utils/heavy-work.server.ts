// Limits on the owner's heavy jobs (decision 090): the report CSVs, the data-export ZIP, invoice
// PDFs and QR images. Each is seconds of CPU or a long stream, and an owner (or a script) can start
// any number at once, while the same process answers the waiters' table poll. Two limits:
// - per process: at most HEAVY_WORK_LIMIT jobs at once (default 2). Over it the answer is 429 at
//   once, never a queue: a queue of yearly exports would hold connections and memory for minutes;
// - per restaurant, across every process: one job at a time, through MariaDB's GET_LOCK(name, 0)
//   held on a connection of the job's own (the "export connection"), so it lasts exactly as long
//   as the job and the database frees it by itself when the connection or the process dies.
// Each running job holds one such connection, so a process opens at most DB_POOL_SIZE +
// HEAVY_WORK_LIMIT connections (docs/scaling.md).
import mariadb from "mariadb";
import { parseDatabaseUrl, type DatabaseSettings } from "./database-url";
import { DomainError } from "./domain-error";
import { HEAVY_WAIT_SECONDS, heavyLockName, tryRestaurantLock } from "./heavy-lock";
import { getEnv } from "./env.server";

/** Seconds a refused client is told to wait: a yearly export takes a few seconds. */
export const HEAVY_RETRY_AFTER_SECONDS = { restaurant: 10, process: 5 } as const;

export const HEAVY_WORK_MESSAGES = {
  restaurant: (seconds: number) =>
    `İşletmeniz için başka bir dışa aktarma (rapor, veri indirme, fatura veya QR kodu) şu anda hazırlanıyor. O bitince, ${seconds} saniye sonra tekrar deneyin.`,
  process: (seconds: number) => `Sunucu şu anda başka dışa aktarmalar hazırlıyor. Lütfen ${seconds} saniye sonra tekrar deneyin.`,
} as const;

export function restaurantBusy(): DomainError {
  const s = HEAVY_RETRY_AFTER_SECONDS.restaurant;
  return new DomainError(429, HEAVY_WORK_MESSAGES.restaurant(s), undefined, { "Retry-After": String(s) });
}

export function processBusy(): DomainError {
  const s = HEAVY_RETRY_AFTER_SECONDS.process;
  return new DomainError(429, HEAVY_WORK_MESSAGES.process(s), undefined, { "Retry-After": String(s) });
}

/** Settings of an export connection: the app's database, UTC, the pool's connect limit. */
export function exportConnectionSettings(): DatabaseSettings & { timezone: string; connectTimeout: number } {
  return { ...parseDatabaseUrl(getEnv().DATABASE_URL), timezone: "Z", connectTimeout: 2_000 };
}

let running = 0;

/** Jobs running in this process now (tests, monitoring). */
export const heavyWorkRunning = () => running;

export interface ProcessSlot {
  /** Gives the slot back (once; later calls do nothing). */
  release(): void;
}

/**
 * Takes one of this process's slots, waiting up to HEAVY_WAIT_SECONDS for one to be given back, or
 * throws the 429. No await between a check and its take.
 */
export async function takeProcessSlot(): Promise<ProcessSlot> {
  const until = Date.now() + HEAVY_WAIT_SECONDS * 1000;
  while (running >= getEnv().HEAVY_WORK_LIMIT) {
    if (Date.now() >= until) throw processBusy();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  running++;
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      running--;
    },
  };
}

export interface HeavyWork {
  /** Ends the job: the lock and its connection go, the slot is given back. Safe to call twice. */
  end(): Promise<void>;
}

/**
 * Starts a heavy job of the restaurant in this process: a process slot, an export connection,
 * the restaurant's lock on it. Throws the 429 (DomainError) when either limit says no. For a job
 * whose queries go through the app's pool (the ZIP, a PDF): the export connection only holds the
 * lock. The sales CSV takes its lock in its worker thread instead, on the connection it reads with.
 */
export async function startHeavyWork(restaurantId: number): Promise<HeavyWork> {
  const slot = await takeProcessSlot();
  let conn: mariadb.Connection | null = null;
  const settings = exportConnectionSettings();
  const lockName = heavyLockName(settings.database, restaurantId);
  try {
    conn = await mariadb.createConnection(settings);
    if (!(await tryRestaurantLock(conn, lockName))) throw restaurantBusy();
  } catch (error) {
    conn?.destroy();
    slot.release();
    throw error;
  }
  const held = conn;
  let ended: Promise<void> | null = null;
  return {
    end() {
      // Closing the connection would release the lock too, but only once the server has cleaned the
      // session up: released first, the restaurant may start its next job as soon as this returns.
      ended ??= held
        .query("SELECT RELEASE_LOCK(?)", [lockName])
        .then(() => held.end())
        .catch(() => held.destroy())
        .finally(() => slot.release());
      return ended;
    },
  };
}

/** Runs `work` as a heavy job (see startHeavyWork) and ends it however `work` ends. */
export async function withHeavyWork<T>(restaurantId: number, work: () => Promise<T>): Promise<T> {
  const job = await startHeavyWork(restaurantId);
  try {
    return await work();
  } finally {
    await job.end();
  }
}

/**
 * A stream that is a heavy job from its start to its end: the job ends when the stream closes,
 * fails or is cancelled (the client went away), and when the reader stalls for `stallMs` (a client
 * that stops reading would otherwise hold the slot and the lock for ever).
 */
export function heavyStream(
  job: HeavyWork,
  body: ReadableStream<Uint8Array>,
  { stallMs = HEAVY_STALL_MS }: { stallMs?: number } = {},
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let stall: NodeJS.Timeout | undefined;
  const finish = () => {
    clearTimeout(stall);
    void job.end();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(stall);
        try {
          const { value, done } = await reader.read();
          if (done) {
            // The lock and the slot are free before the client sees the end, so it may start again at once.
            clearTimeout(stall);
            await job.end();
            controller.close();
            return;
          }
          controller.enqueue(value);
          stall = setTimeout(() => {
            controller.error(new Error("The client stopped reading a heavy export."));
            void reader.cancel().catch(() => undefined);
            finish();
          }, stallMs);
        } catch (error) {
          controller.error(error);
          finish();
        }
      },
      async cancel(reason) {
        finish();
        await reader.cancel(reason).catch(() => undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** A download whose client reads nothing for this long is cut off, freeing its slot and lock. */
export const HEAVY_STALL_MS = 60_000;
