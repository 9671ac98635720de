import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { connectionSql, prismaShaped } from "./driver-sql";

const column = (name: string, columnType: number) => ({ name: () => name, columnType });

describe("prismaShaped", () => {
  it("gives DECIMAL columns as Prisma.Decimal and leaves the others as the driver gave them", () => {
    const rows = Object.assign([{ price: "12.50", id: 3, n: 2n, at: new Date(0), note: null as string | null }], {
      meta: [column("price", 246), column("id", 3), column("n", 8), column("at", 12), column("note", 246)],
    });
    const [row] = prismaShaped<{ price: Prisma.Decimal; id: number; n: bigint; at: Date; note: null }[]>(rows);
    expect(Prisma.Decimal.isDecimal(row!.price)).toBe(true);
    expect(row!.price.toFixed(2)).toBe("12.50");
    expect(row).toMatchObject({ id: 3, n: 2n, at: new Date(0), note: null });
  });
});

describe("connectionSql", () => {
  it("sends the template's text with placeholders and its values, a Decimal as its exact text", async () => {
    const sent: { sql: string; values: unknown[] }[] = [];
    const sql = connectionSql({
      query: (async (options: { sql: string }, values: unknown[]) => {
        sent.push({ sql: options.sql, values });
        return Object.assign([], { meta: [] });
      }) as never,
    });
    await sql.$queryRaw`SELECT ${1} AS a, ${new Prisma.Decimal("0.10")} AS b, ${"x"} AS c`;
    expect(sent).toEqual([{ sql: "SELECT ? AS a, ? AS b, ? AS c", values: [1, "0.1", "x"] }]);
  });

  it("answers an execute with the affected rows", async () => {
    const sql = connectionSql({ query: (async () => ({ affectedRows: 3, insertId: 7n })) as never });
    expect(await sql.$executeRaw`UPDATE t SET a = ${1}`).toBe(3);
  });
});
