// The sales CSV's worker thread, its work (decision 090): reads a period's payments with one
// streamed query on a connection of its own, turns them into CSV text and hands it to the app's
// thread chunk by chunk, only when asked (the HTTP response's pull), with one chunk made ahead.
// Decoding the driver's packets and formatting 200,000 rows is seconds of CPU that would otherwise
// run on the event loop answering the waiters' table poll. The same connection holds the
// restaurant's GET_LOCK (the export's per-restaurant limit) and closes when the export ends or is
// cancelled. Loaded by sales-csv.worker.ts once the thread's priority is lowered.
import { parentPort } from "node:worker_threads";
import mariadb from "mariadb";
import { tryRestaurantLock } from "~/utils/heavy-lock";
import { localTimeFormatter, SALES_CSV_CHUNK_ROWS, SALES_CSV_SQL, salesCsvRow, type SalesRow } from "./sales-csv";
import type { SalesCsvJob, ToSalesCsvWorker, FromSalesCsvWorker } from "./sales-csv-protocol";

const port = parentPort;
if (!port) throw new Error("sales-csv-worker-body runs in a worker thread.");

const encoder = new TextEncoder();
const send = (message: FromSalesCsvWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer ?? []);

interface Export {
  conn: mariadb.Connection;
  rows: AsyncIterator<SalesRow>;
  local: (date: Date) => string;
  lockName: string;
  /** The next chunk, made ahead: text, or null at the end. */
  ahead: Promise<string | null> | null;
  cancelled: boolean;
}

let current: Export | null = null;

async function start(job: SalesCsvJob) {
  let conn: mariadb.Connection | null = null;
  try {
    conn = await mariadb.createConnection({ ...job.settings, timezone: "Z" });
    if (!(await tryRestaurantLock(conn, job.lockName))) {
      await conn.end().catch(() => conn?.destroy());
      return send({ type: "busy" });
    }
    const stream = conn.queryStream(SALES_CSV_SQL, [job.restaurantId, new Date(job.start), new Date(job.end)]);
    const rows = (stream as unknown as AsyncIterable<SalesRow>)[Symbol.asyncIterator]();
    current = { conn, rows, local: localTimeFormatter(job.timeZone), lockName: job.lockName, ahead: null, cancelled: false };
    current.ahead = nextChunk(current);
    current.ahead.catch(() => undefined);
    send({ type: "started" });
  } catch (error) {
    if (conn) await closed(conn);
    send({ type: "error", message: errorText(error), errno: errnoOf(error) });
  }
}

/** Up to SALES_CSV_CHUNK_ROWS rows as text; null when the result has ended. */
async function nextChunk(e: Export): Promise<string | null> {
  let out = "";
  for (let n = 0; n < SALES_CSV_CHUNK_ROWS; n++) {
    const next = await e.rows.next();
    if (next.done) return out === "" ? null : out;
    out += salesCsvRow(next.value, e.local);
  }
  return out;
}

async function pull() {
  const e = current;
  if (!e || !e.ahead) return;
  try {
    const text = await e.ahead;
    if (e.cancelled) return;
    if (text === null) {
      e.ahead = null;
      current = null;
      // The lock is released before the end is told, so the owner may start again at once.
      await e.conn
        .query("SELECT RELEASE_LOCK(?)", [e.lockName])
        .then(() => e.conn.end())
        .catch(() => e.conn.destroy());
      send({ type: "end" });
      return;
    }
    const bytes = encoder.encode(text);
    // Made ahead while the response writes this one (at most one chunk waits here).
    e.ahead = nextChunk(e);
    // Swallowed here, seen by the next pull.
    e.ahead.catch(() => undefined);
    send({ type: "chunk", bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    if (e.cancelled) return;
    current = null;
    await closed(e.conn, e.ahead);
    send({ type: "error", message: errorText(error), errno: errnoOf(error) });
  }
}

async function cancel() {
  const e = current;
  current = null;
  if (e) {
    e.cancelled = true;
    await closed(e.conn, e.ahead);
  }
  send({ type: "idle" });
}

/**
 * Destroys the connection (not ended: ending would first read the rest of the result) and waits
 * until it is gone: with a query running the driver KILLs it from a second, short connection, and
 * the pending read fails once that is done, so the restaurant's lock is free when this returns.
 */
async function closed(conn: mariadb.Connection, pending?: Promise<unknown> | null) {
  conn.destroy();
  if (!pending) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([pending.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
  clearTimeout(timer);
}

const errnoOf = (error: unknown) => {
  const errno = (error as { errno?: unknown } | null)?.errno;
  return typeof errno === "number" ? errno : undefined;
};
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

port.on("message", (message: ToSalesCsvWorker) => {
  if (message.type === "start") void start(message.job);
  else if (message.type === "pull") void pull();
  else if (message.type === "cancel") void cancel();
});
