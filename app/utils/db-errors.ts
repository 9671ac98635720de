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
