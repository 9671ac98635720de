import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { toApiResult } from "./api.server";
import { isDatabaseBusy, isUniqueViolation } from "./db-errors";

const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError("x", { code, clientVersion: "7", meta });

/** As Prisma 7 wraps a driver error (the runtime's DriverAdapterError, kept in meta.driverAdapterError). */
function adapterError(cause: Record<string, unknown>) {
  const error = new Error("driver") as Error & { cause: unknown };
  error.name = "DriverAdapterError";
  error.cause = cause;
  return error;
}
const mysql = (code: number) => adapterError({ kind: "mysql", code, originalCode: String(code), originalMessage: "x" });

describe("a database too busy to answer, or away", () => {
  it("is a pool, transaction or lock timeout, a deadlock, the statement limit, or no server; not other errors", () => {
    for (const code of ["P1001", "P1008", "P1017", "P2024", "P2028", "P2034", "P2037"])
      expect(isDatabaseBusy(known(code)), code).toBe(true);
    // Prisma 7: a transaction's pool timeout (the model API) is P2039 with the driver's 45028 inside.
    for (const code of [45028, 1205, 1213, 1969, 45026, 45009]) {
      expect(isDatabaseBusy(known("P2039", { driverAdapterError: mysql(code) })), `P2039/${code}`).toBe(true);
      expect(isDatabaseBusy(known("P2010", { driverAdapterError: mysql(code) })), `P2010/${code}`).toBe(true);
    }
    expect(isDatabaseBusy(known("P2010", { driverAdapterError: { cause: { code: 45028, originalCode: "45028" } } }))).toBe(true);
    expect(isDatabaseBusy(known("P2034", { driverAdapterError: adapterError({ kind: "TransactionWriteConflict" }) }))).toBe(true);
    expect(isDatabaseBusy(adapterError({ kind: "DatabaseNotReachable", host: "db" }))).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error("pool timeout"), { errno: 45028, sqlState: "HY000", sqlMessage: "x" }))).toBe(true);

    expect(isDatabaseBusy(known("P2010", { driverAdapterError: mysql(1062) }))).toBe(false);
    expect(isDatabaseBusy(known("P2039", { driverAdapterError: mysql(1064) }))).toBe(false);
    expect(isDatabaseBusy(known("P2002"))).toBe(false);
    expect(isDatabaseBusy(new Error("P2028"))).toBe(false);
    expect(isDatabaseBusy(Object.assign(new Error("EPIPE"), { errno: 32 }))).toBe(false);
  });

  it("answers 503 with Retry-After and a Turkish message, which the offline queue retries", () => {
    for (const error of [known("P2028"), known("P2039", { driverAdapterError: mysql(45028) })]) {
      const result = toApiResult(error);
      expect(result.status).toBe(503);
      expect(result.headers).toEqual({ "Retry-After": "2" });
      expect(result.body).toEqual({ detail: "Sunucu şu anda çok yoğun. Lütfen birkaç saniye sonra tekrar deneyin." });
    }
  });
});

describe("isUniqueViolation on the bare driver", () => {
  const duplicate = (key: string) =>
    Object.assign(new Error(`(conn:1, no: 1062, SQLState: 23000) Duplicate entry '5-k' for key '${key}'`), {
      errno: 1062,
      code: "ER_DUP_ENTRY",
    });

  it("names the index of an ER_DUP_ENTRY", () => {
    expect(isUniqueViolation(duplicate("orders_restaurantId_clientOrderId_key"), "clientOrderId")).toBe(true);
    expect(isUniqueViolation(duplicate("orders_restaurantId_clientOrderId_key"), "editKey")).toBe(false);
  });

  it("is not another driver error", () => {
    expect(isUniqueViolation(Object.assign(new Error("Deadlock found"), { errno: 1213 }), "clientOrderId")).toBe(false);
  });
});
