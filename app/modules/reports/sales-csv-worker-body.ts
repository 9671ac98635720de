// The sales CSV's worker thread, its work (decision 090): reads a period's payments in keyset pages
// of 1,000 rows on a connection of its own (one snapshot), turns them into CSV text and hands it to
// the app's thread chunk by chunk, only when asked (the HTTP response's pull), one page made ahead.
// Decoding the driver's packets and formatting 200,000 rows is seconds of CPU that would otherwise
// run on the event loop answering the waiters' table poll. The same connection holds the
// restaurant's GET_LOCK (the export's per-restaurant limit) and closes when the export ends or is
// cancelled. Loaded by sales-csv.worker.ts once the thread's priority is lowered.
import { parentPort } from "node:worker_threads";
import { constants, createGzip } from "node:zlib";
import mariadb from "mariadb";
import { tryRestaurantLock } from "~/utils/heavy-lock";
import { localTimeFormatter, SALES_CSV_CHUNK_ROWS, SALES_CSV_HEAD, SALES_CSV_PAGE_SQL, salesCsvRow, type SalesRow } from "./sales-csv";
import type { SalesCsvJob, ToSalesCsvWorker, FromSalesCsvWorker } from "./sales-csv-protocol";

const port = parentPort;
if (!port) throw new Error("sales-csv-worker-body runs in a worker thread.");

const encoder = new TextEncoder();
const send = (message: FromSalesCsvWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer ?? []);

/**
 * The file's gzip stream (decision 097): text in, compressed bytes out, as one-byte characters.
 * A string crosses to the app's thread as a copy in its young generation, where an ArrayBuffer
 * would count against its old generation's limit (external memory) and make it collect.
 */
class GzipText {
  private readonly gz = createGzip();
  private out: Buffer[] = [];
  private gone = false;

  constructor() {
    this.gz.on("data", (bytes: Buffer) => this.out.push(bytes));
    // Only a destroyed stream fails; its waits end below.
    this.gz.on("error", () => undefined);
  }

  /** The compressed bytes of `text`, flushed (Z_SYNC_FLUSH) so the client can read all of it. */
  async chunk(text: string): Promise<string> {
    await new Promise<void>((resolve) => {
      this.gz.write(text);
      this.gz.flush(constants.Z_SYNC_FLUSH, () => resolve());
    });
    return this.take();
  }

  /** The stream's last bytes (the gzip trailer). */
  async end(): Promise<string> {
    await new Promise<void>((resolve) => {
      this.gz.once("end", resolve);
      this.gz.once("close", resolve);
      this.gz.end();
    });
    return this.take();
  }

  close() {
    this.gone = true;
    this.gz.destroy();
  }

  private async take(): Promise<string> {
    // A chunk pushed while the stream was paused reaches "data" on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.gone) return "";
    const text = Buffer.concat(this.out).toString("latin1");
    this.out = [];
    return text;
  }
}

interface Export {
  conn: mariadb.Connection;
  job: SalesCsvJob;
  /** The last row's (paidAt, id); null once the last page was read. */
  cursor: { paidAt: Date; id: number } | null;
  local: (date: Date) => string;
  lockName: string;
  /** The next chunk, made ahead: text, or null at the end. */
  ahead: Promise<string | null> | null;
  /** With gzip (job.gzip): the file's compressed stream. */
  gz: GzipText | null;
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
    // Every page reads the same snapshot: the file is the period as it was when the export began.
    await conn.query("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
    current = {
      conn,
      job,
      cursor: { paidAt: new Date(job.start), id: 0 },
      local: localTimeFormatter(job.timeZone),
      lockName: job.lockName,
      ahead: null,
      gz: job.gzip ? new GzipText() : null,
      cancelled: false,
    };
    // The first chunk begins with the file's head (its BOM and header line), even for no rows.
    current.ahead = nextChunk(current).then((text) => SALES_CSV_HEAD + (text ?? ""));
    current.ahead.catch(() => undefined);
    send({ type: "started" });
  } catch (error) {
    if (conn) await closed(conn);
    send({ type: "error", message: errorText(error), errno: errnoOf(error) });
  }
}

/** The next page of rows as text; null when the period has no more. */
async function nextChunk(e: Export): Promise<string | null> {
  const c = e.cursor;
  if (!c) return null;
  // After (paidAt, id) of the last row: a later time, or the same time and a higher id.
  const rows: SalesRow[] = await e.conn.query(SALES_CSV_PAGE_SQL, [
    e.job.restaurantId,
    c.paidAt,
    new Date(e.job.end),
    c.paidAt,
    c.id,
    SALES_CSV_CHUNK_ROWS,
  ]);
  const last = rows.at(-1);
  e.cursor = rows.length === SALES_CSV_CHUNK_ROWS && last ? { paidAt: last.paidAt, id: Number(last.id) } : null;
  if (rows.length === 0) return null;
  let out = "";
  for (const r of rows) out += salesCsvRow(r, e.local);
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
      const last = e.gz ? await e.gz.end() : undefined;
      if (e.cancelled) return;
      current = null;
      // The lock is released before the end is told, so the owner may start again at once.
      await e.conn
        .query("SELECT RELEASE_LOCK(?)", [e.lockName])
        .then(() => e.conn.end())
        .catch(() => e.conn.destroy());
      send({ type: "end", latin1: last });
      return;
    }
    // Made ahead while the response writes this one (at most one chunk waits here).
    e.ahead = nextChunk(e);
    // Swallowed here, seen by the next pull.
    e.ahead.catch(() => undefined);
    if (e.gz) {
      const latin1 = await e.gz.chunk(text);
      if (e.cancelled) return;
      send({ type: "chunk", latin1 });
    } else {
      const bytes = encoder.encode(text);
      send({ type: "chunk", bytes }, [bytes.buffer as ArrayBuffer]);
    }
  } catch (error) {
    if (e.cancelled) return;
    current = null;
    e.gz?.close();
    await closed(e.conn, e.ahead);
    send({ type: "error", message: errorText(error), errno: errnoOf(error) });
  }
}

async function cancel() {
  const e = current;
  current = null;
  if (e) {
    e.cancelled = true;
    e.gz?.close();
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
