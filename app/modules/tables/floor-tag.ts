// The table poll's ETag (decision 091), apart from the query so that it is tested alone.
import { createHash } from "node:crypto";

export interface FloorVersion {
  restaurantId: number;
  /** The restaurant's live-event sequence (0 before its first event). */
  version: number | string | bigint;
  /** The reservations due within the hour, as the poll's query reads them (JSON text or null). */
  upcoming: unknown;
}

/**
 * The floor's version, as the poll's ETag (decision 091): every change a floor shows (orders,
 * payments, table status and layout, carts, kitchen "ready", reservations) records a live event
 * in its transaction, which bumps the restaurant's sequence; the reservations due within the hour
 * enter and leave that window as time passes, so what they are is part of the tag; and the tag
 * moves on every minute anyway (a minute offset per restaurant, so the phones of all restaurants
 * do not reload at once), so a change that some future write forgets to announce shows within a
 * minute rather than never.
 */
export function floorTag(row: FloorVersion, now: Date): string {
  const minute = Math.floor((now.getTime() + (row.restaurantId % 60) * 1_000) / 60_000);
  const upcoming = row.upcoming == null ? "" : typeof row.upcoming === "string" ? row.upcoming : JSON.stringify(row.upcoming);
  const reservations = upcoming ? createHash("sha1").update(upcoming).digest("base64url").slice(0, 10) : "0";
  return `W/"t${POLL_FORMAT}.${row.restaurantId}.${String(row.version)}.${minute.toString(36)}.${reservations}"`;
}

/** Changes when the poll's answer changes shape (a deploy): the phones' tags are then all stale. */
const POLL_FORMAT = 1;
