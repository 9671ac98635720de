import { Prisma } from "~/generated/prisma/client";

/**
 * A unique-key violation whose field or index name contains `name`: from the
 * model API (P2002), from a raw query (P2010, where the driver adapter
 * reports a UniqueConstraintViolation and names the index) or from the bare driver (errno 1062).
 */
export function isUniqueViolation(error: unknown, name: string): boolean {
  // The bare driver's (a write on driverTransaction): ER_DUP_ENTRY, the index named in its message.
  if (error instanceof Error && (error as { errno?: unknown }).errno === 1062) return error.message.includes(name);
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const meta = JSON.stringify(error.meta ?? {});
  if (error.code === "P2002") return meta.includes(name);
  return error.code === "P2010" && meta.includes("UniqueConstraintViolation") && meta.includes(name);
}

/**
 * Prisma's codes for a database that is there but cannot answer in time, or not there at all:
 * P1001/P1002 cannot reach it, P1008 timed out, P1017 closed the connection, P2024 no connection
 * from the pool in time, P2028 a transaction that could not start or outlived its time, P2034 a
 * write conflict or deadlock, P2037 too many connections.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2034", "P2037"]);

/** The driver adapter's error kinds that mean the same (they become the codes above, or arrive raw). */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "SocketTimeout",
  "ConnectionClosed",
  "TransactionWriteConflict",
  "TooManyConnections",
]);

/**
 * MariaDB/MySQL error numbers, which Prisma 7 passes on inside P2010 (raw queries) and P2039 (the
 * model API, transactions): 1205 lock wait timeout, 1213 deadlock, 1969 max_statement_time reached
 * (MySQL's 3024), 1040/1203 too many connections, 1053 server shutting down, 2002/2003/2006/2013 the
 * server gone; and the mariadb driver's own: 45028 no connection from the pool in time
 * (ER_GET_CONNECTION_TIMEOUT), 45026 socket timeout, 45012 connect timeout, 45042 ping timeout,
 * 45001/45009/45013/45019 a connection that closed or failed under a command, 45061 pool empty.
 */
const MYSQL_CODES = new Set([
  1040, 1053, 1203, 1205, 1213, 1969, 2002, 2003, 2006, 2013, 3024, 45001, 45009, 45012, 45013, 45019, 45026, 45028, 45042, 45061,
]);

interface AdapterCause {
  kind?: unknown;
  code?: unknown;
  originalCode?: unknown;
}

function adapterCauseOf(error: unknown): AdapterCause | undefined {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    const adapterError = (error.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined)?.driverAdapterError;
    return adapterError?.cause;
  }
  // A DriverAdapterError that reached us without Prisma's wrapping.
  if (error instanceof Error && error.name === "DriverAdapterError" && typeof (error as { cause?: unknown }).cause === "object") {
    return (error as { cause: AdapterCause }).cause;
  }
  return undefined;
}

function mysqlCodeOf(cause: AdapterCause | undefined, error: unknown): number | undefined {
  const raw = cause?.originalCode ?? cause?.code ?? (error as { errno?: unknown } | null)?.errno;
  const code = typeof raw === "string" ? Number(raw) : raw;
  return typeof code === "number" && Number.isInteger(code) ? code : undefined;
}

/**
 * The database cannot answer in time: too busy (no connection or transaction in time, a lock wait
 * or deadlock, the statement time limit) or away (stopped, frozen, unreachable). Not a bug and not
 * the client's fault: the answer is 503 with Retry-After, which the offline queue retries.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && PRISMA_CODES.has(error.code)) return true;
  const cause = adapterCauseOf(error);
  if (typeof cause?.kind === "string" && ADAPTER_KINDS.has(cause.kind)) return true;
  const fromPrisma = error instanceof Prisma.PrismaClientKnownRequestError;
  // A bare driver error (errno) counts too: the mariadb pool's own, outside Prisma.
  const code = mysqlCodeOf(cause, fromPrisma || cause ? undefined : error);
  return code !== undefined && MYSQL_CODES.has(code);
}
