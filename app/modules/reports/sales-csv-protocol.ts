// Messages between the app's thread (sales-export.server.ts) and the sales CSV's worker thread.
import type { DatabaseSettings } from "~/utils/database-url";

export interface SalesCsvJob {
  settings: DatabaseSettings;
  /** The restaurant's heavy-work lock (utils/heavy-lock.ts), taken on the worker's connection. */
  lockName: string;
  restaurantId: number;
  /** The period [start, end) in ms. */
  start: number;
  end: number;
  timeZone: string;
  /**
   * The worker compresses the file (gzip, the response's Content-Encoding) and sends it as
   * strings of the compressed bytes, one byte per character (decision 097); else it sends the
   * file's bytes as transferred ArrayBuffers.
   */
  gzip: boolean;
}

export type ToSalesCsvWorker = { type: "start"; job: SalesCsvJob } | { type: "pull" } | { type: "cancel" };

/** After busy, end, error and idle the worker's connection is closed and it takes the next export. */
export type FromSalesCsvWorker =
  /** The lock is held and the query sent: the export runs. */
  | { type: "started" }
  /** Another job of the restaurant holds the lock: nothing was read. */
  | { type: "busy" }
  /** The next bytes of the file: `bytes`, or with gzip `latin1` (compressed bytes as one-byte characters). */
  | { type: "chunk"; bytes?: Uint8Array; latin1?: string }
  /** The file is whole; with gzip, `latin1` is the compressed stream's last bytes. */
  | { type: "end"; latin1?: string }
  /** errno: the driver's or the server's error number, so a busy or absent database is a 503 here too. */
  | { type: "error"; message: string; errno?: number }
  /** The answer to a cancel. */
  | { type: "idle" };

export const isFinal = (message: FromSalesCsvWorker) => message.type !== "started" && message.type !== "chunk";
