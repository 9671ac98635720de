import { Prisma } from "~/generated/prisma/client";

/**
 * A unique-key violation whose field or index name contains `name`: from the
 * model API (P2002) or from a raw query (P2010, where the driver adapter
 * reports a UniqueConstraintViolation and names the index).
 */
export function isUniqueViolation(error: unknown, name: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const meta = JSON.stringify(error.meta ?? {});
  if (error.code === "P2002") return meta.includes(name);
  return error.code === "P2010" && meta.includes("UniqueConstraintViolation") && meta.includes(name);
}

/**
 * The database is too busy to answer in time: a transaction that could not start (P2028) or a
 * connection the pool could not give within its timeout (MariaDB's 45028). Not a bug and not the
 * client's fault: the answer is 503 with Retry-After, which the offline queue retries.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2028") return true;
  return error.code === "P2010" && JSON.stringify(error.meta ?? {}).includes("45028");
}
