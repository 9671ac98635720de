import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { toApiResult } from "./api.server";
import { isDatabaseBusy } from "./db-errors";

const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError("x", { code, clientVersion: "7", meta });

describe("a database too busy to answer", () => {
  it("is a transaction that could not start, or the pool's timeout; not other errors", () => {
    expect(isDatabaseBusy(known("P2028"))).toBe(true);
    expect(isDatabaseBusy(known("P2010", { driverAdapterError: { cause: { code: 45028, originalCode: "45028" } } }))).toBe(true);
    expect(isDatabaseBusy(known("P2010", { driverAdapterError: { cause: { code: 1062 } } }))).toBe(false);
    expect(isDatabaseBusy(known("P2002"))).toBe(false);
    expect(isDatabaseBusy(new Error("P2028"))).toBe(false);
  });

  it("answers 503 with Retry-After and a Turkish message, which the offline queue retries", () => {
    const result = toApiResult(known("P2028"));
    expect(result.status).toBe(503);
    expect(result.headers).toEqual({ "Retry-After": "2" });
    expect(result.body).toEqual({ detail: "Sunucu şu anda çok yoğun. Lütfen birkaç saniye sonra tekrar deneyin." });
  });
});
