// The per-restaurant lock of the owner's heavy jobs (decision 090), without anything of the app
// server: the sales CSV's worker thread takes it on the connection it reads with.
import { createHash } from "node:crypto";
import type mariadb from "mariadb";

/**
 * The restaurant's lock name. GET_LOCK names are server-wide, not per database, so the database's
 * name is part of it (two Sofra databases on one server, the test databases, never block each
 * other); a long one is hashed to stay under MariaDB's 64 characters.
 */
export function heavyLockName(database: string, restaurantId: number): string {
  const db = database.length <= 32 ? database : createHash("sha256").update(database).digest("hex").slice(0, 32);
  return `sofra_heavy:${db}:${restaurantId}`;
}

/**
 * How long a heavy job waits for the restaurant's lock or a process slot before its 429: a job that
 * is just ending (its last bytes sent, its lock released a round trip later; a QR preview) is
 * waited for, one that runs on is not.
 */
export const HEAVY_WAIT_SECONDS = 2;

/**
 * Takes the restaurant's lock on `conn`, waiting up to HEAVY_WAIT_SECONDS: true when this
 * connection now holds it. It is held until RELEASE_LOCK or until the connection ends, whichever
 * comes first, so a process that dies mid-job frees it with its connections.
 */
export async function tryRestaurantLock(conn: mariadb.Connection, lockName: string): Promise<boolean> {
  const rows: { ok: number | bigint | null }[] = await conn.query("SELECT GET_LOCK(?, ?) AS ok", [lockName, HEAVY_WAIT_SECONDS]);
  return Number(rows[0]?.ok) === 1;
}
